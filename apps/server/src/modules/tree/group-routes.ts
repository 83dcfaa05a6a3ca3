import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Group, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { createGroup, deleteGroup, editGroup, groupWithChildren } from './service.ts';

/**
 * Groups of the asset tree (spec 000 §2 "Asset tree", §4 "Tree rules", §7): read, create (also
 * root groups), edit or move, delete. The rules live in `rules.ts`, the work in `service.ts`.
 */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getGroup),
    handler: async (req): Promise<Group> => groupWithChildren(ctx, authOf(req).customerId, req.params.id),
  });

  r.route({
    ...routeOf(ENDPOINTS.createGroup),
    handler: async (req) => createGroup(ctx, authOf(req).customerId, req.params.parentGroupId, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.updateGroup),
    handler: async (req) => editGroup(ctx, authOf(req).customerId, req.params.id, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteGroup),
    handler: async (req) => {
      await deleteGroup(ctx, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });
}
