import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pointFormBody, pointMoveBody, type Point, type PointSaveAnswer, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { validatorCompiler } from '../../infra/validator.ts';
import { authOf } from '../auth/access.ts';
import { signedImageUrl } from './images.ts';
import { findPoint } from './repo.ts';
import { createPoint, deletePoint, editPoint, movePoint } from './service.ts';

/**
 * Validates `PUT /point/{id}` by shape (spec 000 §7): a body with `tagGroup` is a move
 * (`pointMoveBody`), any other the full form (`pointFormBody`), each with its own messages. The
 * route's schema stays the union for the OpenAPI document.
 */
const updateValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (route.httpPart !== 'body') return validatorCompiler(route);
  const move = validatorCompiler({ ...route, schema: pointMoveBody });
  const form = validatorCompiler({ ...route, schema: pointFormBody });
  return (data) => (data && typeof data === 'object' && 'tagGroup' in data ? move(data) : form(data));
};

/**
 * Points of the asset tree (spec 000 §3 "Point", §5 "Point form", §7): read one or several, create
 * in a group, edit or move, delete. Images: points/images.ts; tree rules: tree/rules.ts.
 */
export async function pointRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const imageUrl = (key: string) => signedImageUrl(ctx.secrets.storageKey, key);

  r.route({
    ...routeOf(ENDPOINTS.getPoint),
    handler: async (req) => {
      const auth = authOf(req);
      const p = await findPoint(ctx.db, auth.customerId, req.params.id, imageUrl);
      if (!p) throw new AppError('POINT_NOT_FOUND');
      return p;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.listPoints),
    handler: async (req) => {
      const auth = authOf(req);
      const found: Point[] = [];
      for (const id of req.query.points) {
        const p = await findPoint(ctx.db, auth.customerId, id, imageUrl);
        if (p) found.push(p);
      }
      return found;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.createPoint),
    handler: async (req): Promise<PointSaveAnswer> =>
      createPoint(ctx, authOf(req).customerId, req.params.parentGroupId, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.updatePoint),
    // Typed for any schema, so not assignable to this route's exact schema type: the cast is safe.
    validatorCompiler: updateValidator as never,
    handler: async (req): Promise<PointSaveAnswer> => {
      const { customerId } = authOf(req);
      const body = req.body;
      if ('tagGroup' in body) return movePoint(ctx, customerId, req.params.id, body.tagGroup);
      return editPoint(ctx, customerId, req.params.id, body);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.deletePoint),
    handler: async (req) => {
      await deletePoint(ctx, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });
}
