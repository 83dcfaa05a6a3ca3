import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  adminPasswordBody,
  badRequestBody,
  errorBody,
  messageBody,
  okBody,
  user,
  userCreateBody,
  userList,
  userUpdateBody,
  type UserCreateBody,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { authOf, needs } from '../auth/access.ts';
import { emailTaken, findUser, selectUsers, toUser } from './repo.ts';
import { isUniqueViolation } from '../../infra/db/pg-errors.ts';
import { assertPasswordAllowed, hashPassword } from './password.ts';
import { userMessage } from './messages.ts';
import {
  assertAdminRemains,
  assertHoldsAll,
  assertMayTouchUsers,
  lockCustomer,
  roleGrant,
  type Actor,
} from '../roles/escalation.ts';

const idParams = z.object({ id: z.string() });

/** Users of the customer (spec 002 §3 "User", §7 Admin): list, create, edit, delete, admin password reset. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The body's columns (phone split into number and country). */
  const columns = (b: Omit<UserCreateBody, 'password'>) => ({
    name: b.name,
    surname: b.surname,
    email: b.email,
    phone: b.phone?.number ?? null,
    phone_country: b.phone?.country ?? null,
    user_type: b.userType,
    role_id: b.role,
    mfa_enabled: b.mfaEnabled,
  });

  /**
   * Checks shared by create and edit: the role is the customer's, only an admin makes an admin (type
   * admin or the ADMIN role: 403 ADMIN_ONLY), the role holds only permissions the caller holds (403
   * GRANT_NOT_HELD), the e-mail is free. `before`: the edited user as they are now (an admin user
   * needs an admin caller; a user whose role holds more than the caller's is not the caller's to edit).
   */
  const checkFields = async (
    actor: Actor & { customerId: string },
    b: Omit<UserCreateBody, 'password'>,
    before?: { id: string; userType: 'admin' | 'user'; role: string | null; roleName: string | null },
  ) => {
    const role = b.role ? await roleGrant(ctx.db, actor.customerId, b.role) : undefined;
    if (b.role && !role) throw new AppError('ROLE_NOT_FOUND', 'role');
    const old = before?.role ? await roleGrant(ctx.db, actor.customerId, before.role) : undefined;
    assertMayTouchUsers(actor, [{ userType: b.userType, roleName: role?.name ?? null }, ...(before ? [before] : [])]);
    assertHoldsAll(actor, [...(role?.permissions ?? []), ...(old?.permissions ?? [])]);
    if (await emailTaken(ctx.db, actor.customerId, b.email, before?.id)) throw new AppError('EMAIL_TAKEN', 'email');
  };

  r.get('/users', {
    config: { access: needs('readUser') },
    schema: {
      tags: ['users'],
      summary: "The customer's users",
      description: 'Oldest first, each with its role (id and name), phone `{country, number}` and flags.',
      response: { 200: userList },
    },
    handler: async (req) => (await selectUsers(ctx.db, authOf(req).customerId).execute()).map(toUser),
  });

  r.post('/users', {
    config: { access: needs('createUser') },
    schema: {
      tags: ['users'],
      summary: 'Create a user',
      description:
        "The password must pass the customer's policy raised to the global floor (400 `Weak Password`). The new user has `passwordChanged: false` (chooses their own password at the first login) and the e-mailed second login step unless `mfaEnabled: false`. Only an admin may create an admin (type admin or the ADMIN role: 403 ADMIN_ONLY); the role may hold only permissions the caller holds (403 GRANT_NOT_HELD).",
      body: userCreateBody,
      response: { 200: user, 400: badRequestBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const b = req.body;
      await checkFields(auth, b);
      await assertPasswordAllowed(ctx.db, auth.customerId, b.password);
      const id = newId();
      try {
        await ctx.db
          .insertInto('users')
          .values({
            id,
            customer_id: auth.customerId,
            password_hash: await hashPassword(b.password),
            password_changed: false,
            ...columns(b),
          })
          .execute();
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('EMAIL_TAKEN', 'email');
        throw e;
      }
      return (await findUser(ctx.db, auth.customerId, id))!;
    },
  });

  r.put('/users/:id', {
    config: { access: needs('updateUser') },
    schema: {
      tags: ['users'],
      summary: 'Edit a user',
      description:
        'Replaces name, surname, e-mail (unique in the customer, case-insensitively: 409), phone, user type, role and the second-step flag. Another customer’s user answers 404. Only an admin may edit an admin or make a user an admin (type admin or the ADMIN role: 403 ADMIN_ONLY); the user’s old and new roles may hold only permissions the caller holds (403 GRANT_NOT_HELD); the last admin holding the ADMIN role cannot be demoted or moved off it (403 LAST_ADMIN).',
      params: idParams,
      body: userUpdateBody,
      response: { 200: user, 400: badRequestBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const existing = await findUser(ctx.db, auth.customerId, req.params.id);
      if (!existing) throw new AppError('USER_NOT_FOUND');
      const b = req.body;
      await checkFields(auth, b, { ...existing, id: existing._id });
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await lockCustomer(trx, auth.customerId);
          await trx
            .updateTable('users')
            .set(columns(b))
            .where('id', '=', existing._id)
            .where('customer_id', '=', auth.customerId)
            .execute();
          await assertAdminRemains(trx, auth.customerId);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('EMAIL_TAKEN', 'email');
        throw e;
      }
      return (await findUser(ctx.db, auth.customerId, existing._id))!;
    },
  });

  r.delete('/users/:id', {
    config: { access: needs('deleteUser') },
    schema: {
      tags: ['users'],
      summary: 'Delete a user',
      description:
        'Deletes the user, ends their sessions and takes them off the alarm notification receivers. Nobody deletes their own account (409); only an admin deletes an admin (403 ADMIN_ONLY); the last admin holding the ADMIN role stays (403 LAST_ADMIN). Their measurements stay, without a user.',
      params: idParams,
      response: { 200: okBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const existing = await findUser(ctx.db, auth.customerId, req.params.id);
      if (!existing) throw new AppError('USER_NOT_FOUND');
      if (existing._id === auth.userId) throw new AppError('CANNOT_DELETE_SELF');
      assertMayTouchUsers(auth, [existing]);
      await ctx.db.transaction().execute(async (trx) => {
        await lockCustomer(trx, auth.customerId);
        await trx.deleteFrom('sessions').where('user_id', '=', existing._id).execute();
        await trx.deleteFrom('users').where('id', '=', existing._id).where('customer_id', '=', auth.customerId).execute();
        // Nor is the user an alarm notification receiver any more (PUT /preferences refuses unknown users).
        await sql`UPDATE customers SET preferences = jsonb_set(preferences, '{alarm,notificationReceivers}',
            coalesce((SELECT jsonb_agg(r) FROM jsonb_array_elements(preferences #> '{alarm,notificationReceivers}') r
                      WHERE r <> to_jsonb(${existing._id}::text)), '[]'::jsonb))
          WHERE id = ${auth.customerId} AND jsonb_typeof(preferences #> '{alarm,notificationReceivers}') = 'array'`.execute(trx);
        await assertAdminRemains(trx, auth.customerId);
      });
      return { ok: true as const };
    },
  });

  r.post('/user/:id/password', {
    config: { access: needs('deleteUser') },
    schema: {
      tags: ['users'],
      summary: "Set another user's password (admin)",
      description:
        "Needs deleteUser and the caller's user type admin (403 otherwise). The password must pass the customer's policy; the user must choose their own at the next login (`passwordChanged: false`) and their sessions end. Answers a translated confirmation.",
      params: idParams,
      body: adminPasswordBody,
      response: { 200: messageBody, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
    // Before the body is validated: a non-admin learns nothing from this route but 403.
    onRequest: async (req) => {
      if (authOf(req).userType !== 'admin') throw new AppError('FORBIDDEN');
    },
    handler: async (req) => {
      const auth = authOf(req);
      const target = await findUser(ctx.db, auth.customerId, req.params.id);
      if (!target) throw new AppError('USER_NOT_FOUND');
      await assertPasswordAllowed(ctx.db, auth.customerId, req.body.password);
      const hash = await hashPassword(req.body.password);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: hash, password_changed: false })
          .where('id', '=', target._id)
          .where('customer_id', '=', auth.customerId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', target._id).execute();
      });
      return { message: userMessage(req, 'userPasswordSet') };
    },
  });
}
