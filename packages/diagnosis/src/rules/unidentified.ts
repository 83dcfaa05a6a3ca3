import { changeOverBaselineDb, SERIOUS_CHANGE_DB, baselineOf } from '../baseline.ts';
import type { Evidence, Finding } from '../types.ts';
import type { Rule } from './rule.ts';
import { finding, isoEvidence, statEvidence, strongest } from './support.ts';

/**
 * Overall values whose change over the baseline makes a measurement clearly abnormal, by feature
 * key suffix (per axis) and unit: the ISO-band velocity, the acceleration r.m.s. and bands, the
 * running-speed bands.
 */
const OVERALL_KEYS: readonly [string, string][] = [
  ['spectrum.vrmsIsoMmPerS', 'mm/s'],
  ['time.rmsG', 'g'],
  ['spectrum.accelerationBands.g10To1k', 'g'],
  ['spectrum.accelerationBands.g1kTo5k', 'g'],
  ['spectrum.accelerationBands.g5kTo20k', 'g'],
  ['spectrum.orderBands.subSyncMmPerS', 'mm/s'],
  ['spectrum.orderBands.sync1to3MmPerS', 'mm/s'],
  ['spectrum.orderBands.harm3to10MmPerS', 'mm/s'],
];

/** Reads a dotted key of an axis' features. */
function valueAt(obj: unknown, path: string): number | null {
  let v: unknown = obj;
  for (const p of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * unidentified_fault (`unidentified`): clearly abnormal with no pattern (diagnose.ts runs it only
 * when no other machine rule found anything): on a sound axis, the ISO 10816-1 zone is C or D, or
 * an overall value (velocity 10…1000 Hz, acceleration r.m.s. or band, running-speed band) rose by
 * ≥ SERIOUS_CHANGE_DB (20 dB, ×10) over the baseline.
 *
 * Sources: ISO 10816-1:1995 §5.3.1 / ISO 20816-1:2016 Annex B (zones C/D); Randall 2011 §1.3 and
 * B&K BO 0210 (a 20 dB change is serious); ISO 13379-1:2012 §6 (an anomaly without a diagnosis is
 * still reported).
 */
export const unidentifiedRule: Rule = (features, context, axes) => {
  const out: Finding[] = [];
  for (const axis of axes) {
    const f = features.axes[axis];
    const zone = f.spectrum.isoZone;
    let worst: { key: string; unit: string; value: number; db: number } | null = null;
    for (const [suffix, unit] of OVERALL_KEYS) {
      const value = valueAt(f, suffix);
      const key = `${axis}.${suffix}`;
      if (value === null || !baselineOf(context.baseline, key)) continue;
      const floor = unit === 'mm/s' ? 0.01 : 1e-4; // resolution of a velocity / acceleration overall
      const db = changeOverBaselineDb(context.baseline, key, value, floor);
      if (db !== null && db >= SERIOUS_CHANGE_DB && (!worst || db > worst.db)) worst = { key, unit, value, db };
    }
    if (zone !== 'C' && zone !== 'D' && !worst) continue;
    const evidence: Evidence[] = [isoEvidence(axis, features, context)];
    if (worst)
      evidence.push(
        statEvidence(
          'BASELINE',
          axis,
          worst.key.slice(2),
          worst.value,
          worst.unit,
          'spectrum',
          baselineOf(context.baseline, worst.key)!.median,
        ),
      );
    out.push(
      finding(
        'unidentified_fault',
        'unidentified',
        { zone, changeDb: worst?.db ?? null, baseline: null },
        0.3,
        Math.max(f.spectrum.vrmsIsoMmPerS, worst ? 10 ** (worst.db / 20) : 0),
        evidence,
      ),
    );
  }
  return strongest(out);
};
