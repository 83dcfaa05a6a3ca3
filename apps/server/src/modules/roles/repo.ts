import type { Kysely } from 'kysely';
import type { Role } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** Roles of the customer with the ids of the users assigned to each, by name. */
export async function listRoles(db: Kysely<DB>, customerId: string, roleId?: string): Promise<Role[]> {
  let q = db
    .selectFrom('roles')
    .select(['id', 'name', 'display_name', 'permissions'])
    .where('customer_id', '=', customerId)
    .orderBy('name');
  if (roleId) q = q.where('id', '=', roleId);
  const roles = await q.execute();
  if (!roles.length) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'role_id'])
    .where('customer_id', '=', customerId)
    .where(
      'role_id',
      'in',
      roles.map((r) => r.id),
    )
    .orderBy('created_at')
    .execute();
  return roles.map((r) => ({
    _id: r.id,
    name: r.name,
    displayName: r.display_name,
    permissions: r.permissions,
    user: users.filter((u) => u.role_id === r.id).map((u) => u.id),
  }));
}

/** The role of the customer, or undefined (another customer's role is not found). */
export async function findRole(db: Kysely<DB>, customerId: string, roleId: string): Promise<Role | undefined> {
  return (await listRoles(db, customerId, roleId))[0];
}

/** Whether another role of the customer has this (normalised) name. */
export async function roleNameTaken(db: Kysely<DB>, customerId: string, name: string, exceptRoleId?: string) {
  let q = db.selectFrom('roles').select('id').where('customer_id', '=', customerId).where('name', '=', name);
  if (exceptRoleId) q = q.where('id', '<>', exceptRoleId);
  return Boolean(await q.executeTakeFirst());
}

/** Inserts a role. */
export async function insertRole(
  db: Kysely<DB>,
  r: { id: string; customerId: string; name: string; displayName: string; permissions: string[] },
) {
  await db
    .insertInto('roles')
    .values({ id: r.id, customer_id: r.customerId, name: r.name, display_name: r.displayName, permissions: r.permissions })
    .execute();
}

/** Replaces a role's name, display name and permissions. */
export async function updateRoleRow(
  db: Kysely<DB>,
  customerId: string,
  roleId: string,
  r: { name: string; displayName: string; permissions: string[] },
) {
  await db
    .updateTable('roles')
    .set({ name: r.name, display_name: r.displayName, permissions: r.permissions })
    .where('id', '=', roleId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** How many of `userIds` are users of the customer. */
export async function countCustomerUsers(db: Kysely<DB>, customerId: string, userIds: readonly string[]): Promise<number> {
  if (!userIds.length) return 0;
  return (
    await db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('id', 'in', [...userIds])
      .execute()
  ).length;
}

/** Makes `userIds` exactly the holders of the role: the others who held it hold none. Run in a transaction. */
export async function setRoleHolders(db: Kysely<DB>, customerId: string, roleId: string, userIds: readonly string[]) {
  let unassign = db
    .updateTable('users')
    .set({ role_id: null })
    .where('customer_id', '=', customerId)
    .where('role_id', '=', roleId);
  if (userIds.length) unassign = unassign.where('id', 'not in', [...userIds]);
  await unassign.execute();
  if (userIds.length)
    await db
      .updateTable('users')
      .set({ role_id: roleId })
      .where('customer_id', '=', customerId)
      .where('id', 'in', [...userIds])
      .execute();
}

/**
 * Deletes a role unless a user holds it, checked in the same transaction (an assignment that landed
 * after an earlier read still counts).
 * @returns false when a user holds it (nothing deleted)
 */
export async function deleteRoleUnlessHeld(db: Kysely<DB>, customerId: string, roleId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const holder = await trx
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('role_id', '=', roleId)
      .executeTakeFirst();
    if (holder) return false;
    await trx.deleteFrom('roles').where('id', '=', roleId).where('customer_id', '=', customerId).execute();
    return true;
  });
}
