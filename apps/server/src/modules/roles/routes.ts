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
import { authOf, needs } from '../auth/access.ts';
import { listRoles } from './repo.ts';
import { createRole, deleteRole, updateRole } from './service.ts';

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
    handler: async (req) => createRole(ctx, authOf(req), req.body),
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
    handler: async (req) => updateRole(ctx, authOf(req), req.params.id, req.body),
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
      await deleteRole(ctx, authOf(req), req.params.id);
      return { ok: true as const };
    },
  });
}
