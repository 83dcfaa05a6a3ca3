/**
 * Pure helpers of the spectrogram heat map: colour scale, value scaling and axis ticks.
 */

/** Viridis colour map (perceptually uniform, readable in grey and by colour-blind users), 9 stops. */
const VIRIDIS: readonly [number, number, number][] = [
  [68, 1, 84],
  [71, 44, 122],
  [59, 81, 139],
  [44, 113, 142],
  [33, 144, 141],
  [39, 173, 129],
  [92, 200, 99],
  [170, 220, 50],
  [253, 231, 37],
];

/** Colour of a value in [0, 1] (clamped), as [r, g, b] 0–255. */
export function colorAt(v: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const a = VIRIDIS[i];
  const b = VIRIDIS[i + 1];
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f)) as [number, number, number];
}

/** CSS colour of a value in [0, 1]. */
export const cssColorAt = (v: number) => `rgb(${colorAt(v).join(',')})`;

export type HeatScale = 'linear' | 'log';

/** Dynamic range of the dB colour scale below the highest cell, dB. */
export const DB_RANGE = 80;

/** Amplitude in dB re 1 unit (20·log10), with a floor for zeros. */
export const toDb = (v: number) => 20 * Math.log10(Math.max(v, 1e-12));

/**
 * The colour range of a matrix: [0, max] linear, or [max − 80 dB, max] in dB.
 * @returns [low, high] in the scale's unit (high > low)
 */
export function valueRange(sxx: readonly (readonly number[])[], scale: HeatScale): [number, number] {
  let max = 0;
  for (const row of sxx) for (const v of row) if (v > max) max = v;
  if (scale === 'log') {
    const hi = max > 0 ? toDb(max) : 0;
    return [hi - DB_RANGE, hi];
  }
  return [0, max > 0 ? max : 1];
}

/** A value mapped to [0, 1] in the range, in the scale's unit. */
export function normalise(v: number, scale: HeatScale, [lo, hi]: [number, number]): number {
  const s = scale === 'log' ? toDb(v) : v;
  return (s - lo) / (hi - lo);
}

/**
 * "Nice" tick values (1, 2, 5 × 10^k steps) covering [min, max], about `count` of them.
 * @example niceTicks(0, 1000, 5) // → [0, 200, 400, 600, 800, 1000]
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min) || !Number.isFinite(min) || !Number.isFinite(max)) return Number.isFinite(min) ? [min] : [];
  const raw = (max - min) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}
