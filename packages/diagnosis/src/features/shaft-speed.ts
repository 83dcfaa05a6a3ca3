import { AXES, type MeasurementSignal, type PointKinematics, type ShaftSpeed } from '../types.ts';
import { axisSpectrum, floorAt, lineAt, type AxisSpectrum } from './spectrum-core.ts';
import { LINE_PRESENT_RATIO } from './spectrum-lines.ts';

/** Search range around a variable speed's nominal value: ±10 % (the brief of issue 15). */
export const SPEED_SEARCH_TOLERANCE = 0.1;
/** Search range without any nominal speed, Hz (300…6000 r/min, most industrial machines). */
export const SPEED_SEARCH_RANGE_HZ: readonly [number, number] = [5, 100];
/** Harmonics the estimate sums (1×, 2×, 3×: the running-speed family, Scheffer & Girdhar 2004 §6.1). */
export const SPEED_HARMONICS = 3;

/**
 * Log harmonic sum of a candidate speed: Σ_h log(max(A(h·f), floor)) over h = 1…3, A the
 * largest velocity bin within ±1 bin of h·f on the sum of the axes' power spectra (a harmonic
 * product spectrum, Schroeder 1968 / Noll 1969, on the velocity lines).
 */
function score(power: Float64Array, df: number, f: number, floor: number): number {
  let s = 0;
  for (let h = 1; h <= SPEED_HARMONICS; h++) {
    const k = Math.round((h * f) / df);
    if (k + 1 >= power.length) break;
    const a = Math.max(power[k - 1]!, power[k]!, power[k + 1]!);
    s += Math.log(Math.max(a, floor));
  }
  return s;
}

/**
 * The running speed of this measurement (docs/diagnosis-parts/machine.md "Shaft speed"):
 *
 * - a fixed nominal speed (`shaftHz` given, `shaftSpeedVariable` false): that speed, 'reference';
 * - a variable speed: the candidate within ±10 % of `shaftHz` (without one 5…100 Hz), on a grid
 *   of a third of a line, that maximises the harmonic product of 1×, 2×, 3× over the summed
 *   velocity power of the three axes; refined on the 1× line; 'estimated' when that 1× stands
 *   ≥ 10 dB over its local floor ({@link LINE_PRESENT_RATIO}) on some axis, else 'none' (a
 *   wrong speed would misplace every order line).
 *
 * Parameters
 * ----------
 * signal : MeasurementSignal
 * kinematics : PointKinematics
 *
 * Returns
 * -------
 * ShaftSpeed
 *     `{ hz, source }`, hz null with source 'none'.
 */
export function estimateShaftSpeed(signal: MeasurementSignal, kinematics: PointKinematics): ShaftSpeed {
  const nominal = kinematics.shaftHz && kinematics.shaftHz > 0 ? kinematics.shaftHz : null;
  if (nominal && !kinematics.shaftSpeedVariable) return { hz: nominal, source: 'reference' };
  const specs: AxisSpectrum[] = AXES.map((a) => axisSpectrum(signal[a], signal.samplingRateHz));
  const df = specs[0]!.df;
  const nb = specs[0]!.vel.length;
  const power = new Float64Array(nb);
  for (const s of specs) for (let k = 0; k < nb; k++) power[k] = power[k]! + s.vel[k]! * s.vel[k]!;
  let lo = nominal ? nominal * (1 - SPEED_SEARCH_TOLERANCE) : SPEED_SEARCH_RANGE_HZ[0];
  let hi = nominal ? nominal * (1 + SPEED_SEARCH_TOLERANCE) : SPEED_SEARCH_RANGE_HZ[1];
  lo = Math.max(lo, 3 * df);
  hi = Math.min(hi, (0.45 * signal.samplingRateHz) / SPEED_HARMONICS);
  if (!(hi > lo)) return { hz: null, source: 'none' };
  // a floor of −20 dB under the region's mean power keeps one empty bin (log → −∞) from vetoing a candidate
  let mean = 0;
  const a = Math.floor(lo / df),
    b = Math.min(nb - 1, Math.ceil((SPEED_HARMONICS * hi) / df));
  for (let k = a; k <= b; k++) mean += power[k]!;
  const floor = Math.max(Number.MIN_VALUE, (mean / Math.max(1, b - a + 1)) * 0.01);
  let best = lo,
    bestScore = -Infinity;
  for (let f = lo; f <= hi; f += df / 3) {
    const s = score(power, df, f, floor);
    if (s > bestScore) {
      bestScore = s;
      best = f;
    }
  }
  let found = false;
  let refined = best;
  let strongest = 0;
  for (const s of specs) {
    const line = lineAt(s.vel, s, best, 1.5 * df);
    const ratio = line.amplitude / Math.max(Number.MIN_VALUE, floorAt(s.vel, s, best));
    if (ratio >= LINE_PRESENT_RATIO && line.amplitude > strongest) {
      strongest = line.amplitude;
      refined = line.hz;
      found = true;
    }
  }
  return found ? { hz: refined, source: 'estimated' } : { hz: null, source: 'none' };
}
