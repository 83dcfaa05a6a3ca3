import { z } from 'zod';
import { duckConfigObject } from './ducks.ts';

export const MEASUREMENT_TYPES = ['MANUAL', 'PERIODIC', 'TRIGGERED'] as const;
export const measurementType = z.enum(MEASUREMENT_TYPES);
export const PAGE_SIZES = [10, 25, 50, 75] as const;

/** Lifecycle of a measurement record on the server. */
export const MEASUREMENT_STATES = ['requested', 'accepted', 'receiving', 'persisted', 'partial', 'error'] as const;

const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** `GET /measurement` query (spec 000 §7). Lists are comma-separated. Dates `YYYY-MM-DD HH:mm:ss`. */
export const measurementListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 25, 50 or 75')
    .default(10),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  macAddress: z.string().optional(),
  points: z.string().optional(),
  tags: z.string().optional(),
  measurementType: measurementType.optional(),
  partial: boolish.optional(),
  error: boolish.optional(),
  onlyMine: boolish.optional(),
  upload: boolish.optional(),
  favorite: boolish.optional(),
  /** Only these measurements (comma list of ids): the download of a selection. */
  ids: z.string().optional(),
  /** Telemetry name of the value filter (e.g. `GRMS`); applied only with an active bound. */
  telemetry: z.string().optional(),
  minValue: z.coerce.number().optional(),
  maxValue: z.coerce.number().optional(),
  minValueActive: boolish.optional(),
  maxValueActive: boolish.optional(),
});
/**
 * The list query with the value-filter rule (spec 000 §5): with both bounds active the minimum
 * must be below the maximum (`admin.warningForValidationValue`); an active bound needs its value
 * and a telemetry.
 */
export const measurementFilterQuery = measurementListQuery.superRefine((q, ctx) => {
  const minOn = q.minValueActive === true,
    maxOn = q.maxValueActive === true;
  if ((minOn || maxOn) && !q.telemetry) ctx.addIssue({ code: 'custom', path: ['telemetry'], message: 'requireTelemetry' });
  if (minOn && q.minValue === undefined) ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'requireValue' });
  if (maxOn && q.maxValue === undefined) ctx.addIssue({ code: 'custom', path: ['maxValue'], message: 'requireValue' });
  if (minOn && maxOn && q.minValue !== undefined && q.maxValue !== undefined && !(q.minValue < q.maxValue))
    ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'admin.warningForValidationValue' });
});
export type MeasurementListQuery = z.infer<typeof measurementListQuery>;

export const measurementListItem = z.object({
  _id: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), surname: z.string() }).nullable(),
  point: z.object({ _id: z.string(), name: z.string(), path: z.array(z.string()) }).nullable(),
  gateway: z.string().nullable(),
  measurementType,
  macAddress: z.string(),
  favorite: z.boolean(),
  tags: z.array(z.string()),
  upload: z.boolean(),
  partial: z.boolean(),
  error: z.string().nullable(),
  state: z.enum(MEASUREMENT_STATES),
});
export type MeasurementListItem = z.infer<typeof measurementListItem>;
export const measurementListResponse = z.object({
  total: z.number().int(),
  /** False when `total` is the counting cap ({@link MEASUREMENT_COUNT_CAP}): at least that many match. */
  totalExact: z.boolean().optional(),
  measurements: z.array(measurementListItem),
});
/** `GET /measurement` counts matches up to this many (a 1M-row tenant answers in milliseconds). */
export const MEASUREMENT_COUNT_CAP = 10000;

/** `DELETE /measurements` body: the ids of the selection (at most 1000 per call). */
export const deleteMeasurementsBody = z.object({ ids: z.array(z.string().min(1)).min(1).max(1000) });
export const deleteMeasurementsResponse = z.object({ deleted: z.number().int() });
/** `GET /measurement/tags`: the customer's tags, most used first (at most 200). */
export const measurementTagsResponse = z.array(z.object({ tag: z.string(), count: z.number().int() }));
/** `GET /measurement/download`: a signed URL (valid `expiresAt`) whose GET streams the zip archive. */
export const measurementDownloadResponse = z.object({ url: z.string(), expiresAt: z.string() });

/** One telemetry value of a measurement: `source` is the axis or channel key it was computed from. */
export const telemetryValue = z.object({
  name: z.string(),
  telemetry: z.string(),
  source: z.string(),
  sensor: z.string(),
  value: z.number(),
  unit: z.string(),
  deviceReported: z.boolean(),
});
export type TelemetryValue = z.infer<typeof telemetryValue>;

export const AXIS_KEYS = ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'] as const;
export type AxisKey = (typeof AXIS_KEYS)[number];

/**
 * `GET /measurement/{id}` (spec 002 §3). `data` maps each series key to its samples at
 * `calibratedSamplingRate` Hz, `measurementData` lists the keys with their units: the axis keys
 * ({@link AXIS_KEYS}, g) of a tri-axial measurement, or `channel_{order}` (duckChannelKey) of a
 * Duck's, in its sensor type's unit (A, V, G; docs/ducks.md). `config` is the configuration a Duck
 * measurement was taken with (null when it has none stored); absent for other measurements.
 */
export const measurementDetail = measurementListItem.extend({
  note: z.string(),
  device: z.object({ type: z.string() }),
  calibratedSamplingRate: z.number().nullable(),
  startedAt: z.string().nullable(),
  profile: z.object({
    sampleSize: z.number().int(),
    samplingRate: z.number().int(),
    accelerometerRange: z.object({ index: z.number().int(), value: z.number() }),
  }),
  measurementData: z.array(z.object({ key: z.string(), unit: z.string() })),
  /** series key (`accelerometer_x` …, or `channel_{order}` of a Duck) → samples */
  data: z.record(z.string(), z.array(z.number())),
  telemetry: z.array(telemetryValue),
  /** a Duck measurement's configuration: sensors with their channels, ranges and units (docs/ducks.md) */
  config: duckConfigObject.nullable().optional(),
});
export type MeasurementDetail = z.infer<typeof measurementDetail>;
/**
 * Query of `GET /measurement/{id}` (and `GET /share/measurement/{id}`): `samples=none` answers a
 * tri-axial measurement without its samples (`data: {}`), which the page reads in binary from
 * `GET /measurement/{id}/signal` (signal-codec.ts, docs/signals.md).
 */
export const measurementDetailQuery = z.object({ samples: z.enum(['json', 'none']).default('json') });
