import { sql, type Kysely } from 'kysely';
import { ADMIN_ROLE_NAME, PERMISSIONS } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';

/**
 * The rules against privilege escalation through users and roles (issue 14, docs/security.md "Accounts and authorization"):
 * 1. nobody grants a permission they do not hold: a role a caller creates or edits, and a role a caller
 *    assigns (or a user whose role a caller edits), holds only permissions of the caller's own role
 *    (403 GRANT_NOT_HELD);
 * 2. only admins (user type admin) create, edit or delete admin users (user type admin, or holding the
 *    ADMIN role), make someone an admin, edit the ADMIN role, or move anyone onto or off it (403 ADMIN_ONLY);
 * 3. the customer keeps an administrator: at least one user of type admin holding the ADMIN role, and
 *    the ADMIN role keeps its name and every permission (403 LAST_ADMIN).
 * Rules 1–2 are pure checks on the caller; rule 3 is checked inside the changing transaction, after
 * the change, with the customer row locked (`lockCustomer`) so two concurrent demotions cannot
 * both pass.
 */

/** The caller as the rules need them (the session's `Auth`). */
export interface Actor {
  userType: 'admin' | 'user';
  permissions: ReadonlySet<string>;
}

/** A user as the rules see them: their type and their role's name and permissions. */
export interface Subject {
  userType: 'admin' | 'user';
  roleName: string | null;
}

export const isAdminRoleName = (name: string | null | undefined) => name === ADMIN_ROLE_NAME;

/** An admin user: of user type admin, or holding the ADMIN role. */
export const isAdminUser = (u: Subject) => u.userType === 'admin' || isAdminRoleName(u.roleName);

/**
 * Rule 1: every permission in `permissions` is held by the caller.
 * @throws AppError GRANT_NOT_HELD (403)
 */
export function assertHoldsAll(actor: Actor, permissions: readonly string[]): void {
  if (permissions.some((p) => !actor.permissions.has(p))) throw new AppError('GRANT_NOT_HELD');
}

/**
 * Rule 2: the caller is an admin.
 * @throws AppError ADMIN_ONLY (403)
 */
export function assertAdmin(actor: Actor): void {
  if (actor.userType !== 'admin') throw new AppError('ADMIN_ONLY');
}

/** Rule 2 for a set of users (before and after a change): any admin user among them needs an admin caller. */
export function assertMayTouchUsers(actor: Actor, users: Subject[]): void {
  if (users.some(isAdminUser)) assertAdmin(actor);
}

/**
 * Rule 3 for the ADMIN role's own fields: it keeps its name and every permission.
 * @throws AppError LAST_ADMIN (403)
 */
export function assertAdminRoleIntact(name: string, permissions: readonly string[]): void {
  if (name !== ADMIN_ROLE_NAME || PERMISSIONS.some((p) => !permissions.includes(p))) throw new AppError('LAST_ADMIN');
}

/** Locks the customer row for the rest of the transaction (serialises admin-changing writes). */
export async function lockCustomer(trx: Kysely<DB>, customerId: string): Promise<void> {
  await sql`SELECT id FROM customers WHERE id = ${customerId} FOR UPDATE`.execute(trx);
}

/**
 * Rule 3, checked in the transaction after the change: at least one user of type admin holds the
 * customer's ADMIN role.
 * @throws AppError LAST_ADMIN (403): the caller's transaction rolls back
 */
export async function assertAdminRemains(trx: Kysely<DB>, customerId: string): Promise<void> {
  const row = await trx
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('u.id')
    .where('u.customer_id', '=', customerId)
    .where('u.user_type', '=', 'admin')
    .where('r.customer_id', '=', customerId)
    .where('r.name', '=', ADMIN_ROLE_NAME)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new AppError('LAST_ADMIN');
}

/** The role's name and permissions in the customer, or undefined. */
export async function roleGrant(
  db: Kysely<DB>,
  customerId: string,
  roleId: string,
): Promise<{ name: string; permissions: string[] } | undefined> {
  return db
    .selectFrom('roles')
    .select(['name', 'permissions'])
    .where('id', '=', roleId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** The users of the customer with these ids as the rules see them (type and role name). */
export async function subjects(db: Kysely<DB>, customerId: string, userIds: string[]): Promise<Subject[]> {
  if (!userIds.length) return [];
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').on('r.customer_id', '=', customerId))
    .select(['u.user_type', 'r.name'])
    .where('u.customer_id', '=', customerId)
    .where('u.id', 'in', userIds)
    .execute();
  return rows.map((r) => ({ userType: r.user_type, roleName: r.name }));
}
