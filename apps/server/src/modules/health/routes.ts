import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { databaseReachable } from '../../infra/db/reachable.ts';
import { PUBLIC } from '../auth/access.ts';
import { countRecentRejections } from '../iot/rejections.ts';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.boolean(),
  broker: z.boolean(),
  storage: z.boolean(),
  /** Senseway messages the ingest refused (docs/architecture.md "What the ingest refuses"); null while the database is down. */
  ingest: z.object({ rejectedMessages24h: z.number().int().nullable() }),
});

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    config: { access: PUBLIC },
    schema: {
      tags: ['health'],
      summary: 'Readiness: 200 once the database, broker and storage are up, else 503',
      description:
        '`ingest.rejectedMessages24h`: Senseway messages refused by the ingest in the last 24 hours (table `ingest_rejections`, kept 7 days / 10 000 rows); refused messages do not make the answer 503.',
      response: { 200: healthBody, 503: healthBody },
    },
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
