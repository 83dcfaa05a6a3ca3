import type { IsoZone } from '@overtone/contract';
import { HEALTH_COLORS } from '../../ui/health';

/**
 * The zone chart's scale (docs/condition-control.md "Zone chart"): logarithmic in velocity, from a
 * quarter of the A/B boundary to four times the C/D boundary. The zone boundaries of ISO 10816-1
 * Table B.1 grow geometrically (about ×2.5 from A/B to B/C to C/D, the R10 steps of the severity
 * ranges): on a log axis B and C are equally wide for every class, and A and D show a factor of four
 * below and above them, so a value's distance from a boundary reads as a ratio (dB), the way an
 * analyst compares vibration levels.
 */

/** Fill of each zone: A green, B yellow-green, C orange, D red (A, C, D the health colours of healthy, hazard, critical). */
export const ZONE_COLORS: Record<IsoZone, string> = {
  A: HEALTH_COLORS.healthy,
  B: '#a0d911',
  C: HEALTH_COLORS.hazard,
  D: HEALTH_COLORS.critical,
};

/** A band of the chart: its zone, velocity range (mm/s, `to` null for the open-ended D) and place 0…1. */
export interface ZoneBand {
  zone: IsoZone;
  from: number;
  to: number | null;
  x0: number;
  x1: number;
}

/** The scale of one machine class. */
export interface ZoneScale {
  /** Velocity at the left edge, mm/s (A/B ÷ 4). */
  min: number;
  /** Velocity at the right edge, mm/s (C/D × 4). */
  max: number;
  bands: ZoneBand[];
  /** Place of a velocity on the chart, 0 (left) … 1 (right), clamped at both ends. */
  position: (mmPerS: number) => number;
}

/**
 * The chart's scale for a class's zone boundaries.
 * @param boundaries A/B, B/C, C/D in mm/s, increasing and > 0 (the API's `iso10816.boundaries`)
 * @returns bands A…D and the position function
 * @example zoneScale([1.12, 2.8, 7.1]).position(1.12) // 0.3001 (A takes log 4 of log 101.4 decades)
 */
export function zoneScale(boundaries: readonly [number, number, number]): ZoneScale {
  const [ab, bc, cd] = boundaries;
  const min = ab / 4;
  const max = cd * 4;
  const span = Math.log(max / min);
  const position = (v: number) => (v <= min ? 0 : v >= max ? 1 : Math.log(v / min) / span);
  const edges = [0, ab, bc, cd];
  const bands = (['A', 'B', 'C', 'D'] as const).map((zone, i) => ({
    zone,
    from: edges[i]!,
    to: i < 3 ? edges[i + 1]! : null,
    x0: i === 0 ? 0 : position(edges[i]!),
    x1: i < 3 ? position(edges[i + 1]!) : 1,
  }));
  return { min, max, bands, position };
}
