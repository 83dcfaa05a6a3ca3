import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timeZoneOffsetMinutes, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { assertPoint, loadTrend, trendTelemetries } from './repo.ts';

/** The trend panel of a point (spec 001 §2 "Trend panel", §7; docs/trend.md). */
export async function trendRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listPointTrendTelemetries),
    handler: async (req) => {
      const auth = authOf(req);
      await assertPoint(ctx.db, auth.customerId, req.params.id);
      return trendTelemetries(ctx.db, auth.customerId, req.params.id);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getPointTrend),
    handler: async (req) => {
      const auth = authOf(req);
      await assertPoint(ctx.db, auth.customerId, req.params.id);
      const zoneOffsetMinutes = timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone);
      return loadTrend(ctx.db, { customerId: auth.customerId, zoneOffsetMinutes }, req.params.id, req.query);
    },
  });
}
