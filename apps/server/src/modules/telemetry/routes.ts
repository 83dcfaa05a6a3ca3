import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AXIS_KEYS, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { listDefinitions } from './repo.ts';
import { createDefinition, deleteDefinition, reorderDefinitions, updateDefinition } from './service.ts';

/**
 * Where telemetry values come from (`telemetry_values.source`): the three accelerometer axes we
 * compute on, and `device` for values the sensor reported itself. `name` is the code; the web
 * translates it.
 */
export const TELEMETRY_SOURCES = [...AXIS_KEYS, 'device'].map((code) => ({ code, name: code }));

/** Telemetry definitions of the customer (spec 002 §3, §5): list, sources, create, edit, delete, order. */
export async function telemetryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listTelemetry),
    handler: async (req) => listDefinitions(ctx.db, authOf(req).customerId),
  });

  r.route({
    ...routeOf(ENDPOINTS.listTelemetrySources),
    handler: async () => TELEMETRY_SOURCES,
  });

  r.route({
    ...routeOf(ENDPOINTS.createTelemetry),
    handler: async (req) => createDefinition(ctx, authOf(req).customerId, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.reorderTelemetry),
    handler: async (req) => reorderDefinitions(ctx, authOf(req).customerId, req.body.ids),
  });

  r.route({
    ...routeOf(ENDPOINTS.updateTelemetry),
    handler: async (req) => updateDefinition(ctx, authOf(req).customerId, req.params.id, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteTelemetry),
    handler: async (req) => {
      await deleteDefinition(ctx, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });
}
