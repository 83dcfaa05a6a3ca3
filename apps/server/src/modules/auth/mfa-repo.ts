/**
 * The SQL of the second login step's pending logins (`mfa_challenges`; the rules: mfa.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** Stores a pending login: its code as HMAC, its expiry. */
export async function insertChallenge(
  db: Kysely<DB>,
  c: { id: string; customerId: string; userId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('mfa_challenges')
    .values({ id: c.id, customer_id: c.customerId, user_id: c.userId, code_hash: c.codeHash, expires_at: c.expiresAt })
    .execute();
}

/** Removes a pending login (its code could not be mailed). */
export async function deleteChallenge(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('mfa_challenges').where('id', '=', id).execute();
}

/** A pending login of the customer with its user's name, or undefined. */
export const findChallenge = (db: Kysely<DB>, customerId: string, id: string) =>
  db
    .selectFrom('mfa_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.name', 'u.surname', 'u.email', 'c.expires_at', 'c.consumed_at', 'c.attempts'])
    .where('c.id', '=', id)
    .where('c.customer_id', '=', customerId)
    .executeTakeFirst();

/**
 * Takes one try of a pending login atomically (concurrent guesses never get more than `maxTries`
 * comparisons): its tries so far, stored code hash and user; undefined when it is unknown, consumed,
 * expired or out of tries.
 */
export const reserveChallengeTry = (db: Kysely<DB>, customerId: string, id: string, maxTries: number) =>
  db
    .updateTable('mfa_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', maxTries)
    .returning(['attempts', 'code_hash', 'user_id'])
    .executeTakeFirst();

/** Marks a pending login used; true when this call did (a concurrent one may have first). */
export async function consumeChallenge(db: Kysely<DB>, id: string): Promise<boolean> {
  const r = await db
    .updateTable('mfa_challenges')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(r);
}
