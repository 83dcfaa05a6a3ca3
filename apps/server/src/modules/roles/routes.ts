import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSION_CATEGORIES, type PermissionEntry, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { listRoles } from './repo.ts';
import { createRole, deleteRole, updateRole } from './service.ts';

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

  r.route({
    ...routeOf(ENDPOINTS.listPermissions),
    handler: async () => PERMISSION_LIST,
  });

  r.route({
    ...routeOf(ENDPOINTS.listRoles),
    handler: async (req) => listRoles(ctx.db, authOf(req).customerId),
  });

  r.route({
    ...routeOf(ENDPOINTS.createRole),
    handler: async (req) => createRole(ctx, authOf(req), req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.updateRole),
    handler: async (req) => updateRole(ctx, authOf(req), req.params.id, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteRole),
    handler: async (req) => {
      await deleteRole(ctx, authOf(req), req.params.id);
      return { ok: true as const };
    },
  });
}
