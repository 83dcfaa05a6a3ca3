import { z } from 'zod';
import { measurementType } from './measurement.ts';
import { DATE_TIME_PATTERN } from './point-form.ts';

/**
 * The trend of a point (spec 001 §2 "Trend panel", §3 "Trend series", §5, §7
 * `GET /point/{id}/trend/telemetries`, `GET /point/{id}/trend`, §9). docs/trend.md describes the
 * decimation and its measured cost.
 */

/** Chart height of the trend, px (spec 001 §9). */
export const TREND_CHART_HEIGHT = 420;
/** Precision of the min/max value filters, decimals (spec 001 §5, §9). */
export const TREND_VALUE_PRECISION = 4;
/** Default date range: the last 30 days ending today 23:59:59 (spec 001 §9). */
export const TREND_DEFAULT_DAYS = 30;
/** Date-range shortcuts in days (spec 001 §9: week, month 30, three months 90, year 364). */
export const TREND_RANGE_SHORTCUTS = { week: 7, month: 30, threeMonths: 90, year: 364 } as const;
export type TrendRangeShortcut = keyof typeof TREND_RANGE_SHORTCUTS;
/** Chart modes (spec 001 §4). */
export const TREND_CHART_MODES = ['lines', 'linesMarkers', 'markers', 'predictions'] as const;
export type TrendChartMode = (typeof TREND_CHART_MODES)[number];
/** Telemetries a trend compare is offered for (spec 001 §2): spectra of these compare meaningfully. */
export const TREND_COMPARE_TELEMETRIES = ['GRMS', 'VRMS', 'VRMS_ISO10816'] as const;
/** The spec's default trend telemetry (spec 001 §9). */
export const TREND_DEFAULT_TELEMETRY = 'VRMS_ISO10816_OVERALL';
/**
 * What the spec's default stands for among the telemetries Overtone computes: VRMS_ISO10816, the
 * velocity RMS over 10 … 1000 Hz of ISO 10816-1 (packages/dsp `computeTelemetry`), the overall
 * vibration severity that standard's zones are read on. Used when no telemetry of the spec's name
 * exists.
 */
export const TREND_DEFAULT_TELEMETRY_FALLBACK = 'VRMS_ISO10816';
/** Default and bounds of `maxPoints` (points per series and source the chart is sent at most). */
export const TREND_MAX_POINTS_DEFAULT = 2000;
export const TREND_MAX_POINTS_MIN = 10;
export const TREND_MAX_POINTS_MAX = 20_000;
/** At most this many telemetries in one trend query. */
export const TREND_MAX_FILTERS = 20;

/**
 * The default telemetry of a trend (spec 001 §9): `VRMS_ISO10816_OVERALL` when the point has it,
 * else {@link TREND_DEFAULT_TELEMETRY_FALLBACK}, else the first of `names`; undefined for none.
 */
export function defaultTrendTelemetry(names: readonly string[]): string | undefined {
  if (names.includes(TREND_DEFAULT_TELEMETRY)) return TREND_DEFAULT_TELEMETRY;
  if (names.includes(TREND_DEFAULT_TELEMETRY_FALLBACK)) return TREND_DEFAULT_TELEMETRY_FALLBACK;
  return names[0];
}

/** Where a telemetry's values come from (spec 001 §3 `telemetrySources (code)`): an axis, `channel_N` or `device`. */
export const trendTelemetrySource = z.object({ code: z.string() });

/**
 * A telemetry as the trend shows it (spec 001 §3 "Trend series" `telemetry`). `displayName`,
 * `unit` and `hidden` come from the customer's definition (the stored unit and the name itself
 * when it has none). `signal`: the kind of source its values are computed on, `accelerometer`
 * (the three axes), `channel` (a Duck channel) or `device` (reported by the sensor itself).
 * `calculated`: computed by Overtone from the waveform (false: the device's own value).
 */
export const trendTelemetryInfo = z.object({
  name: z.string(),
  unit: z.string(),
  displayName: z.string(),
  signal: z.enum(['accelerometer', 'channel', 'device']),
  hidden: z.boolean(),
  calculated: z.boolean(),
});
export type TrendTelemetryInfo = z.infer<typeof trendTelemetryInfo>;

/** `GET /point/{id}/trend/telemetries`: the telemetries the point has values of, with their sources, in display order. */
export const trendTelemetry = trendTelemetryInfo.extend({ telemetrySources: z.array(trendTelemetrySource) });
export type TrendTelemetry = z.infer<typeof trendTelemetry>;
export const trendTelemetriesResponse = z.array(trendTelemetry);

const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const dateTime = z.string().regex(DATE_TIME_PATTERN, 'invalidDateTime');

/**
 * `GET /point/{id}/trend` query (spec 001 §7). `startDate`/`endDate`: `YYYY-MM-DD HH:mm:ss` in the
 * customer's time zone, inclusive (default: the last {@link TREND_DEFAULT_DAYS} days up to now).
 * `filters`: comma list of telemetry names (default: {@link defaultTrendTelemetry} of the point's).
 * `measurementType`: only measurements of that type. Value filters as the measurement list's:
 * values outside the active bounds are left out; both active needs min < max
 * (`admin.warningForValidationValue`, spec 001 §5). `maxPoints`: the most points per series and
 * source; a range holding more is decimated to the minimum and maximum of `maxPoints / 2` equal time
 * buckets (docs/trend.md). The web sends twice the chart's width in pixels.
 */
export const trendQuery = z
  .object({
    startDate: dateTime.optional(),
    endDate: dateTime.optional(),
    filters: z.string().max(2000).optional(),
    measurementType: measurementType.optional(),
    minValue: z.coerce.number().finite().optional(),
    maxValue: z.coerce.number().finite().optional(),
    minValueActive: boolish.optional(),
    maxValueActive: boolish.optional(),
    maxPoints: z.coerce.number().int().min(TREND_MAX_POINTS_MIN).max(TREND_MAX_POINTS_MAX).default(TREND_MAX_POINTS_DEFAULT),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.startDate > q.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'startDateAfterEndDate' });
    if (q.minValueActive && q.minValue === undefined)
      ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'requireValue' });
    if (q.maxValueActive && q.maxValue === undefined)
      ctx.addIssue({ code: 'custom', path: ['maxValue'], message: 'requireValue' });
    if (
      q.minValueActive &&
      q.maxValueActive &&
      q.minValue !== undefined &&
      q.maxValue !== undefined &&
      !(q.minValue < q.maxValue)
    )
      ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'admin.warningForValidationValue' });
    if (q.filters && q.filters.split(',').filter((s) => s.trim()).length > TREND_MAX_FILTERS)
      ctx.addIssue({ code: 'custom', path: ['filters'], message: 'tooManyTelemetries' });
  });
export type TrendQuery = z.input<typeof trendQuery>;

/** The measurement a trend value belongs to: its id and note ('' when none). */
export const trendMeasurementRef = z.object({ _id: z.string(), note: z.string() });

/**
 * One value of a trend (spec 001 §3 "data items"): `value` in the telemetry's unit, `createdAt`
 * the measurement's time (ISO 8601), `source` the axis or channel code.
 */
export const trendDataItem = z.object({
  value: z.number(),
  createdAt: z.string(),
  source: z.string(),
  measurement: trendMeasurementRef,
});
export type TrendDataItem = z.infer<typeof trendDataItem>;

/**
 * The series of one telemetry (spec 001 §3 "Trend series"): its values of every source, oldest
 * first. `total`: values in the range (before decimation); `decimated`: some were left out (each
 * time bucket kept its minimum and maximum per source, so no excursion is lost).
 */
export const trendSeries = z.object({
  telemetry: trendTelemetryInfo,
  telemetrySources: z.array(trendTelemetrySource),
  data: z.array(trendDataItem),
  total: z.number().int(),
  decimated: z.boolean(),
});
export type TrendSeries = z.infer<typeof trendSeries>;

/** A measurement note in the range (the "show comments" markers), oldest first. */
export const trendNote = z.object({ measurement: z.string(), createdAt: z.string(), note: z.string() });
export type TrendNote = z.infer<typeof trendNote>;

/**
 * `GET /point/{id}/trend`. `hasMeasurement`: the point has any telemetry value at all (false: the
 * panel shows the no-measurement message, spec 001 §8); `startDate`/`endDate`: the range read, ISO
 * 8601.
 */
export const trendResponse = z.object({
  hasMeasurement: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  series: z.array(trendSeries),
  notes: z.array(trendNote),
});
export type TrendResponse = z.infer<typeof trendResponse>;
