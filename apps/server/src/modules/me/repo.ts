import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** The caller's own row with their role's name (`GET /me`), or undefined when gone. */
export async function ownAccount(db: Kysely<DB>, customerId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.name',
      'u.surname',
      'u.email',
      'u.user_type',
      'u.password_changed',
      'u.user_guiding_shown',
      'r.name as role_name',
    ])
    .where('u.id', '=', userId)
    .where('u.customer_id', '=', customerId)
    .executeTakeFirst();
}

/** The e-mail and password hash of the caller (to prove their current password), or undefined. */
export async function ownCredentials(db: Kysely<DB>, customerId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/**
 * Stores the caller's new password hash as chosen by them, and ends every other session and every
 * reset link of theirs: the current session stays (the client logs out after 5 s), a reset link's
 * token is spent. One transaction.
 * @param currentTokenHash the SHA-256 of the token the change was made with
 */
export async function setOwnPassword(
  db: Kysely<DB>,
  customerId: string,
  userId: string,
  passwordHash: string,
  currentTokenHash: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed: true })
      .where('id', '=', userId)
      .where('customer_id', '=', customerId)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('token_hash', '!=', currentTokenHash), eb('purpose', '=', 'password_reset')]))
      .execute();
  });
}

/** Records whether the onboarding tour was shown to the caller. */
export async function setUserGuidingShown(db: Kysely<DB>, customerId: string, userId: string, shown: boolean) {
  await db
    .updateTable('users')
    .set({ user_guiding_shown: shown })
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .execute();
}
