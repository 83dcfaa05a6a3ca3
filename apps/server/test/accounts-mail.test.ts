import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@overtone/contract';
import { login, solveCaptcha, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { outboxCount, readOutbox, resetTokenOf, waitForMail } from './support/mail.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { MAIL_MAX_PER_ACCOUNT, MAIL_MAX_PER_ADDRESS } from '../src/modules/auth/mail-limit.ts';

/**
 * Mailed links and mail floods (issue 14): the reset link is built on the customer's configured host
 * whatever the Host header says, a malformed Host answers 400, and reset-link and second-step-code
 * mails are limited per account and per address (counted in the outbox).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let customerId: string;
let port: string;
const EMAIL = 'reset-me@demo.local';

beforeAll(async () => {
  server = await startTestServer();
  customerId = await demoCustomerId(server);
  port = new URL(server.url).port;
  await insertUser(server, { email: EMAIL, password: 'Reset-Me-Password-1' });
});
afterAll(async () => server?.close());
// Every test starts with fresh mail quotas (the limits are what some of them test).
beforeEach(async () => void (await server.ctx.db.deleteFrom('mail_sends').execute()));

/** POST /forgotpassword with a captcha solved on the normal host, sent with `host` as the Host header. */
const forgot = async (email: string, host?: string) =>
  callApi(server.url, null, ENDPOINTS.requestPasswordReset, {
    params: { customerId },
    body: { email, reCaptcha: await solveCaptcha(server.url) },
    host,
  });

/** The mails to `email` in the outbox after `after`, once no new one arrived for 400 ms. */
async function settledMailsTo(email: string, after: number) {
  let n = -1;
  for (;;) {
    const mails = readOutbox(server.dataDir)
      .slice(after)
      .filter((m) => m.to.includes(email));
    if (mails.length === n) return mails;
    n = mails.length;
    await new Promise((r) => setTimeout(r, 400));
  }
}

describe('the reset link is built on the customer’s configured host', () => {
  it('a crafted but well-formed Host (other case, trailing dot) still gives the configured host', async () => {
    const after = outboxCount(server.dataDir);
    expect((await forgot(EMAIL, `LocalHost.:${port}`)).status).toBe(200);
    const { link, token } = resetTokenOf(await waitForMail(server.dataDir, EMAIL, { after }));
    expect(link).toBe(`http://localhost:${port}/forgotpassword?token=${token}`);
  });

  it('a Host that would carry the link elsewhere (user info, path) answers 400 HOST_INVALID and mails nothing', async () => {
    const after = outboxCount(server.dataDir);
    for (const host of [`localhost:${port}@evil.example`, `localhost:${port}/x.evil.example`, 'localhost:0', 'local host']) {
      const res = await forgot(EMAIL, host);
      expect(res.status, host).toBe(400);
      expect(failureOf(res), host).toEqual({ errors: [{ msg: "The request's host name is not valid" }] });
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(readOutbox(server.dataDir).slice(after)).toEqual([]);
  });

  it('the 400 is translated', async () => {
    const res = await callApi(server.url, null, ENDPOINTS.getCaptcha, { host: 'a@b', language: 'de' });
    expect(res).toMatchObject({ status: 400, body: { errors: [{ msg: 'Der Hostname der Anfrage ist ungültig' }] } });
  });
});

describe('forgot-password mails are limited', () => {
  it(`sends at most ${MAIL_MAX_PER_ACCOUNT} per account in 15 minutes, answering every request the same`, async () => {
    const after = outboxCount(server.dataDir);
    const answers = [];
    for (let i = 0; i < MAIL_MAX_PER_ACCOUNT + 3; i++) answers.push(await forgot(EMAIL));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    await waitForMail(server.dataDir, EMAIL, { after });
    expect(await settledMailsTo(EMAIL, after)).toHaveLength(MAIL_MAX_PER_ACCOUNT);
  });

  it(`sends at most ${MAIL_MAX_PER_ADDRESS} per address, over any number of accounts`, async () => {
    const emails = Array.from({ length: MAIL_MAX_PER_ADDRESS + 2 }, (_, i) => `flood${i}@demo.local`);
    for (const email of emails) await insertUser(server, { email, password: 'Flood-Password-1' });
    const after = outboxCount(server.dataDir);
    for (const email of emails) expect((await forgot(email)).status).toBe(200);
    await waitForMail(server.dataDir, emails[0]!, { after });
    expect(await settledMailsTo('@demo.local', after)).toHaveLength(MAIL_MAX_PER_ADDRESS);
  });
});

describe('second-step code mails are limited', () => {
  it(`a login whose code mail is over the limit answers 429 MAIL_LIMIT and sends nothing`, async () => {
    await insertUser(server, { email: 'coded@demo.local', password: 'Coded-Password-1', mfaEnabled: true });
    const after = outboxCount(server.dataDir);
    const tryLogin = async () =>
      callApi(server.url, null, ENDPOINTS.login, {
        body: { email: 'coded@demo.local', password: 'Coded-Password-1', reCaptcha: await solveCaptcha(server.url) },
      });
    for (let i = 0; i < MAIL_MAX_PER_ACCOUNT; i++) expect((await tryLogin()).body.requireMFAVerification).toBe(true);
    const over = await tryLogin();
    expect(over.status).toBe(429);
    expect(failureOf(over)).toMatchObject({ code: 'MAIL_LIMIT', message: 'Too many e-mails were sent, please try again later' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await settledMailsTo('coded@demo.local', after)).toHaveLength(MAIL_MAX_PER_ACCOUNT);
    // Another account is not affected.
    expect(await login(server.url)).toBeTruthy();
  });
});
