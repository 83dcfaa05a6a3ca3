import { z } from 'zod';
import {
  isMac,
  MAX_CHUNK_COUNT,
  MAX_DONE_BYTES,
  MAX_SAMPLES,
  MAX_RSSI_DBM,
  MAX_SAMPLING_RATE_HZ,
  MAX_SCAN_ENTRIES,
  MAX_TELEMETRY_ABS,
  MAX_TELEMETRY_ENTRIES,
  MAX_TELEMETRY_VALUES,
  MAX_UNIXTIME,
  MIN_RSSI_DBM,
  MIN_SAMPLING_RATE_HZ,
} from './limits.ts';

/** A short word of a scan entry (`WIRED`, `Ready`, …, §7): printable, at most 32 characters. */
const scanWord = z.string().regex(/^[\x20-\x7e]{0,32}$/, 'not a short printable word');

/**
 * Plausible battery voltage of an end node, V (exclusive lower bound {@link MIN_BATTERY_V}). The
 * spec's levels (spec 000 §4: 3.1, 3.2, 3.4 V) describe a single 3.6 V lithium cell; the 3.x
 * metadata's `battery_voltage` is in volts (senseway-gateway.md §11.2, §16: the Infinity reads mV
 * but reports V). No single lithium cell exceeds 4.2 V (Li-ion full charge; Li-SOCl2 is 3.67 V open
 * circuit) and a node whose cell reads 0 V does not transmit: 0 < v ≤ 5 V.
 */
export const MIN_BATTERY_V = 0;
/** Largest plausible battery voltage, V (see {@link MIN_BATTERY_V}). */
export const MAX_BATTERY_V = 5;

/**
 * Reads a scan entry's `battery` (volts, string or number on the wire) leniently: an absent,
 * unreadable (`"abc"`, an object, a string past 16 characters) or implausible (≤ 0 or > 5 V, NaN,
 * Infinity) value reads null, so that one bad reading never refuses the rest of the report.
 * @returns volts, or null
 */
export function scanBatteryVolts(v: unknown): number | null {
  if (typeof v === 'string') {
    if (v.length > 16 || !/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) return null;
    v = Number(v);
  }
  return typeof v === 'number' && Number.isFinite(v) && v > MIN_BATTERY_V && v <= MAX_BATTERY_V ? v : null;
}

/**
 * One end node in a `scanDevice` report (§7); rssi may be a string on the wire. Rssi must be a
 * number within -150 … 20 dBm (an empty string reads null). `battery` is not in the generation-1
 * table of §7: gateways that add it (our simulator, modelled on the 3.x metadata's
 * `battery_voltage`, §11.2) send volts as a string or number; it is parsed by
 * {@link scanBatteryVolts} and reads null when absent or implausible, never refusing the report.
 */
export const scanEntry = z.object({
  type: scanWord.optional(),
  rssi: z
    .union([z.string().max(16), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : Number(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v >= MIN_RSSI_DBM && v <= MAX_RSSI_DBM), 'rssi out of range'),
  status: scanWord.optional(),
  battery: z.unknown().optional().transform(scanBatteryVolts),
});
/** A `scanDevice` report: at most {@link MAX_SCAN_ENTRIES} entries keyed by MAC (any case, §2). */
export const scanPayload = z
  .record(
    z.string().refine((k) => isMac(k.toUpperCase()), 'key is not a MAC'),
    scanEntry,
  )
  .refine((r) => Object.keys(r).length <= MAX_SCAN_ENTRIES, `more than ${MAX_SCAN_ENTRIES} devices`);

/** A finite number of magnitude at most {@link MAX_TELEMETRY_ABS}. */
const telemetryNumber = z.number().min(-MAX_TELEMETRY_ABS).max(MAX_TELEMETRY_ABS);
const telemetryEntry = z.object({
  NAME: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'telemetry name'),
  VALUE: z.union([telemetryNumber, z.array(telemetryNumber).min(1).max(MAX_TELEMETRY_VALUES)]),
});
/** A calibrated rate within the protocol's bounds (limits.ts, §4.2). */
const samplingRate = z.number().min(MIN_SAMPLING_RATE_HZ).max(MAX_SAMPLING_RATE_HZ);

/**
 * `done` payload (§6): STAT plus device-computed TELEMETRY, every field the server uses bounded
 * (limits.ts): CHUNK_COUNT 1 … 8 192, rates 100 … 51 200 Hz, start time 0 … 2^32 − 1 s,
 * at most 64 telemetry entries of finite values. Other STAT fields pass through unread.
 */
export const donePayload = z.object({
  STAT: z
    .object({
      MEASUREMENT_START_TIME: z.string().max(32).optional(),
      MEASUREMENT_START_UNIXTIME: z.number().min(0).max(MAX_UNIXTIME).optional(),
      CALIBRATED_SAMPLINGRATE: samplingRate.optional(),
      ACCELEROMETER_CALIBRATED_SAMPLINGRATE: samplingRate.optional(),
      CHUNK_COUNT: z.number().int().min(1).max(MAX_CHUNK_COUNT).optional(),
      ACCELEROMETER_SAMPLE_SIZE: z.number().int().min(0).max(MAX_SAMPLES).optional(),
      MAGNETOMETER_SAMPLE_SIZE: z.number().int().min(0).max(MAX_SAMPLES).optional(),
    })
    .loose(),
  TELEMETRY: z.array(telemetryEntry).max(MAX_TELEMETRY_ENTRIES).optional().default([]),
});
export type DonePayload = z.infer<typeof donePayload>;

/** The first problem of a failed parse, as `path: message` (for the operator's rejection log). */
export const issueText = (e: z.ZodError) => {
  const i = e.issues[0];
  return i ? `${i.path.join('.') || '(root)'}: ${i.message}`.slice(0, 200) : 'invalid';
};
/** Parses `<range>,<rate>,<size>` (§4), tolerating whitespace around fields as C2 sends it. */
export function parseMeasureCommand(text: string): { rangeIndex: number; rateIndex: number; sampleSize: number } | null {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [rangeIndex, rateIndex, sampleSize] = parts.map(Number);
  return { rangeIndex, rateIndex, sampleSize };
}

export const formatMeasureCommand = (c: { rangeIndex: number; rateIndex: number; sampleSize: number }) =>
  `${c.rangeIndex},${c.rateIndex},${c.sampleSize}`;

/** Maps a wire status word case-insensitively onto the spec's gateway statuses (§7). */
export function normalizeDeviceStatus(status: string | undefined): 'unknown' | 'measuring' | 'sleeping' | 'ready' | 'connected' {
  const s = (status ?? '').toLowerCase();
  return s === 'ready' || s === 'measuring' || s === 'connected' || s === 'sleeping' ? s : 'unknown';
}

/** Deepest nesting accepted in a `done` (the protocol's is 3: object, STAT or TELEMETRY, value array). */
const MAX_DONE_DEPTH = 6;
/** Printable ASCII: every string of a `done` is a time, a version, a type or a telemetry name (§6). */
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * Checks a parsed `done` value against the protocol (§6, limits.ts), for a message just received
 * and again for one read back from storage (an older server stored them unchecked): nesting at most
 * 6 deep, every key and string printable ASCII of at most 64 characters (no NUL or lone surrogate
 * can reach the database), then {@link donePayload}.
 * @returns the parsed payload, or the reason it is refused
 */
export function checkDone(json: unknown): { ok: true; done: DonePayload } | { ok: false; reason: string } {
  const stack: [unknown, number][] = [[json, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > MAX_DONE_DEPTH) return { ok: false, reason: 'DONE_TOO_DEEP' };
    if (typeof v === 'string') {
      if (v.length > 64 || !PRINTABLE.test(v)) return { ok: false, reason: 'DONE_STRING' };
    } else if (Array.isArray(v)) for (const x of v) stack.push([x, depth + 1]);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k.length > 64 || !PRINTABLE.test(k)) return { ok: false, reason: 'DONE_KEY' };
        stack.push([x, depth + 1]);
      }
  }
  const parsed = donePayload.safeParse(json);
  return parsed.success ? { ok: true, done: parsed.data } : { ok: false, reason: `DONE_INVALID ${issueText(parsed.error)}` };
}

/**
 * Parses a received `done` payload: at most {@link MAX_DONE_BYTES}, JSON, then {@link checkDone}.
 * @param byteLength the payload's size in bytes, checked before `text` is parsed (decode only what passes)
 * @param text the payload decoded as UTF-8
 * @returns the parsed payload, or the reason it is refused
 */
export function parseDone(
  byteLength: number,
  text: () => string,
): { ok: true; done: DonePayload } | { ok: false; reason: string } {
  if (byteLength > MAX_DONE_BYTES) return { ok: false, reason: `DONE_TOO_LARGE ${byteLength} > ${MAX_DONE_BYTES}` };
  let json: unknown;
  try {
    json = JSON.parse(text());
  } catch {
    return { ok: false, reason: 'DONE_NOT_JSON' };
  }
  return checkDone(json);
}
