import { z } from 'zod';
import { AXIS_KEYS } from './measurement.ts';
import { alarmTransaction, alarmTransactionsResponse } from './measurement-detail.ts';

/**
 * Metric alarms, frequency-peak alarms and alarm transactions (spec 001 §2 Alarms, §3 Metric alarm,
 * Alarm transaction, Frequency-peak alarm, Alarm levels, §5, §9). Design: docs/alarms.md.
 *
 * Validation messages are keys of the `validation` section of the server's locales (and of the
 * web's `alarms` namespace): the server answers them translated in `errors: [{msg, param}]`.
 */

/** Alarm levels by order (spec 001 §3): −1 unknown, 0 healthy, 1 attention, 2 hazard, 3 critical, 4 detection. */
export const ALARM_LEVEL_ORDER = { unknown: -1, healthy: 0, attention: 1, hazard: 2, critical: 3, detection: 4 } as const;
export type AlarmLevelName = keyof typeof ALARM_LEVEL_ORDER;
/** The levels an alarm evaluates to, by order 0…3. */
export const ALARM_LEVEL_NAMES = ['healthy', 'attention', 'hazard', 'critical'] as const;
export type EvaluatedLevelName = (typeof ALARM_LEVEL_NAMES)[number];
/** A level on the wire: `{name, order}` (spec 001 §3 Alarm transaction). */
export const alarmLevel = z.object({ name: z.string(), order: z.number().int() });
export type AlarmLevel = z.infer<typeof alarmLevel>;
/** `{name, order}` of a level order 0…3 (anything else → unknown, −1). */
export const alarmLevelOf = (order: number): AlarmLevel =>
  order >= 0 && order <= 3 ? { name: ALARM_LEVEL_NAMES[order]!, order } : { name: 'unknown', order: -1 };
/** The three threshold levels, in increasing severity. */
export const THRESHOLD_LEVELS = ['attention', 'hazard', 'critical'] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

/** `thresholdDirection` (spec 001 §3): 1 top limit, 0 band, −1 bottom limit. */
export const THRESHOLD_DIRECTIONS = [1, 0, -1] as const;
export type ThresholdDirection = (typeof THRESHOLD_DIRECTIONS)[number];
/** Threshold inputs: 4 decimals, step 0.01 (spec 001 §5). */
export const THRESHOLD_DECIMALS = 4;
export const THRESHOLD_STEP = 0.01;
/** Rounds a threshold to {@link THRESHOLD_DECIMALS} decimals (null stays null). */
export const roundThreshold = (v: number | null): number | null =>
  v === null ? null : Math.round(v * 10 ** THRESHOLD_DECIMALS) / 10 ** THRESHOLD_DECIMALS;

/** A threshold pair `[lower, upper]` in the telemetry's unit; the side a direction does not use is null. */
export const thresholdPair = z.tuple([z.number().finite().nullable(), z.number().finite().nullable()]);
export type ThresholdPair = z.infer<typeof thresholdPair>;
export const metricThreshold = z.object({ attention: thresholdPair, hazard: thresholdPair, critical: thresholdPair });
export type MetricThreshold = z.infer<typeof metricThreshold>;

/** Alarm default thresholds attention ±2, hazard ±5, critical ±8 (spec 001 §9). */
export const DEFAULT_THRESHOLD_MAGNITUDES = { attention: 2, hazard: 5, critical: 8 } as const;
/**
 * The default thresholds of a direction (spec 001 §4: changing the direction resets them): top limit
 * `[null, +m]`, bottom limit `[−m, null]`, band `[−m, +m]` with m from {@link DEFAULT_THRESHOLD_MAGNITUDES}.
 */
export function defaultThresholds(direction: ThresholdDirection): MetricThreshold {
  const pair = (m: number): ThresholdPair => [direction === 1 ? null : -m, direction === -1 ? null : m];
  return {
    attention: pair(DEFAULT_THRESHOLD_MAGNITUDES.attention),
    hazard: pair(DEFAULT_THRESHOLD_MAGNITUDES.hazard),
    critical: pair(DEFAULT_THRESHOLD_MAGNITUDES.critical),
  };
}

/**
 * The issues of a threshold set for a direction (spec 001 §5), as `{path, message}` with message keys:
 * - `requireThreshold`: a value of a used side is missing (top limit uses upper, bottom lower, band both);
 * - `thresholdOrderTop`: upper values must be critical ≥ hazard ≥ attention;
 * - `thresholdOrderBottom`: lower values must be attention ≥ hazard ≥ critical;
 * - `thresholdBandInverted`: in a band, a level's lower value must be below its upper value.
 * The unused side is ignored (the server nulls it on save). Empty when valid.
 */
export function thresholdIssues(
  direction: ThresholdDirection,
  t: MetricThreshold,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const useLower = direction !== 1;
  const useUpper = direction !== -1;
  for (const level of THRESHOLD_LEVELS) {
    if (useLower && t[level][0] === null) issues.push({ path: ['threshold', level, 0], message: 'requireThreshold' });
    if (useUpper && t[level][1] === null) issues.push({ path: ['threshold', level, 1], message: 'requireThreshold' });
  }
  if (issues.length) return issues;
  const [a, h, c] = THRESHOLD_LEVELS.map((l) => t[l]) as [ThresholdPair, ThresholdPair, ThresholdPair];
  if (useUpper && !(c[1]! >= h[1]! && h[1]! >= a[1]!))
    issues.push({ path: ['threshold', 'hazard', 1], message: 'thresholdOrderTop' });
  if (useLower && !(a[0]! >= h[0]! && h[0]! >= c[0]!))
    issues.push({ path: ['threshold', 'hazard', 0], message: 'thresholdOrderBottom' });
  if (direction === 0 && !(a[0]! < a[1]!)) issues.push({ path: ['threshold', 'attention'], message: 'thresholdBandInverted' });
  return issues;
}

/** Thresholds as saved: the unused side nulled, values rounded to 4 decimals (spec 001 §5). */
export function normalizeThresholds(direction: ThresholdDirection, t: MetricThreshold): MetricThreshold {
  const side = (p: ThresholdPair): ThresholdPair => [
    direction === 1 ? null : roundThreshold(p[0]),
    direction === -1 ? null : roundThreshold(p[1]),
  ];
  return { attention: side(t.attention), hazard: side(t.hazard), critical: side(t.critical) };
}

/**
 * Where a metric alarm's values come from (`telemetry_values.source`): an accelerometer axis, the
 * sensor's own `device` values, or a Duck channel `channel_{order}`.
 */
export const ALARM_SOURCE_PATTERN = /^(accelerometer_[xyz]|device|channel_\d{1,3})$/;

/** At most this many consecutive measurements of {@link metricAlarmBody} `delay`. */
export const MAX_ALARM_DELAY = 100;

/**
 * The editable fields of a metric alarm (body of `POST /point/{id}/alarm` and
 * `PUT /point/{id}/alarm/{alarmId}`; spec 001 §3, §5). After parsing, `threshold` is normalised
 * (unused side null, 4 decimals).
 * - `telemetry`: a telemetry name (GRMS, VRMS_ISO10816 …); `source`: `accelerometer_x|y|z`, `device`
 *   or a Duck channel `channel_{order}` (GET /telemetry/sources).
 * - `calculated`: true → the values Overtone computes from the waveform; false → the values the
 *   sensor reported itself.
 * - `properties.frequencyRange`: `[lowHz, highHz]` of a band-limited telemetry, or null (informative:
 *   the band the telemetry was computed over).
 * - `delay` (beyond the spec): consecutive measurements at or above a higher level before it is
 *   raised, 1 (immediately) … 100. `hysteresis` (beyond the spec): margin in the telemetry's unit a
 *   value must fall back past a threshold before its level clears, ≥ 0. docs/alarms.md.
 */
export const metricAlarmBody = z
  .object({
    name: z.string().trim().min(1, 'requireAlarmName').max(200),
    telemetry: z.string().trim().min(1, 'requireTelemetry').max(64),
    source: z.string().trim().min(1, 'requireSource').regex(ALARM_SOURCE_PATTERN, 'invalidSource'),
    thresholdDirection: z.union([z.literal(1), z.literal(0), z.literal(-1)], { error: 'invalidThresholdDirection' }),
    calculated: z.boolean().default(true),
    properties: z
      .object({
        frequencyRange: z
          .tuple([z.number().min(0), z.number().positive()])
          .refine(([lo, hi]) => lo < hi, 'frequencyRange must be [low, high] with low < high')
          .nullable()
          .default(null),
      })
      .default({ frequencyRange: null }),
    threshold: metricThreshold,
    delay: z.number().int().min(1, 'alarmDelayRange').max(MAX_ALARM_DELAY, 'alarmDelayRange').default(1),
    hysteresis: z.number().finite().min(0, 'mustNotBeNegative').default(0),
  })
  .superRefine((b, ctx) => {
    for (const i of thresholdIssues(b.thresholdDirection, b.threshold))
      ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
  })
  .transform((b) => ({
    ...b,
    threshold: normalizeThresholds(b.thresholdDirection, b.threshold),
    hysteresis: roundThreshold(b.hysteresis)!,
  }));
export type MetricAlarmBody = z.output<typeof metricAlarmBody>;
export type MetricAlarmInput = z.input<typeof metricAlarmBody>;

/**
 * A metric alarm as the server answers it. `builtIn` names the default it was created from
 * (`iso10816`: ISO 10816-1 zones of VRMS_ISO10816, docs/alarms.md) or is null for the user's own;
 * `level` is its current (active) level.
 */
export const metricAlarm = z.object({
  _id: z.string(),
  name: z.string(),
  point: z.string(),
  telemetry: z.string(),
  source: z.string(),
  thresholdDirection: z.union([z.literal(1), z.literal(0), z.literal(-1)]),
  calculated: z.boolean(),
  properties: z.object({ frequencyRange: z.tuple([z.number(), z.number()]).nullable() }),
  threshold: metricThreshold,
  delay: z.number().int(),
  hysteresis: z.number(),
  builtIn: z.string().nullable(),
  level: alarmLevel,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MetricAlarm = z.infer<typeof metricAlarm>;
/** `GET /point/{id}/alarm`: the point's metric alarms, oldest first. */
export const metricAlarmList = z.array(metricAlarm);
/** `DELETE /point/{id}/alarm/{alarmId}`. */
export const deleteAlarmResponse = z.object({ deleted: z.literal(true) });

/** Frequency-peak axes (spec 001 §3). */
export const FREQUENCY_PEAK_AXES = AXIS_KEYS;
/** Sensitivity (Hz, the full width of the ±band): minimum 2, step 2, even (spec 001 §5, §9). */
export const MIN_SENSITIVITY_HZ = 2;
export const SENSITIVITY_STEP_HZ = 2;
/** At most this many frequency-peak alarms on one point. */
export const MAX_FREQUENCY_PEAK_ALARMS = 100;
/** Highest frequency of a frequency-peak alarm, Hz (the sensors sample at most 25.6 kHz). */
export const MAX_PEAK_FREQUENCY_HZ = 25_600;
/** A new frequency-peak alarm (spec 001 §3, §9): axis x, 1000 Hz, sensitivity 2, 0.1 / 0.2 / 0.3 g. */
export const DEFAULT_FREQUENCY_PEAK_ALARM = {
  name: '',
  axis: 'accelerometer_x',
  frequency: 1000,
  sensitivity: 2,
  threshold: { attention: 0.1, hazard: 0.2, critical: 0.3 },
} as const;

/** Thresholds of a frequency-peak (envelope) alarm, g (RMS amplitude of the envelope-spectrum line), critical ≥ hazard ≥ attention. */
export const peakThreshold = z
  .object({
    attention: z.number().finite().positive('thresholdPositive'),
    hazard: z.number().finite().positive('thresholdPositive'),
    critical: z.number().finite().positive('thresholdPositive'),
  })
  .refine((t) => t.critical >= t.hazard && t.hazard >= t.attention, { message: 'thresholdOrderTop', path: ['hazard'] });

/**
 * One frequency-peak alarm as sent (body item of `POST /point/{id}/frequencyPeakAlarm`):
 * `frequency` Hz (> 0), `sensitivity` Hz — the full width of the band ±sensitivity/2 around the
 * frequency — an even integer ≥ 2; thresholds in g (4 decimals kept).
 */
export const frequencyPeakAlarmInput = z.object({
  name: z.string().trim().min(1, 'requireAlarmName').max(200),
  axis: z.enum(FREQUENCY_PEAK_AXES, { error: 'invalidAxis' }),
  frequency: z.number().finite().positive('frequencyPositive').max(MAX_PEAK_FREQUENCY_HZ, 'frequencyTooHigh'),
  sensitivity: z
    .number()
    .int('sensitivityEven')
    .min(MIN_SENSITIVITY_HZ, 'sensitivityMin')
    .refine((s) => s % SENSITIVITY_STEP_HZ === 0, 'sensitivityEven'),
  threshold: peakThreshold,
});
export type FrequencyPeakAlarmInput = z.infer<typeof frequencyPeakAlarmInput>;
/** `POST /point/{id}/frequencyPeakAlarm`: replaces the point's whole set (an empty list removes all). */
export const frequencyPeakAlarmsBody = z.object({
  alarms: z.array(frequencyPeakAlarmInput).max(MAX_FREQUENCY_PEAK_ALARMS, 'tooManyAlarms'),
});
export type FrequencyPeakAlarmsBody = z.infer<typeof frequencyPeakAlarmsBody>;

/**
 * A stored frequency-peak alarm (spec 001 §3). `sensitivity` is shown doubled: the server stores the
 * half-width (±Hz) and answers twice it, i.e. the value that was sent.
 */
export const frequencyPeakAlarm = z.object({
  _id: z.string(),
  name: z.string(),
  point: z.string(),
  customer: z.string(),
  createdAt: z.string(),
  axis: z.enum(FREQUENCY_PEAK_AXES),
  frequency: z.number(),
  sensitivity: z.number(),
  threshold: z.object({ attention: z.number(), hazard: z.number(), critical: z.number() }),
  level: alarmLevel,
});
export type FrequencyPeakAlarm = z.infer<typeof frequencyPeakAlarm>;
/** `GET` and `POST /point/{id}/frequencyPeakAlarm`: the point's set, in the order sent. */
export const frequencyPeakAlarmsResponse = z.object({ alarms: z.array(frequencyPeakAlarm) });
export type FrequencyPeakAlarmsResponse = z.infer<typeof frequencyPeakAlarmsResponse>;

/**
 * What produced a transaction: a metric alarm, a frequency-peak alarm, missing periodic data, or a
 * gateway that stopped reporting (`gatewayDisconnected`: no point, the gateway's MAC in `macAddress`).
 */
export const ALARM_KINDS = ['metric', 'frequencyPeak', 'noData', 'gatewayDisconnected'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
/** Level filter of the alarm transactions table (spec 001 §2): all, or one level. */
export const ALARM_TRANSACTION_LEVEL_FILTERS = ['all', 'attention', 'hazard', 'critical', 'healthy'] as const;

/**
 * One alarm transaction with the fields beyond {@link alarmTransaction} (spec 001 §3 `source`; ours:
 * `kind`, `alarmId`). `score` is the measured value that decided the level, in the alarm's unit (the
 * telemetry's unit; g for a frequency-peak alarm; hours since the last measurement for no-data;
 * hours since the gateway's last report for gatewayDisconnected).
 */
export const alarmTransactionDetail = alarmTransaction.extend({
  source: z.string(),
  kind: z.enum(ALARM_KINDS),
  alarmId: z.string().nullable(),
});
export type AlarmTransactionDetail = z.infer<typeof alarmTransactionDetail>;
/** `GET /alarm-transactions` with {@link alarmTransactionDetail} items (a superset of alarmTransactionsResponse). */
export const alarmTransactionsDetailResponse = alarmTransactionsResponse.extend({
  transactions: z.array(alarmTransactionDetail),
});
export type AlarmTransactionsDetailResponse = z.infer<typeof alarmTransactionsDetailResponse>;
