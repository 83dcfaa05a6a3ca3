import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.boolean(),
  broker: z.boolean(),
  storage: z.boolean(),
  /** Senseway messages the ingest refused (docs/architecture.md "What the ingest refuses"); null while the database is down. */
  ingest: z.object({ rejectedMessages24h: z.number().int().nullable() }),
});

/**
 * Readiness of the server (docs/operations.md). Server: modules/health.
 */
export const HEALTH_ENDPOINTS = {
  getHealth: endpoint({
    method: 'GET',
    path: '/health',
    access: { public: true },
    tags: ['health'],
    summary: 'Readiness: 200 once the database, broker and storage are up, else 503',
    description:
      '`ingest.rejectedMessages24h`: Senseway messages refused by the ingest in the last 24 hours (table `ingest_rejections`, kept 7 days / 10 000 rows); refused messages do not make the answer 503.',
    response: healthBody,
    errors: [503],
    errorSchemas: { 503: healthBody },
  }),
};
