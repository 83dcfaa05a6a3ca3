import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Session } from '@overtone/contract';
import { api, login, solveCaptcha, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { demoCustomerId } from './support/users.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let other: Awaited<ReturnType<typeof createSecondTenant>>;
let demoToken: string;
let otherToken: string;
const onOther = { host: OTHER_HOST };
/** The error answer of a call (the entry types its 200 answer only). */

beforeAll(async () => {
  server = await startTestServer();
  other = await createSecondTenant(server);
  demoToken = await login(server.url);
  otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
});
afterAll(async () => server?.close());

describe('the customer comes from the request host only', () => {
  it('answers 404 CUSTOMER_NOT_FOUND on every API route for a host no customer serves, except /api/health', async () => {
    const opts = { host: 'nobody.example' };
    for (const p of ['/auth/captcha', '/tree', '/customer/nobody.example/summary', '/me', '/no-such-route']) {
      const res = await api<{ code: string; message: string }>(server.url, null, 'GET', p, undefined, opts);
      expect(res.status, p).toBe(404);
      expect(res.body.code, p).toBe('CUSTOMER_NOT_FOUND');
      expect(res.body.message).toBe('Customer not found');
    }
    const login = await callApi(server.url, null, ENDPOINTS.login, {
      body: { email: 'a@b.c', password: 'x', reCaptcha: 'x' },
      ...opts,
    });
    expect(login.status).toBe(404);
    expect((await callApi(server.url, null, ENDPOINTS.getHealth, opts)).status).toBe(200);
  });

  it('matches the host case-insensitively and without its port', async () => {
    const res = await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, {
      params: { host: OTHER_HOST },
      host: 'OTHER.Test:4321',
    });
    expect(res).toMatchObject({ status: 200, body: { name: 'Other Plant' } });
  });

  it('runs two customers side by side: each sees its own tree only', async () => {
    const demoTree = await callApi(server.url, demoToken, ENDPOINTS.getTree);
    expect(demoTree.body.map((n) => n.name)).toContain('Demo Plant');
    const otherTree = await callApi(server.url, otherToken, ENDPOINTS.getTree, onOther);
    expect(otherTree).toMatchObject({ status: 200, body: [] });
  });

  it("refuses a token on another customer's host (401 both ways)", async () => {
    const a = await callApi(server.url, otherToken, ENDPOINTS.getTree);
    expect(a.status).toBe(401);
    expect(failureOf(a).code).toBe('UNAUTHORIZED');
    expect((await callApi(server.url, demoToken, ENDPOINTS.getTree, onOther)).status).toBe(401);
    expect((await callApi(server.url, demoToken, ENDPOINTS.getMe, onOther)).status).toBe(401);
  });

  it('ignores the body `domain` of the login: the host decides', async () => {
    // Demo credentials with the other customer's domain, on the demo host: the demo customer.
    const ok = await callApi(server.url, null, ENDPOINTS.login, {
      body: {
        domain: OTHER_HOST,
        email: 'admin@demo.local',
        password: TEST_PASSWORD,
        reCaptcha: await solveCaptcha(server.url),
      },
    });
    expect(ok.status).toBe(200);
    expect((await callApi(server.url, (ok.body as Session).token, ENDPOINTS.getTree)).status).toBe(200);
    // The other customer's credentials with its domain, on the demo host: unknown here.
    const refused = await callApi(server.url, null, ENDPOINTS.login, {
      body: {
        domain: OTHER_HOST,
        email: other.email,
        password: other.password,
        reCaptcha: await solveCaptcha(server.url),
      },
    });
    expect(refused.status).toBe(401);
    expect(failureOf(refused).code).toBe('WRONG_CREDENTIALS');
  });

  it('ignores forwarded-host and tenant headers without TRUST_PROXY', async () => {
    const res = await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, {
      params: { host: 'localhost' },
      headers: { 'x-forwarded-host': OTHER_HOST, 'x-customer': other.customerId, domain: OTHER_HOST },
    });
    expect(res.body.name).toBe('Demo Plant');
  });

  it('treats a disabled customer as unknown, and its sessions end with it', async () => {
    const db = server.ctx.db;
    await db.updateTable('customers').set({ disabled: true }).where('id', '=', other.customerId).execute();
    try {
      const res = await callApi(server.url, otherToken, ENDPOINTS.getTree, onOther);
      expect(res.status).toBe(404);
      expect(failureOf(res).code).toBe('CUSTOMER_NOT_FOUND');
    } finally {
      await db.updateTable('customers').set({ disabled: false }).where('id', '=', other.customerId).execute();
    }
    expect((await callApi(server.url, otherToken, ENDPOINTS.getTree, onOther)).status).toBe(200);
  });
});

describe('customer lookups (spec 000 §2: full record, then the summary)', () => {
  it('answers the full record to a session of that customer only', async () => {
    expect((await callApi(server.url, null, ENDPOINTS.getCustomerByHost, { params: { host: 'localhost' } })).status).toBe(401);
    const full = await callApi(server.url, demoToken, ENDPOINTS.getCustomerByHost, { params: { host: '127.0.0.1' } });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ _id: await demoCustomerId(server), name: 'Demo Plant' });
    expect(full.body.preferences.passwordPolicy).toMatchObject({ minCharacter: 8 });
    const theirs = await callApi(server.url, otherToken, ENDPOINTS.getCustomerByHost, {
      params: { host: OTHER_HOST },
      ...onOther,
    });
    expect(theirs.body.name).toBe('Other Plant');
  });

  it("answers 404 for a host that is not the request host's customer, even with a session", async () => {
    expect((await callApi(server.url, demoToken, ENDPOINTS.getCustomerByHost, { params: { host: OTHER_HOST } })).status).toBe(
      404,
    );
    expect((await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, { params: { host: OTHER_HOST } })).status).toBe(
      404,
    );
    expect(
      (await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, { params: { host: 'localhost' }, ...onOther })).status,
    ).toBe(404);
  });

  it('answers the public summary: name, logo, languages and password policy', async () => {
    const s = await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, { params: { host: OTHER_HOST }, ...onOther });
    expect(s.body).toEqual({
      _id: other.customerId,
      name: 'Other Plant',
      logo: null,
      preferedLanguage: 'tr',
      languages: ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw'],
      passwordPolicy: {
        minCharacter: 8,
        requiresUpperCaseLetters: true,
        requiresLowerCaseLetters: true,
        requiresNumbers: true,
        requiresSpecialCharacters: false,
      },
    });
  });

  it("serves each customer's logo from object storage, publicly, only on its own hosts", async () => {
    expect(
      (await callApi(server.url, null, ENDPOINTS.getCustomerLogo, { params: { host: OTHER_HOST }, ...onOther })).status,
    ).toBe(404);
    // A 1×1 PNG (the route serves the stored bytes; PUT /preferences/logo makes them).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await server.ctx.storage.put(`logos/${other.customerId}.png`, png, 'image/png');
    const res = await callApi(server.url, null, ENDPOINTS.getCustomerLogo, {
      params: { host: OTHER_HOST },
      query: { v: 'abc' },
      ...onOther,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe(png.length);
    // The demo host cannot read it, and the demo customer has no logo.
    expect((await callApi(server.url, null, ENDPOINTS.getCustomerLogo, { params: { host: OTHER_HOST } })).status).toBe(404);
    expect((await callApi(server.url, null, ENDPOINTS.getCustomerLogo, { params: { host: 'localhost' } })).status).toBe(404);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the host from X-Forwarded-Host only when the proxy is trusted', async () => {
    const proxied = await startTestServer({ trustProxy: true });
    try {
      await createSecondTenant(proxied);
      const res = await callApi(proxied.url, null, ENDPOINTS.getCustomerSummaryByHost, {
        params: { host: OTHER_HOST },
        headers: { 'x-forwarded-host': OTHER_HOST },
      });
      expect(res).toMatchObject({ status: 200, body: { name: 'Other Plant' } });
    } finally {
      await proxied.close();
    }
  });
});
