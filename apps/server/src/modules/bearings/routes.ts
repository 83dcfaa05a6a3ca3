import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { listBearings, saveCustomBearing } from './repo.ts';

/**
 * Bearings of the point form (spec 000 §3 "Bearing", §5, §7 `GET /bearingSpesifications`, the spec's
 * spelling): the shared catalogue (DEFAULT, multipliers computed from geometry, catalogue.ts and
 * docs/bearings.md) and each customer's free-typed CUSTOM bearings. Multipliers are orders of shaft
 * speed (× shaft frequency in Hz = Hz).
 */
export async function bearingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listBearings),
    handler: async (req) => listBearings(ctx.db, authOf(req).customerId, req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.createBearing),
    handler: async (req) => saveCustomBearing(ctx.db, authOf(req).customerId, req.body),
  });
}
