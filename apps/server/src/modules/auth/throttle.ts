import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';

/**
 * Login throttling (OWASP Authentication Cheat Sheet, "Login Throttling"): failed attempts are rows of
 * `login_attempts`, so every server instance sharing the database counts them alike.
 * - per account (customer, lower-cased e-mail, known or not): at most `ACCOUNT_MAX_FAILURES` failed
 *   passwords in `WINDOW_MS`, counted since the account's last successful password;
 * - per client address: at most `IP_MAX_FAILURES` failures (passwords and second-step codes) in `WINDOW_MS`.
 * Beyond that the call answers 429 TOO_MANY_ATTEMPTS with `Retry-After` (seconds until the oldest
 * failure that counts leaves the window).
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_MAX_FAILURES = 5;
export const IP_MAX_FAILURES = 20;
/** Rows older than this are deleted (at most once per `PRUNE_EVERY_MS` per process). */
export const KEEP_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrune = 0;

/** Seconds until the `max`-th most recent failure (of `times`, newest first) leaves the window. */
const retryAfterS = (times: Date[], max: number, now: number) =>
  Math.max(1, Math.ceil((times[max - 1]!.getTime() + WINDOW_MS - now) / 1000));

function tooMany(seconds: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS').with({ headers: { 'retry-after': String(seconds) } });
}

/**
 * Throws 429 TOO_MANY_ATTEMPTS when the address (and, with `account`, the account) has reached its
 * limit. Call before checking a password or code.
 */
export async function assertNotThrottled(
  db: Kysely<DB>,
  ip: string,
  account?: { customerId: string; email: string },
): Promise<void> {
  const now = Date.now();
  const since = new Date(now - WINDOW_MS);
  const byIp = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('ip', '=', ip)
    .where('succeeded', '=', false)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(IP_MAX_FAILURES)
    .execute();
  if (byIp.length >= IP_MAX_FAILURES)
    throw tooMany(
      retryAfterS(
        byIp.map((r) => r.at),
        IP_MAX_FAILURES,
        now,
      ),
    );
  if (!account) return;
  const email = account.email.toLowerCase();
  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('customer_id', '=', account.customerId)
    .where('email', '=', email)
    .where('kind', '=', 'password')
    .where('succeeded', '=', true)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const byAccount = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('customer_id', '=', account.customerId)
    .where('email', '=', email)
    .where('kind', '=', 'password')
    .where('succeeded', '=', false)
    .where('at', '>', lastSuccess?.at ?? since)
    .orderBy('at', 'desc')
    .limit(ACCOUNT_MAX_FAILURES)
    .execute();
  if (byAccount.length >= ACCOUNT_MAX_FAILURES)
    throw tooMany(
      retryAfterS(
        byAccount.map((r) => r.at),
        ACCOUNT_MAX_FAILURES,
        now,
      ),
    );
}

/** Records one password or code attempt, and prunes old rows now and then. */
export async function recordAttempt(
  db: Kysely<DB>,
  a: { customerId: string; email: string; ip: string; succeeded: boolean; kind: 'password' | 'mfa' },
): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      customer_id: a.customerId,
      email: a.email.toLowerCase(),
      ip: a.ip,
      succeeded: a.succeeded,
      kind: a.kind,
      at: new Date(),
    })
    .execute();
  const now = Date.now();
  if (now - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = now;
    await pruneAttempts(db, new Date(now - KEEP_MS));
  }
}

/** Deletes attempts older than `before` (and spent second-step challenges). */
export async function pruneAttempts(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', before).execute();
  await db.deleteFrom('mfa_challenges').where('expires_at', '<', before).execute();
}
