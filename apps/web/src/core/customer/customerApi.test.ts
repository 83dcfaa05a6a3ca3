import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY, ENDPOINTS, LANGUAGES } from '@overtone/contract';
import { configureApiClient } from '../api/apiClient';
import { endpointQueryKey } from '../api/endpointQuery';
import { invalidatedKeys } from '../api/queryCacheTestKit';
import { logout } from '../logout';
import { sessionStore } from '../session';
import { mockApi } from '../../app/testing/mockApi';
import { TEST_SESSION } from '../../app/testing/renderApp';
import { customerQueryKey, fetchCustomer, reloadCustomer } from './customerApi';

const POLICY = { ...DEFAULT_PASSWORD_POLICY, minCharacter: 12, requiresSpecialCharacters: true };
const SUMMARY = { _id: 'c1', name: 'Acme', logo: null, preferedLanguage: 'de', languages: ['de', 'en'], passwordPolicy: POLICY };
const FULL = {
  _id: 'c1',
  name: 'Acme',
  preferences: {
    logo: '/api/customer/acme.example/logo',
    passwordPolicy: POLICY,
    localization: { dateFormat: 'YYYY-MM-DD HH:mm:ss', preferedLanguage: 'de', timeZone: 'GMT+1' },
    defaultTelemetry: 'GRMS',
  },
};

const notifyError = vi.fn();
const redirectToLogin = vi.fn();
beforeEach(() => {
  notifyError.mockReset();
  redirectToLogin.mockReset();
  configureApiClient({ notifyError, redirectToLogin });
  window.history.pushState({}, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('fetchCustomer (spec 000 §2: full record, summary as fallback)', () => {
  it('with a session: the full record, all six languages', async () => {
    sessionStore.set(TEST_SESSION);
    const calls = mockApi({ 'GET /customer/acme.example': [200, FULL] });
    const c = await fetchCustomer('acme.example');
    expect(c).toMatchObject({
      id: 'c1',
      name: 'Acme',
      complete: true,
      dateFormat: 'YYYY-MM-DD HH:mm:ss',
      timeZone: 'GMT+1',
      passwordPolicy: POLICY,
    });
    expect(c.languages).toEqual([...LANGUAGES]);
    expect(calls.map((x) => x.path)).toEqual(['/customer/acme.example']);
  });

  it('falls back to the summary (policy and languages) when the full record is refused, without leaving the page', async () => {
    sessionStore.set(TEST_SESSION);
    const calls = mockApi({
      'GET /customer/acme.example': [401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }],
      'GET /customer/acme.example/summary': [200, SUMMARY],
    });
    const c = await fetchCustomer('acme.example');
    expect(c).toMatchObject({ complete: false, languages: ['de', 'en'], passwordPolicy: POLICY, preferedLanguage: 'de' });
    // The summary has no time zone: a new customer's (the contract default).
    expect(c.timeZone).toBe('GMT+3');
    expect(calls.map((x) => x.path)).toEqual(['/customer/acme.example', '/customer/acme.example/summary']);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('without a token asks for the summary directly', async () => {
    const calls = mockApi({ 'GET /customer/acme.example/summary': [200, SUMMARY] });
    expect((await fetchCustomer('acme.example')).name).toBe('Acme');
    expect(calls.map((x) => x.path)).toEqual(['/customer/acme.example/summary']);
  });

  it('rejects when neither answers (an unknown host)', async () => {
    mockApi({ 'GET /customer/*/summary': [404, { message: 'Customer not found', code: 'CUSTOMER_NOT_FOUND' }] });
    await expect(fetchCustomer('nobody.example')).rejects.toMatchObject({ status: 404 });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('the customer in the cache', () => {
  const host = window.location.hostname;
  /** The preferences tab's full record (features/admin/customerRecord.ts). */
  const recordKey = endpointQueryKey(ENDPOINTS.getCustomerByHost, { params: { host } });
  const otherKey = endpointQueryKey(ENDPOINTS.listUsers, {});
  const seeded = () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    [customerQueryKey(), recordKey, otherKey].forEach((k, i) => client.setQueryData(k, i));
    return client;
  };

  it('keys the customer apart from the full record it is read from', () => {
    expect(customerQueryKey()).not.toEqual(recordKey);
  });

  it('reloadCustomer reloads the customer and the full record, nothing else', async () => {
    const client = seeded();
    await reloadCustomer(client);
    expect(invalidatedKeys(client)).toEqual([customerQueryKey(), recordKey]);
  });

  it('logout keeps only the customer and the full record, to be loaded again', () => {
    mockApi({ 'POST /auth/logout': [200, { ok: true }] });
    const client = seeded();
    logout(client);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([customerQueryKey(), recordKey]);
    expect(invalidatedKeys(client)).toEqual([customerQueryKey(), recordKey]);
  });
});
