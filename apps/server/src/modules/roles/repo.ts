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
