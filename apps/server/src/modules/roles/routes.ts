import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSION_CATEGORIES,
  badRequestBody,
  errorBody,
  okBody,
  permissionEntry,
  role,
  roleCreateBody,
  roleUpdateBody,
  type PermissionEntry,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { authOf, needs } from '../auth/access.ts';
import { isUniqueViolation } from '../../infra/db/pg-errors.ts';
import { findRole, listRoles, roleNameTaken } from './repo.ts';
import {
  assertAdmin,
  assertAdminRemains,
  assertAdminRoleIntact,
  assertHoldsAll,
  assertMayTouchUsers,
  isAdminRoleName,
  lockCustomer,
  subjects,
} from './escalation.ts';

const idParams = z.object({ id: z.string() });

/** Every permission key with its category, in the contract's order (the roles dialog groups by category). */
export const PERMISSION_LIST: PermissionEntry[] = Object.entries(PERMISSION_CATEGORIES).flatMap(([category, keys]) =>
  keys.map((key) => ({ _id: key, name: key, category })),
);

/**
 * Roles (spec 002 §3 "Role", §5, §7 Admin): named permission sets assigned to users. Permissions are
 * read from the database on every request, so a change applies to the users' next request.
 */
export async function rolesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/permissions', {
    config: { access: needs('readRole') },
    schema: {
      tags: ['roles'],
      summary: 'Every permission key with its category',
      response: { 200: z.array(permissionEntry) },
    },
    handler: async () => PERMISSION_LIST,
  });

  r.get('/role', {
    config: { access: needs('readRole') },
    schema: {
      tags: ['roles'],
      summary: "The customer's roles with their assigned users",
      response: { 200: z.array(role) },
    },
    handler: async (req) => listRoles(ctx.db, authOf(req).customerId),
  });

  r.post('/role', {
    config: { access: needs('createRole') },
    schema: {
      tags: ['roles'],
      summary: 'Create a role',
      description:
        'The name is upper-cased and keeps letters, space and underscore (contract `normalizeRoleNameOnCreate`); it is unique in the customer (409). `displayName` defaults to the name. Only permissions the caller holds may be given (403 GRANT_NOT_HELD).',
      body: roleCreateBody,
      response: { 200: role, 400: badRequestBody, 403: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const b = req.body;
      assertHoldsAll(auth, b.permissions);
      if (await roleNameTaken(ctx.db, auth.customerId, b.name)) throw new AppError('ROLE_NAME_TAKEN', 'name');
      const id = newId();
      try {
        await ctx.db
          .insertInto('roles')
          .values({
            id,
            customer_id: auth.customerId,
            name: b.name,
            display_name: b.displayName || b.name,
            permissions: [...new Set(b.permissions)],
          })
          .execute();
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('ROLE_NAME_TAKEN', 'name');
        throw e;
      }
      return (await findRole(ctx.db, auth.customerId, id))!;
    },
  });

  r.put('/role/:id', {
    config: { access: needs('updateRole') },
    schema: {
      tags: ['roles'],
      summary: 'Edit a role, and optionally set its users',
      description:
        'Name (upper-cased; letters, digits, space, underscore; unique: 409) and permissions. With `user`, that list becomes the full set of users holding the role: listed users get it, the others who had it get none, in one transaction. Another customer’s role or user answers 404. The role may hold (before and after) only permissions the caller holds (403 GRANT_NOT_HELD); only an admin edits the ADMIN role or moves an admin user (type admin or holding ADMIN) onto or off a role (403 ADMIN_ONLY); the ADMIN role keeps its name, every permission and at least one admin user (403 LAST_ADMIN).',
      params: idParams,
      body: roleUpdateBody,
      response: { 200: role, 400: badRequestBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const existing = await findRole(ctx.db, auth.customerId, req.params.id);
      if (!existing) throw new AppError('ROLE_NOT_FOUND');
      const b = req.body;
      if (isAdminRoleName(existing.name)) {
        assertAdmin(auth);
        assertAdminRoleIntact(b.name, b.permissions);
      }
      // Nobody edits a role holding (before or after) a permission they do not hold themselves.
      assertHoldsAll(auth, [...existing.permissions, ...b.permissions]);
      if (await roleNameTaken(ctx.db, auth.customerId, b.name, existing._id)) throw new AppError('ROLE_NAME_TAKEN', 'name');
      const users = b.user ? [...new Set(b.user)] : null;
      if (users) {
        // Users moved onto or off the role: an admin among them needs an admin caller.
        const moved = [...users.filter((u) => !existing.user.includes(u)), ...existing.user.filter((u) => !users.includes(u))];
        assertMayTouchUsers(auth, await subjects(ctx.db, auth.customerId, moved));
      }
      if (users?.length) {
        const found = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('customer_id', '=', auth.customerId)
          .where('id', 'in', users)
          .execute();
        if (found.length !== users.length) throw new AppError('USER_NOT_FOUND', 'user');
      }
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await lockCustomer(trx, auth.customerId);
          await trx
            .updateTable('roles')
            .set({ name: b.name, display_name: b.displayName || b.name, permissions: [...new Set(b.permissions)] })
            .where('id', '=', existing._id)
            .where('customer_id', '=', auth.customerId)
            .execute();
          if (!users) return;
          let unassign = trx
            .updateTable('users')
            .set({ role_id: null })
            .where('customer_id', '=', auth.customerId)
            .where('role_id', '=', existing._id);
          if (users.length) unassign = unassign.where('id', 'not in', users);
          await unassign.execute();
          if (users.length)
            await trx
              .updateTable('users')
              .set({ role_id: existing._id })
              .where('customer_id', '=', auth.customerId)
              .where('id', 'in', users)
              .execute();
          await assertAdminRemains(trx, auth.customerId);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('ROLE_NAME_TAKEN', 'name');
        throw e;
      }
      return (await findRole(ctx.db, auth.customerId, existing._id))!;
    },
  });

  r.delete('/role/:id', {
    config: { access: needs('deleteRole') },
    schema: {
      tags: ['roles'],
      summary: 'Delete a role',
      description:
        'Refused while users hold it (409: assign them another role first). Another customer’s role answers 404. The ADMIN role is never deleted (403 ADMIN_ONLY for a non-admin, LAST_ADMIN for an admin).',
      params: idParams,
      response: { 200: okBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const existing = await findRole(ctx.db, auth.customerId, req.params.id);
      if (!existing) throw new AppError('ROLE_NOT_FOUND');
      if (isAdminRoleName(existing.name)) {
        assertAdmin(auth);
        throw new AppError('LAST_ADMIN');
      }
      await ctx.db.transaction().execute(async (trx) => {
        // Re-checked inside the transaction: an assignment that landed after the read above still counts.
        const holder = await trx
          .selectFrom('users')
          .select('id')
          .where('customer_id', '=', auth.customerId)
          .where('role_id', '=', existing._id)
          .executeTakeFirst();
        if (holder) throw new AppError('ROLE_IN_USE');
        await trx.deleteFrom('roles').where('id', '=', existing._id).where('customer_id', '=', auth.customerId).execute();
      });
      return { ok: true as const };
    },
  });
}
