import type { UserCreateBody, UserUpdateBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { onUniqueViolation } from '../../infra/db/pg-errors.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import {
  assertAdminRemains,
  assertHoldsAll,
  assertMayTouchUsers,
  lockCustomer,
  roleGrant,
  type Actor,
} from '../roles/escalation.ts';
import { assertPasswordAllowed, hashPassword } from './password.ts';
import {
  deleteUserAndSessions,
  emailTaken,
  findUser,
  insertUser,
  setPasswordEndingSessions,
  updateUserColumns,
  userColumns,
} from './repo.ts';

/** Who acts: the caller's customer, user, type and permissions (auth/access.ts `authOf`). */
export type UserActor = Actor & { customerId: string; userId: string };

/**
 * The checks shared by create and edit (spec 002 §7 Admin; docs/security.md "Roles"): the role is the
 * customer's, only an admin makes an admin (type admin or the ADMIN role), the role holds only
 * permissions the caller holds, the e-mail is free in the customer. `before`: the edited user as they
 * are now (an admin user needs an admin caller; a user whose role holds more than the caller's is
 * not the caller's to edit).
 * @throws AppError ROLE_NOT_FOUND (404), ADMIN_ONLY (403), GRANT_NOT_HELD (403), EMAIL_TAKEN (409)
 */
async function checkFields(
  ctx: AppContext,
  actor: UserActor,
  b: UserUpdateBody,
  before?: { id: string; userType: 'admin' | 'user'; role: string | null; roleName: string | null },
) {
  const role = b.role ? await roleGrant(ctx.db, actor.customerId, b.role) : undefined;
  if (b.role && !role) throw new AppError('ROLE_NOT_FOUND', 'role');
  const old = before?.role ? await roleGrant(ctx.db, actor.customerId, before.role) : undefined;
  assertMayTouchUsers(actor, [{ userType: b.userType, roleName: role?.name ?? null }, ...(before ? [before] : [])]);
  assertHoldsAll(actor, [...(role?.permissions ?? []), ...(old?.permissions ?? [])]);
  if (await emailTaken(ctx.db, actor.customerId, b.email, before?.id)) throw new AppError('EMAIL_TAKEN', 'email');
}

/**
 * Creates a user of the actor's customer (`POST /users`): the checks above, the password within the
 * customer's policy; the new user chooses their own password at the first login.
 * @throws AppError as `checkFields`, WEAK_PASSWORD / COMMON_PASSWORD (400)
 */
export async function createUser(ctx: AppContext, actor: UserActor, b: UserCreateBody) {
  await checkFields(ctx, actor, b);
  await assertPasswordAllowed(ctx.db, actor.customerId, b.password);
  const id = newId();
  const passwordHash = await hashPassword(b.password);
  await onUniqueViolation(
    () => insertUser(ctx.db, { id, customerId: actor.customerId, passwordHash, columns: userColumns(b) }),
    'EMAIL_TAKEN',
    'email',
  );
  return (await findUser(ctx.db, actor.customerId, id))!;
}

/**
 * Replaces a user's fields (`PUT /users/{id}`): the checks above, and the customer keeps an admin
 * holding the ADMIN role (checked in the same transaction, the customer locked).
 * @throws AppError USER_NOT_FOUND (404), as `checkFields`, LAST_ADMIN (403)
 */
export async function updateUser(ctx: AppContext, actor: UserActor, userId: string, b: UserUpdateBody) {
  const existing = await findUser(ctx.db, actor.customerId, userId);
  if (!existing) throw new AppError('USER_NOT_FOUND');
  await checkFields(ctx, actor, b, { ...existing, id: existing._id });
  await onUniqueViolation(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await lockCustomer(trx, actor.customerId);
        await updateUserColumns(trx, actor.customerId, existing._id, userColumns(b));
        await assertAdminRemains(trx, actor.customerId);
      }),
    'EMAIL_TAKEN',
    'email',
  );
  return (await findUser(ctx.db, actor.customerId, existing._id))!;
}

/**
 * Deletes a user (`DELETE /users/{id}`): never oneself, an admin only by an admin, never the last
 * admin; their sessions end and they leave the alarm notification receivers; their measurements
 * stay, without a user.
 * @throws AppError USER_NOT_FOUND (404), CANNOT_DELETE_SELF (409), ADMIN_ONLY (403), LAST_ADMIN (403)
 */
export async function deleteUser(ctx: AppContext, actor: UserActor, userId: string) {
  const existing = await findUser(ctx.db, actor.customerId, userId);
  if (!existing) throw new AppError('USER_NOT_FOUND');
  if (existing._id === actor.userId) throw new AppError('CANNOT_DELETE_SELF');
  assertMayTouchUsers(actor, [existing]);
  await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, actor.customerId);
    await deleteUserAndSessions(trx, actor.customerId, existing._id);
    await assertAdminRemains(trx, actor.customerId);
  });
}

/**
 * Sets another user's password (`POST /user/{id}/password`, an admin's act): within the customer's
 * policy; the user chooses their own at the next login, and their sessions end.
 * @throws AppError USER_NOT_FOUND (404), WEAK_PASSWORD / COMMON_PASSWORD (400)
 */
export async function setUserPassword(ctx: AppContext, customerId: string, userId: string, password: string) {
  const target = await findUser(ctx.db, customerId, userId);
  if (!target) throw new AppError('USER_NOT_FOUND');
  await assertPasswordAllowed(ctx.db, customerId, password);
  await setPasswordEndingSessions(ctx.db, customerId, target._id, await hashPassword(password));
}
