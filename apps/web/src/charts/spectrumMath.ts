/**
 * Display arithmetic of the spectrum chart (spec 002 §4, §9): dB scale, peak search, zoom window,
 * cursor stepping, harmonic markers. Pure functions; frequencies in Hz, amplitudes in the
 * spectrum's own unit. The physics (velocity integration, bearing defect and gear-mesh
 * frequencies, harmonic families) is packages/dsp's, the same code as the server's, imported by
 * its light entry points (`@overtone/dsp/kinematics`, `/integration`) so that the charts' chunks do
 * not carry the FFT and its WebAssembly (the DSP runs in the domains worker).
 */
import { harmonics } from '@overtone/dsp/kinematics';

/** Largest zoom level; each level halves the visible span (spec 002 §4: 0 to 10). */
export const MAX_ZOOM_LEVEL = 10;

/** RPM per Hz (spec 000 §4). */
export const RPM_PER_HZ = 60;

/**
 * Amplitude in decibels, 20·log10(a) (spec 002 §9), relative to 1 of the amplitude's unit.
 * @returns null for a non-positive or non-finite amplitude (no finite level)
 */
export function toDb(amplitude: number): number | null {
  return amplitude > 0 && Number.isFinite(amplitude) ? 20 * Math.log10(amplitude) : null;
}

export interface SpectrumPeak {
  /** Index of the spectral line in the result arrays. */
  index: number;
  /** Frequency of the line in Hz (the exact `x` of the result). */
  frequencyHz: number;
  /** Amplitude of the line in the spectrum's unit (`y` of the result). */
  amplitude: number;
}

/**
 * The highest spectral line strictly between 0 Hz and `limitHz`.
 * @param xHz line frequencies in Hz, ascending (shape n)
 * @param y line amplitudes (shape n), e.g. RMS g or mm/s
 * @param limitHz upper bound in Hz, exclusive
 * @returns the line with the largest amplitude (the first one on a tie), or null when no line is in range
 * @example highestPeakBelow([0, 10, 20, 600], [9, 1, 3, 7], 500) // → { index: 2, frequencyHz: 20, amplitude: 3 }
 */
export function highestPeakBelow(xHz: ArrayLike<number>, y: ArrayLike<number>, limitHz: number): SpectrumPeak | null {
  let best = -1;
  const n = Math.min(xHz.length, y.length);
  for (let i = 0; i < n; i++) {
    const f = xHz[i];
    if (!(f > 0 && f < limitHz) || !Number.isFinite(y[i])) continue;
    if (best < 0 || y[i] > y[best]) best = i;
  }
  return best < 0 ? null : { index: best, frequencyHz: xHz[best], amplitude: y[best] };
}

/**
 * The visible x range at a zoom level: the full span divided by 2^level, centred on `centre`
 * and shifted to stay inside [min, max].
 * @param min smallest x of the data
 * @param max largest x of the data
 * @param level zoom level, clamped to 0..{@link MAX_ZOOM_LEVEL}
 * @param centre the x to centre on (the active cursor)
 */
export function zoomRange(min: number, max: number, level: number, centre: number): { min: number; max: number } {
  const lvl = Math.max(0, Math.min(MAX_ZOOM_LEVEL, Math.round(level)));
  if (lvl === 0 || !(max > min)) return { min, max };
  const span = (max - min) / 2 ** lvl;
  let lo = Math.max(min, Math.min(centre, max) - span / 2);
  let hi = lo + span;
  if (hi > max) {
    hi = max;
    lo = max - span;
  }
  return { min: lo, max: hi };
}

/** Clamps an index to 0..n-1 (spec 002 §4: the active point is clamped to the data range). */
export const clampIndex = (i: number, n: number) => (n <= 0 ? 0 : Math.max(0, Math.min(n - 1, Math.round(i))));

/** Default number of harmonics marked on the details page (spec 002 §9). */
export const DEFAULT_HARMONIC_COUNT = 5;
/** Largest number of harmonics (spec 002 §9: 10 drawn on spectrum charts). */
export const MAX_HARMONIC_COUNT = 10;

/**
 * The harmonic markers of a line: packages/dsp `harmonics` (k·f0, k = 1..count) with the chart's
 * limits, for any fundamental (reference frequency, a selected line, a bearing defect or gear-mesh
 * frequency).
 * @param f0Hz fundamental in Hz
 * @param count number of harmonics, clamped to 1..{@link MAX_HARMONIC_COUNT}
 * @returns ascending frequencies in Hz, empty when f0 is not positive and finite (or count is NaN)
 * @example harmonicsHz(25, 3) // → [25, 50, 75]
 */
export function harmonicsHz(f0Hz: number, count = DEFAULT_HARMONIC_COUNT): number[] {
  const n = Math.max(1, Math.min(MAX_HARMONIC_COUNT, Math.round(count)));
  if (!(f0Hz > 0) || !Number.isFinite(f0Hz) || !Number.isInteger(n)) return [];
  return Array.from(harmonics(f0Hz, n));
}

/**
 * The active line after a key press (spec 002 "Keyboard"): ←/→ step 1, Alt+←/→ jump 10, clamped.
 * @returns the new index, or null when the key does not move the cursor
 */
export function stepIndex(current: number, key: string, alt: boolean, n: number): number | null {
  const step = alt ? 10 : 1;
  if (key === 'ArrowLeft') return clampIndex(current - step, n);
  if (key === 'ArrowRight') return clampIndex(current + step, n);
  return null;
}

/** The zoom level after a key press: ↑ in, ↓ out (0..10), Enter resets; null for other keys. */
export function zoomForKey(level: number, key: string): number | null {
  if (key === 'ArrowUp') return Math.min(MAX_ZOOM_LEVEL, level + 1);
  if (key === 'ArrowDown') return Math.max(0, level - 1);
  if (key === 'Enter') return 0;
  return null;
}

/**
 * Index of the spectral line nearest to a frequency (e.g. a fault report's evidence line to select).
 * @param xHz line frequencies, ascending, Hz
 * @returns the index, or null for no lines or no frequency
 * @example nearestLineIndex([0, 0.5, 1, 1.5], 1.2) // → 2
 */
export function nearestLineIndex(xHz: ArrayLike<number>, hz: number | null): number | null {
  if (hz === null || !xHz.length) return null;
  let lo = 0;
  let hi = xHz.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xHz[mid] <= hz) lo = mid;
    else hi = mid;
  }
  return Math.abs(xHz[hi] - hz) < Math.abs(xHz[lo] - hz) ? hi : lo;
}
