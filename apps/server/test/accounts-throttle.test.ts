import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@overtone/contract';
import { solveCaptcha, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { insertUser } from './support/users.ts';
import { ACCOUNT_MAX_FAILURES, IP_MAX_FAILURES } from '../src/modules/auth/throttle.ts';
import { passwordVerifications } from '../src/modules/auth/password-check.ts';

/**
 * Throttling reserves the attempt before the secret is checked (issue 14): wrong passwords or codes
 * sent all at once are verified at most up to the limit, the rest answer 429.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
  await insertUser(server, { email: 'target@demo.local', password: 'Target-Password-1' });
});
afterAll(async () => server?.close());

describe('concurrent wrong logins', () => {
  it(`40 wrong passwords at once: at most ${ACCOUNT_MAX_FAILURES} are verified (401), the others answer 429`, async () => {
    const captchas = await Promise.all(Array.from({ length: 40 }, () => solveCaptcha(server.url)));
    const before = passwordVerifications.count;
    const answers = await Promise.all(
      captchas.map((reCaptcha, i) =>
        callApi(server.url, null, ENDPOINTS.login, {
          body: { email: 'target@demo.local', password: `wrong-${i}`, reCaptcha },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_MAX_FAILURES);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect(passwordVerifications.count - before).toBeLessThanOrEqual(ACCOUNT_MAX_FAILURES);
    // The refused attempts left no rows: the block ends with the failures that were verified.
    const rows = await server.ctx.db.selectFrom('login_attempts').select('id').where('email', '=', 'target@demo.local').execute();
    expect(rows.length).toBeLessThanOrEqual(ACCOUNT_MAX_FAILURES);
  });

  it(`wrong second-step codes at once, over many pending logins, stop at the address limit (${IP_MAX_FAILURES})`, async () => {
    await server.ctx.db.deleteFrom('login_attempts').execute();
    const captchas = await Promise.all(Array.from({ length: IP_MAX_FAILURES + 10 }, () => solveCaptcha(server.url)));
    const answers = await Promise.all(
      captchas.map((reCaptcha, i) =>
        callApi(server.url, null, ENDPOINTS.verifyMfa, { body: { trnxId: `none-${i}`, code: '123456', reCaptcha } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(IP_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  });
});
