import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import { customerPreferences } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { assertAcceptablePassword } from '../auth/password-check.ts';

/**
 * Refuses a password an admin sets for a user (create, reset) unless it passes the customer's
 * password policy raised to the global floor, and is not a common password.
 * @throws AppError WEAK_PASSWORD or COMMON_PASSWORD (400, param `password`)
 */
export async function assertPasswordAllowed(db: Kysely<DB>, customerId: string, password: string) {
  const c = await db.selectFrom('customers').select('preferences').where('id', '=', customerId).executeTakeFirstOrThrow();
  const policy = customerPreferences.shape.passwordPolicy.safeParse(
    (c.preferences as { passwordPolicy?: unknown }).passwordPolicy,
  );
  assertAcceptablePassword(password, policy.success ? policy.data : null);
}

/** argon2id hash of a password (the library's defaults: 64 MiB, 3 passes). */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });
