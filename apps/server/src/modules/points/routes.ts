import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, point } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { findPoint } from './repo.ts';

export async function pointRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/point/:id', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['points'],
      summary: 'A measurement point with its device, profile and bearing',
      params: z.object({ id: z.string() }),
      response: { 200: point, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const p = await findPoint(ctx.db, auth.customerId, req.params.id);
      if (!p) throw new AppError('POINT_NOT_FOUND');
      return p;
    },
  });
}
