import { z } from 'zod';
import { PAGE_SIZES, measurementType, telemetryValue, type MeasurementDetail } from './measurement.ts';

/** Note of a measurement: at most this many characters (spec 002 §5, §9). */
export const NOTE_MAX_LENGTH = 1000;
/** At most this many tags per measurement, each at most TAG_MAX_LENGTH characters. */
export const MAX_TAGS = 50;
export const TAG_MAX_LENGTH = 64;

/**
 * Predefined fault-tag suggestions of the tags editor (spec 002 §2; the spec names no list, this one
 * is ours). The editor offers them next to the customer's own tags (`GET /measurement/tags`).
 */
export const FAULT_TAG_SUGGESTIONS = [
  'Unbalance',
  'Misalignment',
  'Mechanical looseness',
  'Bent shaft',
  'Bearing fault',
  'Gear fault',
  'Belt problem',
  'Resonance',
  'Cavitation',
  'Electrical fault',
  'Lubrication problem',
  'Soft foot',
] as const;

/** `PUT /measurement/{id}/favorite`: sets (not toggles) the star; the client sends the new value. */
export const favoriteBody = z.object({ favorite: z.boolean() });
export const favoriteResponse = z.object({ favorite: z.boolean() });

/** `PUT /measurement/{id}/note`: at most NOTE_MAX_LENGTH characters, '' clears it. */
export const noteBody = z.object({ note: z.string().max(NOTE_MAX_LENGTH, 'noteTooLong') });
/** `result: 1` means saved (spec 002 §7, §8). */
export const noteResponse = z.object({ result: z.literal(1), note: z.string() });

/**
 * `PUT /measurement/{id}/tags`: replaces the tag list. Tags are trimmed; empty tags and duplicates
 * (same text) are dropped by the server, order kept.
 */
export const tagsBody = z.object({ tags: z.array(z.string().max(TAG_MAX_LENGTH)).max(MAX_TAGS) });
export const tagsResponse = z.object({ tags: z.array(z.string()) });

/** A photo attached to a measurement (spec 002 §3 Photo). `url` is a signed GET valid ~1 hour. */
export const measurementPhoto = z.object({ key: z.string(), url: z.string(), date: z.string() });
export type MeasurementPhoto = z.infer<typeof measurementPhoto>;
/** `GET /measurement/{id}/photo`, oldest first. */
export const measurementPhotosResponse = z.array(measurementPhoto);

/**
 * `DELETE /measurement/{id}`: what the page needs next (spec 002 §4). `pointId` null → go to `/`;
 * otherwise open `adjacent` (the next newer measurement of the same point, else the next older);
 * `adjacent` null → no measurement left on the point, go to `/`.
 */
export const deleteMeasurementResponse = z.object({
  deleted: z.literal(true),
  pointId: z.string().nullable(),
  adjacent: z.object({ _id: z.string(), createdAt: z.string() }).nullable(),
});
export type DeleteMeasurementResponse = z.infer<typeof deleteMeasurementResponse>;

/**
 * `GET /measurement/{id}/json`: one measurement as a JSON file (attachment), metadata and samples.
 * `data[key]` are the samples of an axis (`accelerometer_x`…, in g) or of a Duck channel
 * (`channel_{order}`, in its sensor's unit) at `samplingRateHz`; `units[key]` is their unit.
 */
export const measurementJsonExport = z.object({
  format: z.literal('overtone.measurement.v1'),
  exportedAt: z.string(),
  measurement: z.object({
    _id: z.string(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    measurementType,
    point: z.object({ _id: z.string(), name: z.string(), path: z.array(z.string()) }).nullable(),
    macAddress: z.string(),
    gateway: z.string().nullable(),
    deviceType: z.string(),
    upload: z.boolean(),
    partial: z.boolean(),
    favorite: z.boolean(),
    note: z.string(),
    tags: z.array(z.string()),
    samplingRateHz: z.number().nullable(),
    sampleSize: z.number().int(),
    accelerometerRange: z.object({ index: z.number().int(), valueG: z.number() }),
  }),
  units: z.record(z.string(), z.string()),
  telemetry: z.array(telemetryValue),
  data: z.record(z.string(), z.array(z.number())),
});
export type MeasurementJsonExport = z.infer<typeof measurementJsonExport>;

/**
 * The JSON file of a measurement from its detail (`GET /measurement/{id}`): the server's download
 * and, for a share-link visitor who cannot call it, the browser build the same file with this.
 * @param now the export time written in `exportedAt`
 */
export const measurementJsonFromDetail = (m: MeasurementDetail, now = new Date()): MeasurementJsonExport => ({
  format: 'overtone.measurement.v1',
  exportedAt: now.toISOString(),
  measurement: {
    _id: m._id,
    createdAt: m.createdAt,
    startedAt: m.startedAt,
    measurementType: m.measurementType,
    point: m.point,
    macAddress: m.macAddress,
    gateway: m.gateway,
    deviceType: m.device.type,
    upload: m.upload,
    partial: m.partial,
    favorite: m.favorite,
    note: m.note,
    tags: m.tags,
    samplingRateHz: m.calibratedSamplingRate,
    sampleSize: m.profile.sampleSize,
    accelerometerRange: { index: m.profile.accelerometerRange.index, valueG: m.profile.accelerometerRange.value },
  },
  units: Object.fromEntries(m.measurementData.map((d) => [d.key, d.unit])),
  telemetry: m.telemetry,
  data: m.data,
});

/** Alarm levels (spec 002 §4): 0 none, 1 attention, 2 hazard, 3 critical. */
export const ALARM_LEVELS = ['none', 'attention', 'hazard', 'critical'] as const;

/** `GET /alarm-transactions` query (spec 002 §7). `points` is a comma list of point ids. */
export const alarmTransactionsQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 25, 50 or 75')
    .default(10),
  points: z.string().optional(),
  levelName: z.string().optional(),
});
export type AlarmTransactionsQuery = z.infer<typeof alarmTransactionsQuery>;
/** One alarm transaction (spec 002 §3). */
export const alarmTransaction = z.object({
  _id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  macAddress: z.string(),
  point: z.object({ _id: z.string(), name: z.string() }).nullable(),
  telemetry: z.string(),
  level: z.object({ name: z.string(), order: z.number().int() }),
  score: z.number(),
  measurementId: z.string().nullable(),
});
export type AlarmTransaction = z.infer<typeof alarmTransaction>;
export const alarmTransactionsResponse = z.object({
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  transactions: z.array(alarmTransaction),
});
export type AlarmTransactionsResponse = z.infer<typeof alarmTransactionsResponse>;
