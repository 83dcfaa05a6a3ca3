import type { Kysely } from 'kysely';
import type { User } from '@overtone/contract';
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
