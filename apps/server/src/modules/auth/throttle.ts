import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';

/**
 * Login throttling (OWASP Authentication Cheat Sheet, "Login Throttling"): attempts are rows of
 * `login_attempts`, so every server instance sharing the database counts them alike.
 * - per account (customer, lower-cased e-mail, known or not) and kind: at most `ACCOUNT_MAX_FAILURES`
 *   failed passwords (`ACCOUNT_MAX_CODE_FAILURES` second-step codes) in `WINDOW_MS`, counted since
 *   the account's last success of that kind;
 * - per client address: at most `IP_MAX_FAILURES` failures (passwords and codes) in `WINDOW_MS`.
 *
 * The attempt is reserved before the secret is checked (`reserveAttempt`): under the address's and
 * the account's advisory locks the failures are counted and the attempt is inserted as a failure,
 * and only then is the password verified; a success is marked afterwards (`markSucceeded`).
 * Concurrent attempts therefore count each other: of N attempts sent at once, exactly as many as the
 * limit leaves get to the check (check-then-act let all N through). Beyond the limit the call answers
 * 429 TOO_MANY_ATTEMPTS with `Retry-After` (seconds until the oldest failure that counts leaves the
 * window) and records nothing.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_MAX_FAILURES = 5;
/**
 * Wrong second-step codes per account in the window: two pending logins' worth of tries (each
 * allows 5, mfa.ts), so a password guesser who got through still has at most 10 code guesses in 15
 * minutes (odds 10 in a million).
 */
export const ACCOUNT_MAX_CODE_FAILURES = 10;
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

/** A reserved attempt: pass it to `markSucceeded` when the secret was right. */
export interface Reservation {
  id: string;
}

/**
 * Serialises the reservations of one address and one account for the rest of the transaction
 * (PostgreSQL transaction-level advisory locks; the address first, so two callers never wait for
 * each other crosswise). Every instance sharing the database takes the same locks.
 */
export async function lockKeys(trx: Kysely<DB>, keys: string[]): Promise<void> {
  for (const key of keys) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * Reserves one password or code attempt (call before verifying the secret). In one transaction,
 * holding the address's and the account's locks (`lockKeys`), it counts the failures so far and,
 * when both are below their limits, inserts the attempt as a failure: of any number of concurrent
 * attempts, exactly as many as the limits leave get a reservation.
 * @param a.email the account's e-mail as typed (lower-cased here); '' for an attempt of no known account
 * @param a.account false: only the per-address limit applies (a code whose account is unknown)
 * @returns the reservation
 * @throws AppError TOO_MANY_ATTEMPTS (429, `Retry-After`) when the address or the account has reached
 *   its limit; nothing is recorded then (a refused attempt does not prolong the block)
 */
export async function reserveAttempt(
  db: Kysely<DB>,
  a: { customerId: string; email: string; ip: string; kind: 'password' | 'mfa'; account?: boolean },
): Promise<Reservation> {
  const email = a.email.toLowerCase();
  const id = await db.transaction().execute(async (trx) => {
    await lockKeys(trx, [`login-ip:${a.ip}`, ...(a.account === false ? [] : [`login:${a.customerId}:${a.kind}:${email}`])]);
    await assertWithinLimits(trx, { ...a, email });
    const row = await trx
      .insertInto('login_attempts')
      .values({ customer_id: a.customerId, email, ip: a.ip, succeeded: false, kind: a.kind, at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
  const now = Date.now();
  if (now - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = now;
    await pruneAttempts(db, new Date(now - KEEP_MS));
  }
  return { id };
}

/** Throws TOO_MANY_ATTEMPTS when the failures so far have reached either limit. */
async function assertWithinLimits(
  db: Kysely<DB>,
  a: { customerId: string; email: string; ip: string; kind: 'password' | 'mfa'; account?: boolean },
): Promise<void> {
  const now = Date.now();
  const since = new Date(now - WINDOW_MS);
  const byIp = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('ip', '=', a.ip)
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
  if (a.account === false) return;
  const max = a.kind === 'mfa' ? ACCOUNT_MAX_CODE_FAILURES : ACCOUNT_MAX_FAILURES;
  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('customer_id', '=', a.customerId)
    .where('email', '=', a.email)
    .where('kind', '=', a.kind)
    .where('succeeded', '=', true)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const byAccount = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('customer_id', '=', a.customerId)
    .where('email', '=', a.email)
    .where('kind', '=', a.kind)
    .where('succeeded', '=', false)
    .where('at', '>', lastSuccess?.at ?? since)
    .orderBy('at', 'desc')
    .limit(max)
    .execute();
  if (byAccount.length >= max)
    throw tooMany(
      retryAfterS(
        byAccount.map((r) => r.at),
        max,
        now,
      ),
    );
}

/** Marks a reserved attempt as succeeded (the secret was right): it no longer counts as a failure. */
export async function markSucceeded(db: Kysely<DB>, r: Reservation, email?: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ succeeded: true, at: new Date(), ...(email !== undefined ? { email: email.toLowerCase() } : {}) })
    .where('id', '=', r.id)
    .execute();
}

/** Deletes attempts older than `before` (and spent second-step challenges, and old mail records). */
export async function pruneAttempts(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', before).execute();
  await db.deleteFrom('mfa_challenges').where('expires_at', '<', before).execute();
  await db.deleteFrom('mail_sends').where('at', '<', before).execute();
}
