import { ENDPOINTS } from '@overtone/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { databaseReachable } from '../../infra/db/reachable.ts';
import { countRecentRejections } from '../iot/rejections.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(ENDPOINTS.getHealth),
    handler: async (_req, reply) => {
      const database = await databaseReachable(ctx.db);
      const broker = ctx.mqtt.connected();
      const storage = await ctx.storage.ready().catch(() => false);
      const rejectedMessages24h = database ? await countRecentRejections(ctx.db).catch(() => null) : null;
      const ok = database && broker && storage;
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, broker, storage, ingest: { rejectedMessages24h } });
    },
  });
}
