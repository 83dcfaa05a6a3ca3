import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerSummary, type Session } from '@overtone/contract';
import i18n, { chooseLanguage, languageStore } from '../i18n';
import { sessionStore } from '../session';
import { apiRequest, buildUrl, configureApiClient } from './apiClient';
import { ApiError } from './ApiError';

const session: Session = {
  token: 'tok-123',
  permissions: ['readMeasurement'],
  passwordChanged: true,
  userId: '65f0c0ffee0000000000abcd',
  name: 'Ada',
  surname: 'Lovelace',
  role: 'admin',
  userGuidingShown: true,
  mfa_id: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const notifyError = vi.fn();
const redirectToLogin = vi.fn();

beforeEach(async () => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  notifyError.mockReset();
  redirectToLogin.mockReset();
  configureApiClient({ notifyError, redirectToLogin });
  sessionStore.set(session);
  window.history.pushState({}, '', '/measurement/abc?tab=x');
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiRequest', () => {
  it('sends the token and language headers, builds the query and parses with the schema', async () => {
    await i18n.changeLanguage('de');
    fetchMock.mockResolvedValue(
      json(200, {
        _id: 'c1',
        name: 'Demo',
        logo: null,
        preferedLanguage: 'tr',
        languages: ['tr', 'en'],
        passwordPolicy: {
          minCharacter: 8,
          requiresUpperCaseLetters: true,
          requiresLowerCaseLetters: true,
          requiresNumbers: true,
          requiresSpecialCharacters: false,
        },
      }),
    );
    const r = await apiRequest('/customer/demo/summary', { schema: customerSummary, query: { a: 1, b: undefined, c: '' } });
    expect(r.name).toBe('Demo');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/customer/demo/summary?a=1');
    expect(init.headers).toMatchObject({ token: 'tok-123', language: 'de' });
  });

  it('sends the language the user chose on every later request, and remembers it', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    await apiRequest('/a');
    chooseLanguage('ru');
    await apiRequest('/b');
    await apiRequest('/c', { method: 'POST', body: {} });
    chooseLanguage('zh-tw');
    await apiRequest('/d');
    const sent = fetchMock.mock.calls.map((c) => ((c[1] as RequestInit).headers as Record<string, string>).language);
    expect(sent).toEqual(['en', 'ru', 'ru', 'zh-tw']);
    expect(languageStore.get()).toBe('zh-tw');
  });

  it('sends no token header when nobody is logged in', async () => {
    sessionStore.clear();
    fetchMock.mockResolvedValue(json(200, {}));
    await apiRequest('/customer/demo/summary');
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).not.toHaveProperty('token');
  });

  it('prefers the token of the query string', async () => {
    window.history.pushState({}, '', '/measurement/abc?token=shared-link');
    fetchMock.mockResolvedValue(json(200, {}));
    await apiRequest('/x');
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toMatchObject({ token: 'shared-link' });
  });

  it('400: shows each errors[].msg as a toast, translating catalogue messages', async () => {
    await i18n.changeLanguage('de');
    fetchMock.mockResolvedValue(
      json(400, {
        errors: [
          { msg: 'name is required', param: 'name' },
          { msg: 'Please tick the verification checkbox', param: 'reCaptcha' },
        ],
      }),
    );
    const err = await apiRequest('/auth/customer', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldErrors).toHaveLength(2);
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual([
      'name is required',
      'Bitte klicken Sie auf das Kontrollkästchen der Sicherheitsprüfung',
    ]);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('400: translates message keys of the contract through the errors namespace, literally', async () => {
    await i18n.changeLanguage('de');
    fetchMock.mockResolvedValue(
      json(400, {
        errors: [
          { msg: 'requirename', param: 'name' },
          { msg: 'mfaCodeFormat', param: 'code' },
          { msg: 'Bitte geben Sie den Vornamen ein', param: 'name' },
          { msg: 'errors:INTERNAL', param: 'x' },
          { msg: 'a.b: not a key', param: 'y' },
        ],
      }),
    );
    await expect(apiRequest('/users', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400 });
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual([
      'Bitte geben Sie den Vornamen ein',
      'Bitte geben Sie den 6-stelligen Code ein',
      'Bitte geben Sie den Vornamen ein',
      'errors:INTERNAL',
      'a.b: not a key',
    ]);
  });

  it('401: removes the stored user and goes to login with the current location as returnUrl', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(apiRequest('/tree')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledWith('/measurement/abc?tab=x');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('401: leaves a refused token out of the returnUrl', async () => {
    window.history.pushState({}, '', '/forgotpassword?token=old-link&x=1#h');
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(apiRequest('/me/password', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(redirectToLogin).toHaveBeenCalledWith('/forgotpassword?x=1#h');
  });

  it('401 with redirectOnUnauthorized false: keeps the user and the page, shows the message unless silent', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' })));
    await expect(apiRequest('/me', { redirectOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/me', { redirectOnUnauthorized: false, silent: true })).rejects.toMatchObject({ status: 401 });
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(sessionStore.get()).not.toBeNull();
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['Your session has ended, please log in again']);
  });

  it('401 on the second-factor page: shows the server message (a wrong code), no redirect', async () => {
    window.history.pushState({}, '', '/verify-mfa/abc?returnUrl=%2Fadmin');
    fetchMock.mockResolvedValue(json(401, { message: 'Der Code ist falsch (noch 3 Versuche)', code: 'SOMETHING_SPECIFIC' }));
    await expect(apiRequest('/auth/customer/verify-mfa', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith('Der Code ist falsch (noch 3 Versuche)');
  });

  it("keeps the answer body on the error (a failed login's wrongPassword)", async () => {
    window.history.pushState({}, '', '/login');
    fetchMock.mockResolvedValue(
      json(401, { message: 'Email or password is incorrect', code: 'WRONG_CREDENTIALS', wrongPassword: true }),
    );
    const err = (await apiRequest('/auth/customer', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.body).toMatchObject({ wrongPassword: true });
  });

  it("429: shows the answer's message", async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, { message: 'Too many failed attempts, please try again later', code: 'TOO_MANY_ATTEMPTS' }),
    );
    fetchMock.mockResolvedValueOnce(json(429, { message: 'Slow down' }));
    await expect(apiRequest('/auth/customer', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 429 });
    await expect(apiRequest('/auth/customer', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 429 });
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['Too many failed attempts, please try again later', 'Slow down']);
  });

  it('401 on the login page: shows the message instead of redirecting', async () => {
    window.history.pushState({}, '', '/login?returnUrl=%2F');
    fetchMock.mockResolvedValue(json(401, { message: 'Email or password is incorrect', code: 'WRONG_CREDENTIALS' }));
    await expect(apiRequest('/auth/customer', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'WRONG_CREDENTIALS',
    });
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith('Email or password is incorrect');
    expect(sessionStore.get()).not.toBeNull();
  });

  it('other 4xx: shows the translated message of a known code, else the server message', async () => {
    await i18n.changeLanguage('tr');
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Measurement not found', code: 'MEASUREMENT_NOT_FOUND' }));
    await expect(apiRequest('/measurement/x')).rejects.toMatchObject({ status: 404, message: 'Ölçüm bulunamadı' });
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Gateway is busy', code: 'SOMETHING_NEW' }));
    await expect(apiRequest('/iot/p/measure', { method: 'POST' })).rejects.toMatchObject({
      status: 409,
      message: 'Gateway is busy',
    });
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['Ölçüm bulunamadı', 'Gateway is busy']);
  });

  it('403: shows nothing', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'Access Denied', code: 'FORBIDDEN' }));
    await expect(apiRequest('/measurement/x')).rejects.toMatchObject({ status: 403 });
    expect(notifyError).not.toHaveBeenCalled();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('5xx and network failures: a translated generic message, never the server text', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: 'TypeError: cannot read x of undefined at db.ts:12' }));
    await expect(apiRequest('/tree')).rejects.toMatchObject({ status: 500 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/tree')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['An error has occurred', 'An error has occurred']);
  });

  it('silent: throws without a toast', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'Customer not found', code: 'CUSTOMER_NOT_FOUND' }));
    await expect(apiRequest('/customer/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { name: 42 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiRequest('/customer/x/summary', { schema: customerSummary })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(notifyError).toHaveBeenCalledWith('An error has occurred');
  });
});

describe('buildUrl', () => {
  it('prefixes /api and drops empty query values', () => {
    expect(buildUrl('measurement', { page: 1, pageSize: 10, tags: null, favorite: false })).toBe(
      '/api/measurement?page=1&pageSize=10&favorite=false',
    );
  });
});
