import { sql, type Kysely } from 'kysely';
import type { User, UserUpdateBody } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** Users of one customer as the admin area shows them (joined with their role's name), oldest first. */
export function selectUsers(db: Kysely<DB>, customerId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').on('r.customer_id', '=', customerId))
    .select([
      'u.id',
      'u.name',
      'u.surname',
      'u.email',
      'u.phone',
      'u.phone_country',
      'u.user_type',
      'u.role_id',
      'r.name as role_name',
      'u.mfa_enabled',
      'u.is_mobile',
      'u.password_changed',
      'u.created_at',
    ])
    .where('u.customer_id', '=', customerId)
    .orderBy('u.created_at')
    .orderBy('u.id');
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

/** The contract's `user` shape: the phone is `{country, number}` from `users.phone_country` + `users.phone`. */
export const toUser = (u: UserRow): User => ({
  _id: u.id,
  name: u.name,
  surname: u.surname,
  email: u.email,
  phone: u.phone ? { country: u.phone_country ?? 'TR', number: u.phone } : null,
  userType: u.user_type,
  role: u.role_id,
  roleName: u.role_name,
  mfaEnabled: u.mfa_enabled,
  isMobile: u.is_mobile,
  passwordChanged: u.password_changed,
  createdAt: u.created_at.toISOString(),
});

/** One user of the customer in the contract shape, or undefined (another customer's user is not found). */
export async function findUser(db: Kysely<DB>, customerId: string, userId: string): Promise<User | undefined> {
  const row = await selectUsers(db, customerId).where('u.id', '=', userId).executeTakeFirst();
  return row && toUser(row);
}

/** Whether another user of the customer already has this e-mail (compared case-insensitively). */
export async function emailTaken(db: Kysely<DB>, customerId: string, email: string, exceptUserId?: string) {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptUserId) q = q.where('id', '<>', exceptUserId);
  return Boolean(await q.executeTakeFirst());
}

/** Whether the role exists in the customer (a user can only get a role of its own customer). */
export async function roleExists(db: Kysely<DB>, customerId: string, roleId: string) {
  return Boolean(
    await db.selectFrom('roles').select('id').where('id', '=', roleId).where('customer_id', '=', customerId).executeTakeFirst(),
  );
}

/** The `users` columns of a create or edit body (the phone split into number and country). */
export const userColumns = (b: UserUpdateBody) => ({
  name: b.name,
  surname: b.surname,
  email: b.email,
  phone: b.phone?.number ?? null,
  phone_country: b.phone?.country ?? null,
  user_type: b.userType,
  role_id: b.role,
  mfa_enabled: b.mfaEnabled,
});

/** Inserts a user who has not chosen their own password yet. */
export async function insertUser(
  db: Kysely<DB>,
  u: { id: string; customerId: string; passwordHash: string; columns: ReturnType<typeof userColumns> },
) {
  await db
    .insertInto('users')
    .values({ id: u.id, customer_id: u.customerId, password_hash: u.passwordHash, password_changed: false, ...u.columns })
    .execute();
}

/** Replaces a user's editable columns. */
export async function updateUserColumns(
  db: Kysely<DB>,
  customerId: string,
  userId: string,
  columns: ReturnType<typeof userColumns>,
) {
  await db.updateTable('users').set(columns).where('id', '=', userId).where('customer_id', '=', customerId).execute();
}

/**
 * Deletes a user with their sessions, and takes them off the customer's alarm notification
 * receivers (PUT /preferences refuses unknown users). Run in a transaction.
 */
export async function deleteUserAndSessions(db: Kysely<DB>, customerId: string, userId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).where('customer_id', '=', customerId).execute();
  await sql`UPDATE customers SET preferences = jsonb_set(preferences, '{alarm,notificationReceivers}',
      coalesce((SELECT jsonb_agg(r) FROM jsonb_array_elements(preferences #> '{alarm,notificationReceivers}') r
                WHERE r <> to_jsonb(${userId}::text)), '[]'::jsonb))
    WHERE id = ${customerId} AND jsonb_typeof(preferences #> '{alarm,notificationReceivers}') = 'array'`.execute(db);
}

/** Sets a user's password hash, to be changed at their next login, and ends their sessions (one transaction). */
export async function setPasswordEndingSessions(db: Kysely<DB>, customerId: string, userId: string, passwordHash: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed: false })
      .where('id', '=', userId)
      .where('customer_id', '=', customerId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
