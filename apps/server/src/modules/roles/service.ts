import type { z } from 'zod';
import type { roleCreateBody, roleUpdateBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { onUniqueViolation } from '../../infra/db/pg-errors.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import {
  assertAdmin,
  assertAdminRemains,
  assertAdminRoleIntact,
  assertHoldsAll,
  assertMayTouchUsers,
  isAdminRoleName,
  lockCustomer,
  subjects,
  type Actor,
} from './escalation.ts';
import {
  countCustomerUsers,
  deleteRoleUnlessHeld,
  findRole,
  insertRole,
  roleNameTaken,
  setRoleHolders,
  updateRoleRow,
} from './repo.ts';

/** The validated bodies (defaults applied). */
type RoleCreate = z.output<typeof roleCreateBody>;
type RoleUpdate = z.output<typeof roleUpdateBody>;

/** Who acts: the caller's customer, type and permissions (auth/access.ts `authOf`). */
export type RoleActor = Actor & { customerId: string };

/**
 * Creates a role (`POST /role`; spec 002 §7 Admin): only permissions the caller holds, a name unique
 * in the customer; the display name defaults to the name, permissions are kept once each.
 * @throws AppError GRANT_NOT_HELD (403), ROLE_NAME_TAKEN (409)
 */
export async function createRole(ctx: AppContext, actor: RoleActor, b: RoleCreate) {
  assertHoldsAll(actor, b.permissions);
  if (await roleNameTaken(ctx.db, actor.customerId, b.name)) throw new AppError('ROLE_NAME_TAKEN', 'name');
  const id = newId();
  await onUniqueViolation(
    () =>
      insertRole(ctx.db, {
        id,
        customerId: actor.customerId,
        name: b.name,
        displayName: b.displayName || b.name,
        permissions: [...new Set(b.permissions)],
      }),
    'ROLE_NAME_TAKEN',
    'name',
  );
  return (await findRole(ctx.db, actor.customerId, id))!;
}

/**
 * Edits a role (`PUT /role/{id}`), and with `user` sets exactly who holds it (docs/security.md
 * "Roles"): the role may hold, before and after, only permissions the caller holds; only an admin
 * edits the ADMIN role (which keeps its name and every permission) or moves an admin user onto or off
 * a role; the customer keeps an admin holding ADMIN. One transaction, the customer locked.
 * @throws AppError ROLE_NOT_FOUND, USER_NOT_FOUND (404), GRANT_NOT_HELD, ADMIN_ONLY, LAST_ADMIN (403),
 *   ROLE_NAME_TAKEN (409)
 */
export async function updateRole(ctx: AppContext, actor: RoleActor, roleId: string, b: RoleUpdate) {
  const existing = await findRole(ctx.db, actor.customerId, roleId);
  if (!existing) throw new AppError('ROLE_NOT_FOUND');
  if (isAdminRoleName(existing.name)) {
    assertAdmin(actor);
    assertAdminRoleIntact(b.name, b.permissions);
  }
  assertHoldsAll(actor, [...existing.permissions, ...b.permissions]);
  if (await roleNameTaken(ctx.db, actor.customerId, b.name, existing._id)) throw new AppError('ROLE_NAME_TAKEN', 'name');
  const users = b.user ? [...new Set(b.user)] : null;
  if (users) {
    // Users moved onto or off the role: an admin among them needs an admin caller.
    const moved = [...users.filter((u) => !existing.user.includes(u)), ...existing.user.filter((u) => !users.includes(u))];
    assertMayTouchUsers(actor, await subjects(ctx.db, actor.customerId, moved));
    if ((await countCustomerUsers(ctx.db, actor.customerId, users)) !== users.length)
      throw new AppError('USER_NOT_FOUND', 'user');
  }
  await onUniqueViolation(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await lockCustomer(trx, actor.customerId);
        await updateRoleRow(trx, actor.customerId, existing._id, {
          name: b.name,
          displayName: b.displayName || b.name,
          permissions: [...new Set(b.permissions)],
        });
        if (users) await setRoleHolders(trx, actor.customerId, existing._id, users);
        await assertAdminRemains(trx, actor.customerId);
      }),
    'ROLE_NAME_TAKEN',
    'name',
  );
  return (await findRole(ctx.db, actor.customerId, existing._id))!;
}

/**
 * Deletes a role nobody holds (`DELETE /role/{id}`); the ADMIN role is never deleted.
 * @throws AppError ROLE_NOT_FOUND (404), ADMIN_ONLY / LAST_ADMIN (403), ROLE_IN_USE (409)
 */
export async function deleteRole(ctx: AppContext, actor: RoleActor, roleId: string) {
  const existing = await findRole(ctx.db, actor.customerId, roleId);
  if (!existing) throw new AppError('ROLE_NOT_FOUND');
  if (isAdminRoleName(existing.name)) {
    assertAdmin(actor);
    throw new AppError('LAST_ADMIN');
  }
  if (!(await deleteRoleUnlessHeld(ctx.db, actor.customerId, existing._id))) throw new AppError('ROLE_IN_USE');
}
