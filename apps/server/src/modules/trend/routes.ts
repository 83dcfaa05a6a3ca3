import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  errorBody,
  timeZoneOffsetMinutes,
  trendQuery,
  trendResponse,
  trendTelemetriesResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
import { assertPoint, loadTrend, trendTelemetries } from './repo.ts';

const idParams = z.object({ id: z.string() });

/**
 * Trend reads need `Readtrend` (spec 002 §6, "trend (read)"; the measurement page's trend card
 * "needs Readtrend"). Opening a point's measurement from the chart needs readMeasurement there.
 */
const ACCESS_DOC = 'Needs Readtrend. Another customer’s point answers 404 exactly like a missing one.';

/** The trend panel of a point (spec 001 §2 "Trend panel", §7; docs/trend.md). */
export async function trendRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/point/:id/trend/telemetries', {
    config: { access: needs('Readtrend') },
    schema: {
      tags: ['trend'],
      summary: 'The telemetries a point has values of, with their sources',
      description: `Display name, unit and hidden flag from the customer’s definitions; display order. ${ACCESS_DOC}`,
      params: idParams,
      response: { 200: trendTelemetriesResponse, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      await assertPoint(ctx.db, auth.customerId, req.params.id);
      return trendTelemetries(ctx.db, auth.customerId, req.params.id);
    },
  });

  r.get('/point/:id/trend', {
    config: { access: needs('Readtrend') },
    schema: {
      tags: ['trend'],
      summary: 'The trend series of a point',
      description:
        'One series per telemetry of `filters` (comma list; default VRMS_ISO10816_OVERALL, else VRMS_ISO10816, else the first), its values of every source oldest first, each `{value, createdAt, source, measurement: {_id, note}}`. ' +
        '`startDate`/`endDate` `YYYY-MM-DD HH:mm:ss` in the customer’s time zone, inclusive (default: the last 30 days); `measurementType` MANUAL, PERIODIC or TRIGGERED; ' +
        'value filters `minValueActive`/`minValue`, `maxValueActive`/`maxValue` leave out values outside the active bounds (both active with min ≥ max: 400 `admin.warningForValidationValue`). ' +
        '`maxPoints` (10 … 20000, default 2000): a source with more values in the range is decimated to the minimum and maximum of each of `maxPoints / 2` equal time buckets, so every excursion survives; values of measurements with a note are always kept (`decimated`, `total` tell). ' +
        `\`notes\`: the range’s measurement notes. \`hasMeasurement\` false: the point has no values at all. Bad dates: 400. ${ACCESS_DOC}`,
      params: idParams,
      querystring: trendQuery,
      response: { 200: trendResponse, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      await assertPoint(ctx.db, auth.customerId, req.params.id);
      const zoneOffsetMinutes = timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone);
      return loadTrend(ctx.db, { customerId: auth.customerId, zoneOffsetMinutes }, req.params.id, req.query);
    },
  });
}
