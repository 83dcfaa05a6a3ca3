import {
  defaultThresholds,
  metricAlarmBody,
  thresholdIssues,
  type MetricAlarm,
  type MetricAlarmBody,
  type MetricThreshold,
  type ThresholdDirection,
} from '@overtone/contract';

/**
 * What the metric alarm dialog edits. Thresholds are `[lower, upper]` pairs in the telemetry's
 * unit (null: empty or unused side); the frequency range is two optional inputs in Hz.
 */
export interface MetricAlarmFormValues {
  name: string;
  telemetry: string | undefined;
  source: string | undefined;
  thresholdDirection: ThresholdDirection;
  calculated: boolean;
  frequencyLowHz: number | null;
  frequencyHighHz: number | null;
  threshold: MetricThreshold;
  /** Consecutive measurements before a higher level is raised, 1…100 (beyond the spec, docs/alarms.md). */
  delay: number | null;
  /** Margin in the telemetry's unit a value must fall back past a threshold before its level clears, ≥ 0. */
  hysteresis: number | null;
}

/** A new alarm: top limit with its default thresholds (spec 001 §9: ±2 / ±5 / ±8), delay 1, no hysteresis. */
export const newAlarmValues = (): MetricAlarmFormValues => ({
  name: '',
  telemetry: undefined,
  source: undefined,
  thresholdDirection: 1,
  calculated: true,
  frequencyLowHz: null,
  frequencyHighHz: null,
  threshold: defaultThresholds(1),
  delay: 1,
  hysteresis: 0,
});

/** The dialog's values of a stored alarm. */
export const alarmValues = (a: MetricAlarm): MetricAlarmFormValues => ({
  name: a.name,
  telemetry: a.telemetry,
  source: a.source,
  thresholdDirection: a.thresholdDirection,
  calculated: a.calculated,
  frequencyLowHz: a.properties.frequencyRange?.[0] ?? null,
  frequencyHighHz: a.properties.frequencyRange?.[1] ?? null,
  threshold: a.threshold,
  delay: a.delay,
  hysteresis: a.hysteresis,
});

/** Empty inputs of the frequency range: both or none (one alone is an error). */
export type FrequencyRangeIssue = 'frequencyRangeInvalid' | null;

/** Whether the optional frequency range is complete and increasing (or left empty). */
export function frequencyRangeIssue(low: number | null, high: number | null): FrequencyRangeIssue {
  if (low === null && high === null) return null;
  if (low === null || high === null || low < 0 || !(high > low)) return 'frequencyRangeInvalid';
  return null;
}

/** A threshold input's path in the form: `['threshold', level, side]`. */
export type ThresholdPath = (string | number)[];

/**
 * The threshold issues of the values as the contract states them (spec 001 §5, `thresholdIssues`):
 * the same check the server makes, so a message shown here is the one the server would answer.
 */
export const formThresholdIssues = (v: Pick<MetricAlarmFormValues, 'thresholdDirection' | 'threshold'>) =>
  thresholdIssues(v.thresholdDirection, v.threshold);

/**
 * The request body of the values, parsed by the contract's `metricAlarmBody` (its output: the unused
 * side nulled, thresholds and hysteresis rounded to 4 decimals), or the issues' message keys.
 */
export function toAlarmBody(
  v: MetricAlarmFormValues,
): { ok: true; body: MetricAlarmBody } | { ok: false; issues: { path: (string | number)[]; message: string }[] } {
  const rangeIssue = frequencyRangeIssue(v.frequencyLowHz, v.frequencyHighHz);
  if (rangeIssue) return { ok: false, issues: [{ path: ['frequencyRange'], message: rangeIssue }] };
  const parsed = metricAlarmBody.safeParse({
    name: v.name ?? '',
    telemetry: v.telemetry ?? '',
    source: v.source ?? '',
    thresholdDirection: v.thresholdDirection,
    calculated: v.calculated,
    properties: {
      frequencyRange: v.frequencyLowHz !== null && v.frequencyHighHz !== null ? [v.frequencyLowHz, v.frequencyHighHz] : null,
    },
    threshold: v.threshold,
    delay: v.delay ?? 1,
    hysteresis: v.hysteresis ?? 0,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: i.message,
    })),
  };
}
