import { trendQuery, trendResponse, trendTelemetriesResponse } from '../trend.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Trend reads need `Readtrend` (spec 002 §6, "trend (read)"; the measurement page's trend card
 * "needs Readtrend"). Opening a point's measurement from the chart needs readMeasurement there.
 */
const ACCESS_DOC = 'Needs Readtrend. Another customer’s point answers 404 exactly like a missing one.';

/**
 * Telemetry trends of a point (spec 001 "Trend"; docs/trend.md). Server: modules/trend.
 */
export const TREND_ENDPOINTS = {
  listPointTrendTelemetries: endpoint({
    method: 'GET',
    path: '/point/:id/trend/telemetries',
    access: { permission: ['Readtrend'] },
    tags: ['trend'],
    summary: 'The telemetries a point has values of, with their sources',
    description: `Display name, unit and hidden flag from the customer’s definitions; display order. ${ACCESS_DOC}`,
    params: idParams,
    response: trendTelemetriesResponse,
    errors: [403, 404],
  }),
  getPointTrend: endpoint({
    method: 'GET',
    path: '/point/:id/trend',
    access: { permission: ['Readtrend'] },
    tags: ['trend'],
    summary: 'The trend series of a point',
    description:
      'One series per telemetry of `filters` (comma list; default VRMS_ISO10816_OVERALL, else VRMS_ISO10816, else the first), its values of every source oldest first, each `{value, createdAt, source, measurement: {_id, note}}`. ' +
      '`startDate`/`endDate` `YYYY-MM-DD HH:mm:ss` in the customer’s time zone, inclusive (default: the last 30 days); `measurementType` MANUAL, PERIODIC or TRIGGERED; ' +
      'value filters `minValueActive`/`minValue`, `maxValueActive`/`maxValue` leave out values outside the active bounds (both active with min ≥ max: 400 `admin.warningForValidationValue`). ' +
      '`maxPoints` (10 … 20000, default 2000): a source with more values in the range is decimated to the minimum and maximum of each of `maxPoints / 2` equal time buckets, so every excursion survives; values of measurements with a note are always kept (`decimated`, `total` tell). ' +
      `\`notes\`: the range’s measurement notes. \`hasMeasurement\` false: the point has no values at all. Bad dates: 400. ${ACCESS_DOC}`,
    params: idParams,
    query: trendQuery,
    response: trendResponse,
    errors: [400, 403, 404],
  }),
};
