import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@overtone/contract';
import { api, login, solveCaptcha, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { outboxCount, readOutbox, resetTokenOf, waitForMail } from './support/mail.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let customerId: string;
const EMAIL = 'mehmet@demo.local';
let password = 'First-Password-1';

beforeAll(async () => {
  server = await startTestServer();
  customerId = await demoCustomerId(server);
  await insertUser(server, { email: EMAIL, password, name: 'Mehmet', surname: 'Kaya' });
});
afterAll(async () => server?.close());
// These tests mail the same user many links: each starts below the reset-mail limit (tested in
// accounts-mail.test.ts).
beforeEach(async () => void (await server.ctx.db.deleteFrom('mail_sends').execute()));

const forgot = async (email: string, opts: { id?: string; host?: string; reCaptcha?: string | null; language?: string } = {}) =>
  callApi(server.url, null, ENDPOINTS.requestPasswordReset, {
    params: { customerId: opts.id ?? customerId },
    body: {
      email,
      ...(opts.reCaptcha === null ? {} : { reCaptcha: opts.reCaptcha ?? (await solveCaptcha(server.url, opts.host)) }),
    },
    host: opts.host,
    language: opts.language,
  });

/** Requests a reset link for `email` and reads its token from the outbox. */
async function resetToken(email = EMAIL, language?: string) {
  const after = outboxCount(server.dataDir);
  expect((await forgot(email, { language })).status).toBe(200);
  const mail = await waitForMail(server.dataDir, email, { after });
  return { mail, ...resetTokenOf(mail) };
}

/** POST /me/password; `current`: the current password (a session of a user who chose theirs needs it). */
const setPassword = (token: string, pw: string, current?: string) =>
  callApi(server.url, token, ENDPOINTS.setMyPassword, {
    body: { password: pw, ...(current !== undefined ? { currentPassword: current } : {}) },
  });

describe('POST /forgotpassword/{customerId}', () => {
  it('needs a captcha and the id of the customer served for the host', async () => {
    const missing = await forgot(EMAIL, { reCaptcha: null });
    expect(missing.status).toBe(400);
    expect(failureOf(missing).errors?.[0]?.msg).toBe('Please tick the verification checkbox');
    const other = await createSecondTenant(server);
    const wrongId = await forgot(EMAIL, { id: other.customerId });
    expect(wrongId.status).toBe(404);
    expect(failureOf(wrongId).code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('answers known and unknown e-mails identically (status, body, timing) and mails only the known one', async () => {
    const before = outboxCount(server.dataDir);
    const timed = async (email: string) => {
      const reCaptcha = await solveCaptcha(server.url);
      const t0 = performance.now();
      const res = await forgot(email, { reCaptcha });
      return { res, ms: performance.now() - t0 };
    };
    const known: number[] = [],
      unknown: number[] = [];
    let a, b;
    for (let i = 0; i < 3; i++) {
      a = await timed(EMAIL);
      b = await timed(`nobody${i}@demo.local`);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    expect(a!.res.status).toBe(200);
    expect(b!.res).toEqual(a!.res);
    expect(a!.res.body).toEqual({
      message: 'If the e-mail address belongs to an account, a link to set a new password has been sent to it',
    });
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[1]!;
    // No password hashing or mail sending before the answer: the two paths cost the same.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(200);
    await waitForMail(server.dataDir, EMAIL, { after: before });
    await new Promise((r) => setTimeout(r, 300));
    const mails = readOutbox(server.dataDir).slice(before);
    expect(mails.every((m) => m.to.includes(EMAIL))).toBe(true);
  });

  it('mails a single-use link to the request host, in the request language', async () => {
    const { mail, link, token } = await resetToken(EMAIL, 'tr');
    expect(mail.subject).toBe('Demo Plant için yeni şifre belirleyin');
    expect(mail.text).toContain('Merhaba Mehmet');
    expect(link).toBe(`http://localhost:${new URL(server.url).port}/forgotpassword?token=${token}`);
    const row = await server.ctx.db
      .selectFrom('sessions')
      .select(['purpose', 'expires_at'])
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('password_reset');
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(59 * 60e3);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60e3);
  });

  it("builds the link on the customer's own host", async () => {
    const other = await server.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('name', '=', 'Other Plant')
      .executeTakeFirstOrThrow();
    const after = outboxCount(server.dataDir);
    expect((await forgot('admin@other.test', { id: other.id, host: OTHER_HOST })).status).toBe(200);
    const { link } = resetTokenOf(await waitForMail(server.dataDir, 'admin@other.test', { after }));
    expect(link.startsWith(`http://${OTHER_HOST}/forgotpassword?token=`)).toBe(true);
  });

  it('the link only sets the password: other calls answer 403, and the link dies once used', async () => {
    const session = await login(server.url, EMAIL, password);
    const { token } = await resetToken();
    const blocked = await callApi(server.url, token, ENDPOINTS.getTree);
    expect(blocked.status).toBe(403);
    expect(failureOf(blocked)).toEqual({ code: 'PASSWORD_CHANGE_REQUIRED', message: 'Please set a new password first' });
    expect((await callApi(server.url, token, ENDPOINTS.setUserGuidingShown, { body: { userGuidingShown: true } })).status).toBe(
      403,
    );
    expect((await callApi(server.url, token, ENDPOINTS.getMe)).body.email).toBe(EMAIL);
    expect((await callApi(server.url, token, ENDPOINTS.getCustomerByHost, { params: { host: 'localhost' } })).status).toBe(200);

    const weak = await setPassword(token, 'short1A');
    expect(weak.status).toBe(400);
    expect(failureOf(weak).errors?.[0]?.msg).toBe('Weak Password');
    const common = await setPassword(token, 'Password1');
    expect(common.status).toBe(400);
    expect(failureOf(common).errors?.[0]?.msg).toBe('This password is too common, please choose another one');

    const ok = await setPassword(token, 'Second-Password-2');
    expect(ok).toEqual({ status: 200, body: { message: 'Your password has been changed' } });
    expect((await setPassword(token, 'Third-Password-3')).status).toBe(401);
    // Every session of the user ended with the change.
    expect((await callApi(server.url, session, ENDPOINTS.getTree)).status).toBe(401);
    await expect(login(server.url, EMAIL, password)).rejects.toThrow(/401/);
    password = 'Second-Password-2';
    expect(await login(server.url, EMAIL, password)).toBeTruthy();
    const stored = await server.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('a new link replaces the earlier one, and a link expires after 1 hour', async () => {
    const first = await resetToken();
    const second = await resetToken();
    expect((await callApi(server.url, first.token, ENDPOINTS.getMe)).status).toBe(401);
    expect((await callApi(server.url, second.token, ENDPOINTS.getMe)).status).toBe(200);
    await server.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'password_reset')
      .execute();
    expect((await setPassword(second.token, 'Fourth-Password-4')).status).toBe(401);
  });

  it('logout spends a link', async () => {
    const { token } = await resetToken();
    expect((await callApi(server.url, token, ENDPOINTS.logout)).status).toBe(200);
    expect((await callApi(server.url, token, ENDPOINTS.getMe)).status).toBe(401);
  });
});

describe('POST /me/password with a session', () => {
  const setPolicy = async (passwordPolicy: object) => {
    const db = server.ctx.db;
    const c = await db.selectFrom('customers').select('preferences').where('id', '=', customerId).executeTakeFirstOrThrow();
    const preferences = JSON.stringify({ ...(c.preferences as object), passwordPolicy });
    await db.updateTable('customers').set({ preferences }).where('id', '=', customerId).execute();
  };
  const DEFAULT = {
    minCharacter: 8,
    requiresUpperCaseLetters: true,
    requiresLowerCaseLetters: true,
    requiresNumbers: true,
    requiresSpecialCharacters: false,
  };

  it("applies the customer's policy, the global floor of 8 characters and the common list", async () => {
    const token = await login(server.url, EMAIL, password);
    try {
      await setPolicy({ ...DEFAULT, minCharacter: 12, requiresSpecialCharacters: true });
      expect(failureOf(await setPassword(token, 'Abcdefgh12345', password)).errors?.[0]?.msg).toBe('Weak Password');
      expect(failureOf(await setPassword(token, 'Abcdefg123!', password)).errors?.[0]?.msg).toBe('Weak Password');
      expect((await setPassword(token, 'Abcdefgh1234!', password)).status).toBe(200);
      password = 'Abcdefgh1234!';
      // A policy of 4 characters without classes cannot go below the floor.
      await setPolicy({
        minCharacter: 4,
        requiresUpperCaseLetters: false,
        requiresLowerCaseLetters: false,
        requiresNumbers: false,
        requiresSpecialCharacters: false,
      });
      expect(failureOf(await setPassword(token, 'qzmx7', password)).errors?.[0]?.msg).toBe('Weak Password');
      expect(failureOf(await setPassword(token, 'iloveyou', password)).errors?.[0]?.msg).toBe(
        'This password is too common, please choose another one',
      );
      expect((await setPassword(token, 'qzmx7wvk', password)).status).toBe(200);
      password = 'qzmx7wvk';
    } finally {
      await setPolicy(DEFAULT);
    }
  });

  it('keeps the current session, ends the others, and answers in the request language', async () => {
    const current = await login(server.url, EMAIL, password);
    const elsewhere = await login(server.url, EMAIL, password);
    const res = await callApi(server.url, current, ENDPOINTS.setMyPassword, {
      body: { password: 'Fifth-Password-5', currentPassword: password },
      language: 'de',
    });
    expect(res.body.message).toBe('Ihr Passwort wurde geändert');
    password = 'Fifth-Password-5';
    expect((await callApi(server.url, current, ENDPOINTS.getTree)).status).toBe(200);
    expect((await callApi(server.url, elsewhere, ENDPOINTS.getTree)).status).toBe(401);
  });

  it('validates the body with the contract message', async () => {
    const token = await login(server.url, EMAIL, password);
    // an empty password, refused by the contract: sent as is
    const res = await api<{ errors?: { msg: string }[] }>(server.url, token, 'POST', '/me/password', { password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.msg).toBe('Please input the password');
  });
});

describe('a user who has not chosen their password yet (passwordChanged false)', () => {
  it('may only set it (and read themselves, the customer, log out) until they do', async () => {
    await insertUser(server, { email: 'new@demo.local', password: 'Given-By-Admin-1', passwordChanged: false });
    const token = await login(server.url, 'new@demo.local', 'Given-By-Admin-1');
    const me = await callApi(server.url, token, ENDPOINTS.getMe);
    expect(me.body.passwordChanged).toBe(false);
    expect((await callApi(server.url, token, ENDPOINTS.getCustomerByHost, { params: { host: 'localhost' } })).status).toBe(200);
    const tree = await callApi(server.url, token, ENDPOINTS.getTree);
    expect(tree).toMatchObject({ status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } });
    expect((await setPassword(token, 'Chosen-By-Me-2')).status).toBe(200);
    expect((await callApi(server.url, token, ENDPOINTS.getTree)).status).toBe(200);
    expect((await callApi(server.url, token, ENDPOINTS.getMe)).body.passwordChanged).toBe(true);
  });
});

describe('GET /me and the onboarding tour flag', () => {
  it('answers the caller with role and permissions read now, and stores the tour flag', async () => {
    const { roleId } = await insertUser(server, {
      email: 'tour@demo.local',
      password: 'Tour-Password-1',
      permissions: ['readPoint'],
    });
    const token = await login(server.url, 'tour@demo.local', 'Tour-Password-1');
    const me = await callApi(server.url, token, ENDPOINTS.getMe);
    expect(me.body).toMatchObject({
      email: 'tour@demo.local',
      name: 'Test',
      surname: 'User',
      role: 'user',
      permissions: ['readPoint'],
      passwordChanged: true,
      userGuidingShown: false,
    });
    await server.ctx.db
      .updateTable('roles')
      .set({ permissions: ['readPoint', 'readRoute'] })
      .where('id', '=', roleId)
      .execute();
    expect((await callApi(server.url, token, ENDPOINTS.getMe)).body.permissions).toEqual(['readPoint', 'readRoute']);

    expect(await callApi(server.url, token, ENDPOINTS.setUserGuidingShown, { body: { userGuidingShown: true } })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await callApi(server.url, token, ENDPOINTS.getMe)).body.userGuidingShown).toBe(true);
    // a body without its field, refused by the contract: sent as is
    expect((await api(server.url, token, 'PUT', '/me/user-guiding-shown', {})).status).toBe(400);
  });
});
