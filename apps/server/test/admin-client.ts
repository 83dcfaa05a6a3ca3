import type { Endpoint } from '@overtone/contract';
import { api, login, request, startTestServer } from './support/test-server.ts';
import { callApi, type TestCall } from './support/endpoint-client.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { createSecondTenant } from './support/second-tenant.ts';
import { demoCustomerId } from './support/users.ts';
import { translate } from '../src/infra/i18n.ts';

/** Helpers of the admin-area API tests (users, roles, preferences, telemetry definitions, gateways, permissions). */
type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * An API call as one caller: `path` below /api; answers the status and the parsed body. A request
 * the contract would refuse (a validation test) is made this way, with its path; any other goes
 * through `endpoint`: the contract's entry, its params, query and body typed (support/endpoint-client.ts).
 */
export interface Call {
  <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    body: T;
  }>;
  /** The operation `e` of the endpoint table, as this caller (its token and host). */
  endpoint<E extends Endpoint>(e: E, call?: Omit<TestCall<E>, 'host'>): ReturnType<typeof callApi<E>>;
}

/** The demo customer's host (tests reach the server on 127.0.0.1). */
export const DEMO_HOST = '127.0.0.1';

/**
 * A caller bound to a session token and a host (the Host header names the customer; default the
 * demo's). Messages come in English. A Buffer body is sent raw (give its `content-type` in `headers`).
 */
export function caller(server: Server, token: string | null, host?: string): Call {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    if (!Buffer.isBuffer(body)) return api(server.url, token, method, path, body, { host, headers });
    const res = await request(`${server.url}/api${path}`, method, {
      host,
      headers: { language: 'en', ...(token ? { token } : {}), ...headers },
      body,
    });
    return { status: res.status, body: (res.text ? JSON.parse(res.text) : null) as never };
  };
  return Object.assign(call, {
    endpoint: <E extends Endpoint>(e: E, c: Omit<TestCall<E>, 'host'> = {}) => callApi(server.url, token, e, { ...c, host }),
  }) as Call;
}

/** Logs in on a host (default the demo's) and returns the token; the user must have the second step off. */
export const loginOn = (server: Server, email: string, password: string, host?: string) =>
  login(server.url, email, password, { host });

/** Lets a user created by an admin act: otherwise they must set their own password first. */
export const passwordChosen = (server: Server, userId: string) =>
  server.ctx.db.updateTable('users').set({ password_changed: true }).where('id', '=', userId).execute();

/** Upper-case letters for a counter (role names keep letters only on create): 0 → A, 25 → Z, 26 → AA. */
export const letters = (n: number): string =>
  (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(65 + (n % 26));

/** The English text the server answers for a contract validation message key (`requirename` …). */
export const validationText = (key: string) => translate('en', 'validation', key);

/**
 * A test server with the demo customer and a second one (`other.test`, see createSecondTenant):
 * `call` acts as the demo admin, `other` as the second customer's admin; their customer ids.
 */
export async function startTwoTenants() {
  const server = await startTestServer();
  const call = caller(server, await loginOn(server, 'admin@demo.local', TEST_PASSWORD));
  const tenant = await createSecondTenant(server);
  const other = caller(server, await loginOn(server, tenant.email, tenant.password, tenant.domain), tenant.domain);
  return { server, call, other, demoId: await demoCustomerId(server), otherId: tenant.customerId };
}
