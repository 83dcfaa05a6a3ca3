import {
  DEFAULT_FREQUENCY_PEAK_ALARM,
  MIN_SENSITIVITY_HZ,
  SENSITIVITY_STEP_HZ,
  frequencyPeakAlarmsBody,
  type AxisKey,
  type FrequencyPeakAlarm,
  type FrequencyPeakAlarmsBody,
} from '@overtone/contract';

/**
 * One editable row of the frequency-peak editor: `frequency` Hz, `sensitivity` Hz (the full band
 * width, ± half around the frequency), thresholds in g. `key` identifies the row while editing
 * (stored alarms keep their id, new rows get a local one). Empty inputs are null.
 */
export interface PeakRow {
  key: string;
  name: string;
  axis: AxisKey;
  frequency: number | null;
  sensitivity: number | null;
  threshold: { attention: number | null; hazard: number | null; critical: number | null };
}

let nextKey = 0;
const localKey = () => `new-${++nextKey}`;

/** The rows of the stored alarms, in their order. */
export const rowsOf = (alarms: readonly FrequencyPeakAlarm[]): PeakRow[] =>
  alarms.map((a) => ({
    key: a._id,
    name: a.name,
    axis: a.axis,
    frequency: a.frequency,
    sensitivity: a.sensitivity,
    threshold: { ...a.threshold },
  }));

/** A new row with the defaults of spec 001 §9: axis x, 1000 Hz, sensitivity 2 Hz, 0.1 / 0.2 / 0.3 g. */
export const newRow = (): PeakRow => ({
  key: localKey(),
  name: DEFAULT_FREQUENCY_PEAK_ALARM.name,
  axis: DEFAULT_FREQUENCY_PEAK_ALARM.axis,
  frequency: DEFAULT_FREQUENCY_PEAK_ALARM.frequency,
  sensitivity: DEFAULT_FREQUENCY_PEAK_ALARM.sensitivity,
  threshold: { ...DEFAULT_FREQUENCY_PEAK_ALARM.threshold },
});

/**
 * A sensitivity forced to what spec 001 §5 allows: an even number of Hz, at least 2 (an odd value
 * goes up to the next even one, a fraction to the nearest even one; empty or below 2 becomes 2).
 * @example forceEvenSensitivity(3) // 4
 * @example forceEvenSensitivity(0) // 2
 */
export function forceEvenSensitivity(hz: number | null): number {
  if (hz === null || !Number.isFinite(hz)) return MIN_SENSITIVITY_HZ;
  const even = Math.round(hz / SENSITIVITY_STEP_HZ) * SENSITIVITY_STEP_HZ;
  return Math.max(MIN_SENSITIVITY_HZ, even);
}

/** One issue of a row: its index and the contract's message key. */
export interface RowIssue {
  row: number;
  field: string;
  message: string;
}

/**
 * The request body of the rows, checked with the contract's `frequencyPeakAlarmsBody` (so the web
 * refuses what the server would), or the issues by row.
 */
export function toPeakBody(
  rows: readonly PeakRow[],
): { ok: true; body: FrequencyPeakAlarmsBody } | { ok: false; issues: RowIssue[] } {
  const parsed = frequencyPeakAlarmsBody.safeParse({
    alarms: rows.map((r) => ({
      name: r.name,
      axis: r.axis,
      frequency: r.frequency ?? Number.NaN,
      sensitivity: r.sensitivity ?? Number.NaN,
      threshold: {
        attention: r.threshold.attention ?? Number.NaN,
        hazard: r.threshold.hazard ?? Number.NaN,
        critical: r.threshold.critical ?? Number.NaN,
      },
    })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({
      row: typeof i.path[1] === 'number' ? i.path[1] : -1,
      field: i.path.slice(2).map(String).join('.'),
      message: i.code === 'invalid_type' ? 'requireValue' : i.message,
    })),
  };
}
