import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { customerPoints, findRoute, insertRoute, listRoutes, updateRoute, deleteRoute } from './repo.ts';

/**
 * Routes (spec 000 §2 "Routes tab", §3 "Route", §5 "Route form", §7): named, ordered sets of the
 * customer's points, e.g. a walk-around inspection. (The folder is `point-routes` so it is not
 * mistaken for Fastify route files.) Name required (`pleaseEnterName`), at least one point
 * (`leastOnePoint`): 400 with `errors: [{msg, param}]`. Every point must be one of the customer's
 * points (else 404 POINT_NOT_FOUND); a point listed twice is kept once, at its first position.
 * Deleting a point removes it from every route.
 */
export async function pointRoutesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listRoutes),
    handler: async (req) => listRoutes(ctx.db, authOf(req).customerId),
  });

  r.route({
    ...routeOf(ENDPOINTS.createRoute),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const points = await customerPoints(ctx.db, customerId, req.body.points);
      const id = await insertRoute(ctx.db, customerId, req.body.name, points);
      return (await findRoute(ctx.db, customerId, id))!;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getRoute),
    handler: async (req) => {
      const found = await findRoute(ctx.db, authOf(req).customerId, req.params.id);
      if (!found) throw new AppError('ROUTE_NOT_FOUND');
      return found;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.updateRoute),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const existing = await findRoute(ctx.db, customerId, req.params.id);
      if (!existing) throw new AppError('ROUTE_NOT_FOUND');
      const points = await customerPoints(ctx.db, customerId, req.body.points);
      await updateRoute(ctx.db, customerId, existing._id, req.body.name, points);
      return (await findRoute(ctx.db, customerId, existing._id))!;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteRoute),
    handler: async (req) => {
      const { customerId } = authOf(req);
      if (!(await deleteRoute(ctx.db, customerId, req.params.id))) throw new AppError('ROUTE_NOT_FOUND');
      return { ok: true as const };
    },
  });
}
