import type { EvidenceLine } from '@overtone/contract';
import type { Axis, MeasurementFeatures } from '@overtone/diagnosis';

/**
 * How the verdict reads one quantity in one measurement (verdict.ts; docs/maintenance.md "Verdict"):
 * the velocity telemetry, the running-speed orders and bearing lines of the diagnosis features, and a
 * fault report's evidence line measured again. Pure, no database.
 */

/** One measurement as the verdict reads it. */
export interface VerdictMeasurement {
  id: string;
  /** Velocity r.m.s. 10–1000 Hz per axis from the stored telemetry (VRMS_ISO10816), mm/s. */
  vrmsMmPerS: Partial<Record<Axis, number>>;
  /** Its diagnosis features; null when none are stored (then only the telemetry is compared). */
  features: MeasurementFeatures | null;
  /** Report codes its diagnosis found (`fault` or `fault:component`). */
  codes: readonly string[];
}

/** A reading of one quantity in one measurement: its value and the local noise floor (null: always present). */
export interface Reading {
  value: number;
  floor: number | null;
}
export type Reader = (m: VerdictMeasurement) => Reading | null;

/** Running-speed orders the features measure (packages/diagnosis spectrum-features.ts ORDER_KEYS). */
const ORDERS = [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10];
const orderKey = (o: number) => `o${String(o).replace('.', '_')}`;
export type BearingLineKey = 'bpfo' | 'bpfi' | 'bsf' | 'bsf2' | 'ftf';
/** Feature lines of each bearing evidence kind (a rolling-element defect shows at BSF and at 2×BSF). */
const BEARING_FAMILIES: Partial<Record<EvidenceLine['kind'], BearingLineKey[]>> = {
  BPFO: ['bpfo'],
  BPFI: ['bpfi'],
  BSF: ['bsf', 'bsf2'],
  FTF: ['ftf'],
};

/** Overall velocity r.m.s. of an axis, mm/s: the stored telemetry, else the features' (no floor: always present). */
export const vrmsOf =
  (axis: Axis): Reader =>
  (m) => {
    const v = m.vrmsMmPerS[axis] ?? m.features?.axes[axis]?.spectrum?.vrmsIsoMmPerS;
    return typeof v === 'number' && v >= 0 ? { value: v, floor: null } : null;
  };

/** A running-speed order line of an axis in mm/s (or g), with its local floor in the same unit. */
export const orderLine =
  (axis: Axis, order: number, unit: string): Reader =>
  (m) => {
    const l = (
      m.features?.axes[axis]?.spectrum?.orders as Record<
        string,
        { hz: number; mmPerS: number; g: number; floorMmPerS: number }
      > | null
    )?.[orderKey(order)];
    if (!l || !(l.hz > 0)) return null;
    if (unit === 'g') return { value: l.g, floor: l.mmPerS > 0 ? (l.floorMmPerS * l.g) / l.mmPerS : null };
    return { value: l.mmPerS, floor: l.floorMmPerS };
  };

/**
 * A bearing line of the squared-envelope spectrum (g²), or its fundamental in the spectrum (g).
 * @param target frequency (Hz) and order of the line sought; the nearest of the family's
 *   harmonics 1…3 (envelope) or fundamentals (spectrum) is read, by order when both are known
 */
export const bearingLine =
  (
    axis: Axis,
    family: BearingLineKey[],
    domain: 'envelope' | 'spectrum',
    target: { hz: number | null; order: number | null } | null,
  ): Reader =>
  (m) => {
    const lines = m.features?.axes[axis]?.bearing?.lines;
    if (!lines) return null;
    const shaftHz = m.features?.shaft?.hz ?? null;
    const candidates = family.flatMap((k) => {
      const l = lines[k];
      if (!l) return [];
      return domain === 'spectrum' ? [l.spec] : [l.h1, l.h2, l.h3];
    });
    const found = candidates.filter((c) => c && c.hz > 0);
    if (!found.length) return null;
    let best = found[0]!;
    if (target) {
      const distance = (hz: number) =>
        target.order !== null && shaftHz
          ? Math.abs(hz / shaftHz - target.order)
          : target.hz !== null
            ? Math.abs(hz - target.hz)
            : 0;
      for (const c of found) if (distance(c.hz) < distance(best.hz)) best = c;
    }
    return { value: best.amp, floor: best.floor };
  };

/** How an evidence line of a report is measured again in another measurement; null when it cannot be (statistics, bands, sidebands…). */
export function evidenceReader(line: EvidenceLine): Reader | null {
  const axis = line.axis;
  if (!axis) return null;
  if (line.kind === 'ISO10816') return vrmsOf(axis);
  if (['1X', '2X', 'nX', '0.5X'].includes(line.kind) && line.domain === 'spectrum' && line.order !== null) {
    const order = ORDERS.reduce((a, b) => (Math.abs(b - line.order!) < Math.abs(a - line.order!) ? b : a));
    if (Math.abs(order - line.order) > 0.25 || (line.unit !== 'mm/s' && line.unit !== 'g')) return null;
    return orderLine(axis, order, line.unit);
  }
  const family = BEARING_FAMILIES[line.kind];
  if (family && (line.domain === 'envelope' || line.domain === 'spectrum'))
    return bearingLine(axis, family, line.domain, { hz: line.frequencyHz, order: line.order });
  return null;
}
