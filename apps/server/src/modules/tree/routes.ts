import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { defaultTelemetryOf, loadTree } from './repo.ts';

export async function treeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOf(ENDPOINTS.getTree),
    handler: async (req) => {
      const auth = authOf(req);
      return loadTree(ctx.db, auth.customerId, await defaultTelemetryOf(ctx.db, auth.customerId));
    },
  });
}
