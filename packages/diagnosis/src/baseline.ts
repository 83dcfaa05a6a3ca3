import type { Baseline, BaselineStat, MeasurementFeatures } from './types.ts';

/**
 * The point's own baseline: robust statistics of every feature over measurements taken while the
 * machine was judged healthy (docs/diagnosis.md "Baseline").
 *
 * Sources: ISO 17359:2018 §6.4 and ISO 13379-1:2012 §5 (condition monitoring compares a machine's
 * measurements with a reference, "baseline", taken in known good condition, new or after repair);
 * Randall, *Vibration-based Condition Monitoring* (2011) §1.3 and Brüel & Kjær application note
 * BO 0210 (Randall 1987) on spectrum comparison: a change of a spectral line by 6 dB (×2) over its
 * reference is significant, by 20 dB (×10) serious.
 */

/** Change of a line over its baseline that is significant, dB (Randall 2011 §1.3; B&K BO 0210). */
export const SIGNIFICANT_CHANGE_DB = 6;
/** Change of a line over its baseline that is serious, dB (same sources). */
export const SERIOUS_CHANGE_DB = 20;

/**
 * Measurements a baseline is learned from at least: fewer give no baseline (absolute criteria
 * only). Five separate readings make the median robust to one outlier of five (breakdown point
 * 50 %: Hampel et al., *Robust Statistics* 1986 §2.2) and match the "several measurements at
 * stable operation" ISO 13373-1:2002 §7 asks for a reference.
 */
export const BASELINE_MIN_MEASUREMENTS = 5;
/** Measurements a baseline is learned from at most (the first ones after its start). */
export const BASELINE_MAX_MEASUREMENTS = 20;

/**
 * The numeric leaves of a features object by dotted key (`x.spectrum.orders.o1.amplitude`…).
 * Arrays are skipped (their indices are not stable keys); non-finite numbers are skipped.
 *
 * Parameters
 * ----------
 * features : MeasurementFeatures
 *
 * Returns
 * -------
 * Map<string, number>
 */
export function flattenFeatures(features: MeasurementFeatures): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'number') {
      if (Number.isFinite(v)) out.set(key, v);
    } else if (v && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)) {
      for (const [k, child] of Object.entries(v)) walk(child, key ? `${key}.${k}` : k);
    }
  };
  walk(features.axes, '');
  if (features.shaft.hz !== null) out.set('shaft.hz', features.shaft.hz);
  if (features.temperatureC !== null) out.set('temperatureC', features.temperatureC);
  return out;
}

function median(sorted: number[]): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/**
 * Learns a baseline from the features of measurements taken in good condition: per feature key
 * the median and the median absolute deviation.
 *
 * Parameters
 * ----------
 * measurements : MeasurementFeatures[]
 *     Features of one point, one version; those of another version than the newest are ignored.
 *
 * Returns
 * -------
 * Baseline | null
 *     null with fewer than {@link BASELINE_MIN_MEASUREMENTS} measurements of the newest version.
 */
export function learnBaseline(measurements: readonly MeasurementFeatures[]): Baseline | null {
  if (!measurements.length) return null;
  const version = Math.max(...measurements.map((m) => m.version));
  const same = measurements.filter((m) => m.version === version).slice(0, BASELINE_MAX_MEASUREMENTS);
  if (same.length < BASELINE_MIN_MEASUREMENTS) return null;
  const values = new Map<string, number[]>();
  for (const m of same)
    for (const [k, v] of flattenFeatures(m)) {
      const list = values.get(k);
      if (list) list.push(v);
      else values.set(k, [v]);
    }
  const stats: Record<string, BaselineStat> = {};
  for (const [k, list] of values) {
    const sorted = [...list].sort((a, b) => a - b);
    const med = median(sorted);
    const dev = sorted.map((v) => Math.abs(v - med)).sort((a, b) => a - b);
    stats[k] = { median: med, mad: median(dev), n: list.length };
  }
  return { version, measurements: same.length, stats };
}

/** The baseline statistic of a feature key; null without a baseline or without that key. */
export function baselineOf(baseline: Baseline | null, key: string): BaselineStat | null {
  return baseline?.stats[key] ?? null;
}

/**
 * Change of an amplitude over its baseline median, dB (20·log10 of the ratio). The median is
 * floored at `floor` (the measurement's own noise floor or a unit's resolution) so that a line
 * absent from the baseline does not divide by zero.
 *
 * Returns
 * -------
 * number | null
 *     dB; null when the baseline has no such feature.
 */
export function changeOverBaselineDb(baseline: Baseline | null, key: string, amplitude: number, floor: number): number | null {
  const stat = baselineOf(baseline, key);
  if (!stat) return null;
  const ref = Math.max(stat.median, floor, Number.MIN_VALUE);
  return 20 * Math.log10(Math.max(amplitude, Number.MIN_VALUE) / ref);
}
