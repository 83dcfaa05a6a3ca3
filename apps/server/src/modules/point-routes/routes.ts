import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestBody, errorBody, okBody, route, routeBody, routeList } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { customerPoints, findRoute, insertRoute, listRoutes, updateRoute, deleteRoute } from './repo.ts';

const idParams = z.object({ id: z.string() });

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

  r.get('/route', {
    config: { access: needs('readRoute') },
    schema: {
      tags: ['routes'],
      summary: "The customer's routes, oldest first, with their points in order",
      response: { 200: routeList },
    },
    handler: async (req) => listRoutes(ctx.db, authOf(req).customerId),
  });

  r.post('/route', {
    config: { access: needs('createRoute') },
    schema: {
      tags: ['routes'],
      summary: 'Create a route',
      description:
        'Name (trimmed, 1–200 characters) and the ids of the points in visiting order (at least one; each a point of the customer, else 404 POINT_NOT_FOUND).',
      body: routeBody,
      response: { 200: route, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const points = await customerPoints(ctx.db, customerId, req.body.points);
      const id = await insertRoute(ctx.db, customerId, req.body.name, points);
      return (await findRoute(ctx.db, customerId, id))!;
    },
  });

  r.get('/route/:id', {
    config: { access: needs('readRoute') },
    schema: {
      tags: ['routes'],
      summary: 'A route with its points',
      description: 'Another customer’s route answers 404 ROUTE_NOT_FOUND, as an unknown one.',
      params: idParams,
      response: { 200: route, 404: errorBody },
    },
    handler: async (req) => {
      const found = await findRoute(ctx.db, authOf(req).customerId, req.params.id);
      if (!found) throw new AppError('ROUTE_NOT_FOUND');
      return found;
    },
  });

  r.put('/route/:id', {
    config: { access: needs('updateRoute') },
    schema: {
      tags: ['routes'],
      summary: 'Rename a route and replace its points',
      description: 'Same body and rules as POST /route. Another customer’s route answers 404 ROUTE_NOT_FOUND.',
      params: idParams,
      body: routeBody,
      response: { 200: route, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const existing = await findRoute(ctx.db, customerId, req.params.id);
      if (!existing) throw new AppError('ROUTE_NOT_FOUND');
      const points = await customerPoints(ctx.db, customerId, req.body.points);
      await updateRoute(ctx.db, customerId, existing._id, req.body.name, points);
      return (await findRoute(ctx.db, customerId, existing._id))!;
    },
  });

  r.delete('/route/:id', {
    config: { access: needs('deleteRoute') },
    schema: {
      tags: ['routes'],
      summary: 'Delete a route (its points stay)',
      description: 'Another customer’s route answers 404 ROUTE_NOT_FOUND.',
      params: idParams,
      response: { 200: okBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      if (!(await deleteRoute(ctx.db, customerId, req.params.id))) throw new AppError('ROUTE_NOT_FOUND');
      return { ok: true as const };
    },
  });
}
