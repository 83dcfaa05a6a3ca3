/**
 * Finding a bearing line in a spectrum: the slip window it may sit in, the local noise floor
 * around it, and the statistics that say whether its peak rises above that floor by more than
 * noise would (docs/diagnosis-parts/bearing.md "Lines and their statistics").
 */

/**
 * Random slip of the rolling elements: bearing lines wander by 1–2 % around their kinematic
 * frequencies (Randall & Antoni 2011 MSSP 25 §2.1); the window is ±2 % of the expected frequency.
 */
export const SLIP_FRACTION = 0.02;
/** The slip window is never narrower than ±1.5 bins (a line between two bins spreads over both). */
export const MIN_WINDOW_HALF_BINS = 1.5;
/** Bins taken on each side of the slip window for the local noise floor (at least). */
export const FLOOR_BINS_PER_SIDE = 16;

/** A line measured in a spectrum. */
export interface MeasuredLine {
  /** Frequency of the largest bin within the slip window, Hz. */
  hz: number;
  /** Its amplitude (the spectrum's unit). */
  amp: number;
  /** Local noise floor: the median amplitude around the window, the window itself excluded. */
  floor: number;
  /**
   * Power signal-to-noise ratio amp² / (mean noise power), the mean noise power estimated as
   * floor² / ln 2 (the median of an exponential (χ²₂) power is its mean × ln 2). Dimensionless.
   */
  snr: number;
}

/** Bin range [first, last] of the slip window around `hz` (≥ bin 1), for line spacing `df`. */
export function slipWindowBins(hz: number, df: number): [number, number] {
  const half = Math.max(SLIP_FRACTION * hz, MIN_WINDOW_HALF_BINS * df);
  return [Math.max(1, Math.ceil((hz - half) / df)), Math.max(1, Math.floor((hz + half) / df))];
}

/** Number of bins in the slip window around `hz` (W of {@link falseAlarmProbability}). */
export function slipWindowWidth(hz: number, df: number): number {
  const [a, b] = slipWindowBins(hz, df);
  return Math.max(1, b - a + 1);
}

const floorScratch: number[] = [];

/**
 * Measures the line expected at `hz` in an amplitude spectrum: the largest bin within the slip
 * window, and the median of {@link FLOOR_BINS_PER_SIDE} (or the window's width, if larger) bins on
 * each side outside it.
 *
 * Parameters
 * ----------
 * amplitude : Float64Array
 *     Amplitude per bin k (frequency k·df), any unit.
 * df : number
 *     Line spacing, Hz > 0.
 * hz : number
 *     Expected frequency, Hz > 0.
 *
 * Returns
 * -------
 * MeasuredLine | null
 *     null when the window lies beyond the spectrum.
 */
export function measureLine(amplitude: Float64Array, df: number, hz: number): MeasuredLine | null {
  const [a, b0] = slipWindowBins(hz, df);
  const b = Math.min(b0, amplitude.length - 1);
  if (a > b) return null;
  let kMax = a;
  for (let k = a + 1; k <= b; k++) if (amplitude[k] > amplitude[kMax]) kMax = k;
  const side = Math.max(FLOOR_BINS_PER_SIDE, b - a + 1);
  floorScratch.length = 0;
  for (let k = Math.max(1, a - side); k < a; k++) floorScratch.push(amplitude[k]);
  for (let k = b + 1; k <= Math.min(amplitude.length - 1, b + side); k++) floorScratch.push(amplitude[k]);
  const floor = median(floorScratch);
  const amp = amplitude[kMax];
  return { hz: kMax * df, amp, floor, snr: floor > 0 ? (amp * amp * Math.LN2) / (floor * floor) : 0 };
}

/** Median of a list (sorted in place); 0 for an empty one. */
export function median(values: number[]): number {
  const n = values.length;
  if (!n) return 0;
  values.sort((x, y) => x - y);
  return n % 2 ? values[(n - 1) / 2]! : (values[n / 2 - 1]! + values[n / 2]!) / 2;
}

/**
 * Probability that noise alone puts a bin above `snr` (power over the mean noise power) somewhere
 * in a window of `bins` bins: 1 − (1 − e^(−snr))^bins.
 *
 * The DFT bins of a Gaussian signal, and (asymptotically) those of its squared envelope, are
 * complex Gaussian, so their power is χ²₂ (exponential) bin-wise: P(power > t·mean) = e^(−t)
 * (Antoni 2007 "Cyclic spectral analysis of rolling-element bearing signals: facts and fictions",
 * JSV 304, §4 on the statistics of the SES; Borghesani, Pennacchi, Randall, Sawalhi & Ricci 2013
 * MSSP 36, threshold of the SES lines). The window's bins are taken as independent (adjacent Hann
 * bins are correlated, which makes this probability an upper bound).
 *
 * Parameters
 * ----------
 * snr : number
 *     Power ratio, ≥ 0.
 * bins : number
 *     Bins searched, ≥ 1.
 *
 * Returns
 * -------
 * number
 *     Probability in [0, 1].
 */
export function falseAlarmProbability(snr: number, bins: number): number {
  // 1 − (1 − q)^W computed without cancellation for small q
  return -Math.expm1(bins * Math.log1p(-Math.exp(-Math.max(0, snr))));
}

/**
 * The SNR (power over mean noise power) a peak in a window of `bins` bins must exceed for a false-
 * alarm probability `alpha`: t = −ln(1 − (1 − α)^(1/W)), the inverse of {@link falseAlarmProbability}.
 *
 * @example snrThreshold(0.001, 9) // 9.1 (= 9.6 dB)
 */
export function snrThreshold(alpha: number, bins: number): number {
  return -Math.log(-Math.expm1(Math.log1p(-alpha) / bins));
}
