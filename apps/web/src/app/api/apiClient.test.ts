import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerSummary, type Session } from '@overtone/contract';
import i18n from '../i18n';
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
    fetchMock.mockResolvedValue(json(200, { _id: 'c1', name: 'Demo', logo: null, preferedLanguage: 'tr' }));
    const r = await apiRequest('/customer/demo/summary', { schema: customerSummary, query: { a: 1, b: undefined, c: '' } });
    expect(r.name).toBe('Demo');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/customer/demo/summary?a=1');
    expect(init.headers).toMatchObject({ token: 'tok-123', language: 'de' });
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
          { msg: 'Please click the checkbox in reCaptcha', param: 'reCaptcha' },
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

  it('401: removes the stored user and goes to login with the current location as returnUrl', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(apiRequest('/tree')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledWith('/measurement/abc?tab=x');
    expect(notifyError).not.toHaveBeenCalled();
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
