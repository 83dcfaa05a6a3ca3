import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Session } from '@overtone/contract';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { solveCaptcha, startTestServer } from './support/test-server.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { ACCOUNT_MAX_FAILURES, IP_MAX_FAILURES, WINDOW_MS } from '../src/modules/auth/throttle.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let customerId: string;

beforeAll(async () => {
  server = await startTestServer();
  customerId = await demoCustomerId(server);
  await insertUser(server, { email: 'victim@demo.local', password: 'Victim-Password-1' });
  await insertUser(server, { email: 'bystander@demo.local', password: 'Bystander-Password-1' });
});
afterAll(async () => server?.close());

const attempt = async (email: string, password: string, language?: string) =>
  callApi(server.url, null, ENDPOINTS.login, {
    body: { email, password, reCaptcha: await solveCaptcha(server.url) },
    language,
  });

/** Moves every recorded attempt `ms` into the past (instead of waiting for the window). */
const age = (ms: number) =>
  server.ctx.db
    .updateTable('login_attempts')
    .set({ at: sql<Date>`at - ${ms} * interval '1 millisecond'` })
    .execute();

describe('failed logins are counted in the database and throttled', () => {
  it('answers a wrong password and an unknown e-mail identically, translated', async () => {
    const wrong = await attempt('victim@demo.local', 'not-it', 'de');
    const unknown = await attempt('ghost@demo.local', 'not-it', 'de');
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({
      status: 401,
      body: { message: 'E-Mail-Adresse oder Passwort ist falsch', code: 'WRONG_CREDENTIALS', wrongPassword: true },
    });
    const rows = await server.ctx.db.selectFrom('login_attempts').selectAll().where('customer_id', '=', customerId).execute();
    expect(rows.map((r) => [r.email, r.succeeded, r.kind, r.ip])).toEqual([
      ['victim@demo.local', false, 'password', '127.0.0.1'],
      ['ghost@demo.local', false, 'password', '127.0.0.1'],
    ]);
  });

  it(`refuses an account after ${ACCOUNT_MAX_FAILURES} failures in 15 minutes with 429 and Retry-After, even with the right password`, async () => {
    for (let i = 1; i < ACCOUNT_MAX_FAILURES; i++) expect((await attempt('victim@demo.local', `wrong-${i}`)).status).toBe(401);
    const blocked = await attempt('victim@demo.local', 'Victim-Password-1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed attempts, please try again later',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_MS / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    // An unknown e-mail is throttled the same way (no account enumeration through 429).
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await attempt('ghost@demo.local', 'nope');
    expect((await attempt('ghost@demo.local', 'nope')).status).toBe(429);
    // Other accounts are not affected.
    expect((await attempt('bystander@demo.local', 'Bystander-Password-1')).status).toBe(200);
  });

  it('lets the account in again once its failures are older than the window', async () => {
    await age(WINDOW_MS + 1000);
    const res = await attempt('victim@demo.local', 'Victim-Password-1');
    expect(res.status).toBe(200);
    expect((res.body as Session).token).toBeTruthy();
  });

  it(`refuses an address after ${IP_MAX_FAILURES} failures in 15 minutes, on login and on the second step`, async () => {
    const { count } = await server.ctx.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('succeeded', '=', false)
      .where('at', '>', new Date(Date.now() - WINDOW_MS))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
    // Many accounts, few failures each (password spraying): only the per-address limit applies.
    for (let i = 0; i < IP_MAX_FAILURES; i++)
      expect((await attempt(`spray${i % 10}@demo.local`, 'Summer2024!')).status).toBe(401);
    const blocked = await attempt('bystander@demo.local', 'Bystander-Password-1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const mfa = await callApi(server.url, null, ENDPOINTS.verifyMfa, {
      body: { trnxId: 'anything', code: '123456', reCaptcha: await solveCaptcha(server.url) },
    });
    expect(mfa.status).toBe(429);
    expect(failureOf(mfa).code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('deletes attempts older than a day', async () => {
    await age(25 * 3600e3);
    const { pruneAttempts, KEEP_MS } = await import('../src/modules/auth/throttle.ts');
    await pruneAttempts(server.ctx.db, new Date(Date.now() - KEEP_MS));
    const left = await server.ctx.db.selectFrom('login_attempts').select('id').execute();
    expect(left).toEqual([]);
    expect((await attempt('bystander@demo.local', 'Bystander-Password-1')).status).toBe(200);
  });
});
