import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, type MfaPending } from '@overtone/contract';
import { api, solveCaptcha, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { codeOf, outboxCount, waitForMail, type Mail } from './support/mail.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { insertUser } from './support/users.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
const EMAIL = 'ayse@demo.local';
const PASSWORD = 'Mfa-Password-9';

beforeAll(async () => {
  server = await startTestServer();
  await insertUser(server, { email: EMAIL, password: PASSWORD, name: 'Ayşe', surname: 'Yılmaz', mfaEnabled: true });
});
afterAll(async () => server?.close());
// These tests log the same user in many times: each starts below the code-mail and attempt limits
// (those limits have their own tests in accounts-mail.test.ts and accounts-throttle.test.ts).
beforeEach(async () => {
  await server.ctx.db.deleteFrom('mail_sends').execute();
  await server.ctx.db.deleteFrom('login_attempts').execute();
});

/** The login's answer when the second step is asked (`token`: to assert there is none). */
type Pending = MfaPending & { token?: string };

/** Logs in with the password; returns the pending login and the mail it sent. */
async function startLogin(language = 'en'): Promise<{ pending: Pending; mail: Mail }> {
  const after = outboxCount(server.dataDir);
  const res = await callApi(server.url, null, ENDPOINTS.login, {
    body: { email: EMAIL, password: PASSWORD, reCaptcha: await solveCaptcha(server.url) },
    language,
  });
  expect(res.status).toBe(200);
  return { pending: res.body as Pending, mail: await waitForMail(server.dataDir, EMAIL, { after }) };
}

const verify = async (trnxId: string, code: string, opts: { host?: string; reCaptcha?: string | null } = {}) =>
  callApi(server.url, null, ENDPOINTS.verifyMfa, {
    body: {
      trnxId,
      code,
      ...(opts.reCaptcha === null ? {} : { reCaptcha: opts.reCaptcha ?? (await solveCaptcha(server.url, opts.host)) }),
    },
    host: opts.host,
  });
/** `GET /auth/customer/verify-mfa/{id}`. */
const challenge = (id: string, host?: string) => callApi(server.url, null, ENDPOINTS.getMfaChallenge, { params: { id }, host });

/** A six-digit code other than `code`. */
const wrong = (code: string, k = 1) => String((Number(code) + k) % 1_000_000).padStart(6, '0');

describe('login second step by e-mailed code', () => {
  it('answers the pending login instead of a session and mails a 6-digit code in the request language', async () => {
    const { pending, mail } = await startLogin('de');
    expect(pending).toEqual({
      requireMFAVerification: true,
      mfa_id: expect.stringMatching(/^[A-Za-z0-9_-]{20,64}$/),
      name: 'Ayşe',
      surname: 'Yılmaz',
    });
    expect(pending.token).toBeUndefined();
    expect(mail.to).toContain(EMAIL);
    expect(mail.subject).toBe('Ihr Anmeldecode für Demo Plant');
    expect(mail.text).toContain('Hallo Ayşe');
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    // Only an HMAC of the code is stored, with its 10-minute expiry.
    const row = await server.ctx.db
      .selectFrom('mfa_challenges')
      .selectAll()
      .where('id', '=', pending.mfa_id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(codeOf(mail));
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(ttl).toBeGreaterThan(9.9 * 60e3);
    expect(ttl).toBeLessThanOrEqual(10 * 60e3 + 5000);
  });

  it('shows who the pending login belongs to, and opens the session with the right code once', async () => {
    const { pending, mail } = await startLogin();
    const info = await challenge(pending.mfa_id);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ name: 'Ayşe', surname: 'Yılmaz' });
    expect(new Date(info.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60e3);

    const ok = await verify(pending.mfa_id, codeOf(mail));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Ayşe', surname: 'Yılmaz', passwordChanged: true, mfa_id: null });
    expect((await callApi(server.url, ok.body.token, ENDPOINTS.getTree)).status).toBe(200);

    const again = await verify(pending.mfa_id, codeOf(mail));
    expect(again.status).toBe(401);
    expect(failureOf(again)).toMatchObject({
      code: 'MFA_EXPIRED',
      message: 'The code has expired or was already used, please log in again',
    });
    expect((await challenge(pending.mfa_id)).status).toBe(401);
  });

  it('answers MFA_EXPIRED for an unknown pending login', async () => {
    const res = await challenge('no-such-login');
    expect(res).toMatchObject({ status: 401, body: { code: 'MFA_EXPIRED' } });
    expect(failureOf(await verify('no-such-login', '123456')).code).toBe('MFA_EXPIRED');
  });

  it('needs a captcha, used once', async () => {
    const { pending, mail } = await startLogin();
    const missing = await verify(pending.mfa_id, codeOf(mail), { reCaptcha: null });
    expect(missing.status).toBe(400);
    expect(failureOf(missing).errors?.[0]?.msg).toBe('Please tick the verification checkbox');
    const captcha = await solveCaptcha(server.url);
    expect(failureOf(await verify(pending.mfa_id, wrong(codeOf(mail)), { reCaptcha: captcha })).code).toBe('MFA_CODE_INVALID');
    expect((await verify(pending.mfa_id, codeOf(mail), { reCaptcha: captcha })).status).toBe(400);
    expect((await verify(pending.mfa_id, codeOf(mail))).status).toBe(200);
  });

  it('validates the code format with the contract message', async () => {
    // a malformed code, refused by the contract: sent as is
    const res = await api<{ errors?: { msg: string }[] }>(server.url, null, 'POST', '/auth/customer/verify-mfa', {
      trnxId: 'x',
      code: '12ab',
      reCaptcha: await solveCaptcha(server.url),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.msg).toBe('Please enter the 6-digit code');
  });

  it('allows 5 tries: four wrong codes say so, the fifth ends the pending login, and then even the right code fails', async () => {
    const { pending, mail } = await startLogin();
    const code = codeOf(mail);
    for (let k = 1; k <= 4; k++) {
      const res = await verify(pending.mfa_id, wrong(code, k));
      expect(res.status).toBe(401);
      expect(failureOf(res)).toMatchObject({ code: 'MFA_CODE_INVALID', message: 'The code is incorrect' });
    }
    const fifth = await verify(pending.mfa_id, wrong(code, 5));
    expect(failureOf(fifth)).toMatchObject({ code: 'MFA_TOO_MANY_TRIES', message: 'Too many wrong codes, please log in again' });
    const right = await verify(pending.mfa_id, code);
    expect(right.status).toBe(401);
    expect(failureOf(right).code).toBe('MFA_EXPIRED');
  });

  it('binds a code to its own pending login: the code of login A does not open login B', async () => {
    const a = await startLogin();
    const b = await startLogin();
    const codeA = codeOf(a.mail),
      codeB = codeOf(b.mail);
    if (codeA !== codeB) {
      const cross = await verify(b.pending.mfa_id, codeA);
      expect(failureOf(cross).code).toBe('MFA_CODE_INVALID');
    }
    // Each login's own code still opens it (B lost one of its five tries).
    expect((await verify(a.pending.mfa_id, codeA)).status).toBe(200);
    expect((await verify(b.pending.mfa_id, codeB)).status).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const { pending, mail } = await startLogin();
    await server.ctx.db
      .updateTable('mfa_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', pending.mfa_id)
      .execute();
    expect((await challenge(pending.mfa_id)).status).toBe(401);
    const res = await verify(pending.mfa_id, codeOf(mail));
    expect(res.status).toBe(401);
    expect(failureOf(res).code).toBe('MFA_EXPIRED');
  });

  it("is bound to the customer: a pending login is unknown on another customer's host", async () => {
    await createSecondTenant(server);
    const { pending, mail } = await startLogin();
    expect((await challenge(pending.mfa_id, OTHER_HOST)).status).toBe(401);
    expect(failureOf(await verify(pending.mfa_id, codeOf(mail), { host: OTHER_HOST })).code).toBe('MFA_EXPIRED');
    expect((await verify(pending.mfa_id, codeOf(mail))).status).toBe(200);
  });
});

describe('the code mail through SMTP (SMTP_URL)', () => {
  it('sends the mail to a local SMTP server, and its code opens the session', async () => {
    const sink = await startSmtpSink();
    const smtpServer = await startTestServer({ smtpUrl: sink.url });
    try {
      await insertUser(smtpServer, { email: 'smtp@demo.local', password: PASSWORD, name: 'Zeynep', mfaEnabled: true });
      const res = await callApi(smtpServer.url, null, ENDPOINTS.login, {
        body: { email: 'smtp@demo.local', password: PASSWORD, reCaptcha: await solveCaptcha(smtpServer.url) },
      });
      const pending = res.body as MfaPending;
      expect(pending.requireMFAVerification).toBe(true);
      expect(sink.messages).toHaveLength(1);
      const msg = sink.messages[0]!;
      expect(msg.rcptTo).toEqual(['smtp@demo.local']);
      expect(msg.subject).toBe('Your login code for Demo Plant');
      expect(msg.text).toContain('Hello Zeynep');
      const ok = await callApi(smtpServer.url, null, ENDPOINTS.verifyMfa, {
        body: { trnxId: pending.mfa_id, code: codeOf(msg), reCaptcha: await solveCaptcha(smtpServer.url) },
      });
      expect(ok.status).toBe(200);
      expect(outboxCount(smtpServer.dataDir)).toBe(0);
    } finally {
      await smtpServer.close();
      await sink.close();
    }
  });
});
