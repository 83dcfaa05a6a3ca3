import { STANDARD_GRAVITY_MM_PER_S2 } from './units.ts';

/**
 * Single integration of acceleration spectra to velocity in the frequency domain, shared by
 * {@link amplitudeSpectrum}'s velocity mode (server) and the charts that switch a g spectrum to
 * mm/s without recomputing it (web), so both give the same numbers to the last bit.
 */

/**
 * Lines with |f| below this are 0 in a velocity spectrum, Hz: 1/(2πf) amplifies sensor drift and
 * DC leakage near 0 Hz without bound (ISO 20816-1:2016 measures velocity from 2 Hz at the lowest;
 * Randall 2021 §3.3.4).
 */
export const VELOCITY_LOW_CUT_HZ = 2;

/** mm/s per (g · Hz): 9806.65 / (2π). */
const G_TO_MM_PER_S_PER_HZ = STANDARD_GRAVITY_MM_PER_S2 / (2 * Math.PI);

/**
 * Velocity of one spectral line from its acceleration: V = A · 9806.65 / (2π·|f|).
 *
 * @param amplitudeG  Line amplitude A in g (RMS or peak; the result keeps the same scaling).
 * @param frequencyHz Line frequency f in Hz (sign ignored).
 * @param lowCutHz    Lines with |f| below this, and the 0 Hz line, give 0. Hz.
 * @returns           V in mm/s; 0 for |f| < lowCutHz or f = 0.
 *
 * Source: Randall, *Vibration-based Condition Monitoring* 2nd ed. (2021) §3.3.4 (integration in
 * the frequency domain: division by jω); ISO 80000-3 (1 g = 9806.65 mm/s²).
 * @example velocityOfLine(1, 100, 2) // 15.6078 (mm/s)
 */
export function velocityOfLine(amplitudeG: number, frequencyHz: number, lowCutHz: number): number {
  const f = Math.abs(frequencyHz);
  return f < lowCutHz || f === 0 ? 0 : (amplitudeG * G_TO_MM_PER_S_PER_HZ) / f;
}

/**
 * Velocity spectrum from an acceleration spectrum, line by line ({@link velocityOfLine}): the same
 * numbers as `amplitudeSpectrum({ …, mode: 'velocity' })` on the signal the g spectrum came from.
 *
 * @param frequencyHz Line frequencies f_k in Hz, shape (n,).
 * @param amplitudeG  Line amplitudes in g, shape (n,) (RMS lines give mm/s RMS).
 * @param lowCutHz    Low cut in Hz, default {@link VELOCITY_LOW_CUT_HZ} (2 Hz).
 * @returns           Velocity per line in mm/s, shape (min(len(frequencyHz), len(amplitudeG)),).
 *
 * Source: as {@link velocityOfLine}.
 * @example velocityFromAcceleration([0, 1, 100], [1, 1, 1]) // Float64Array [0, 0, 15.6078]
 */
export function velocityFromAcceleration(
  frequencyHz: ArrayLike<number>,
  amplitudeG: ArrayLike<number>,
  lowCutHz = VELOCITY_LOW_CUT_HZ,
): Float64Array {
  const n = Math.min(frequencyHz.length, amplitudeG.length);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = velocityOfLine(amplitudeG[i], frequencyHz[i], lowCutHz);
  return out;
}
