import { rfft, type ComplexArray } from './fft/fft.ts';
import { centredWindowed, evenSequenceDft, fastLength4, meanOf, workBuffer } from './prepare.ts';
import { assertWindowName, type WindowName } from './windows.ts';

/** Autocorrelation lag sizes of the chart, samples (spec 002 §9; "9192" as the spec writes it). */
export const LAG_SIZES: readonly number[] = [256, 512, 1024, 2048, 4096, 9192];

/** Options of {@link autocorrelation}. */
export interface AutocorrelationOptions {
  /** Samples x_n, shape (N,), N > lagSize, any unit. */
  signal: ArrayLike<number>;
  /** Largest lag L, samples, one of {@link LAG_SIZES}. Default 1024. */
  lagSize?: number;
  /** Window applied to the whole record before correlating. Default 'rectangular'. */
  window?: WindowName;
  /** Subtract the mean before windowing. Default true. */
  removeDc?: boolean;
  /** Optional sampling rate, Hz: when given the result also carries `lagsS`. */
  samplingRateHz?: number;
}

/** Normalised autocorrelation for lags 0 … L. */
export interface Autocorrelation {
  /** r_k, k = 0 … L, shape (L+1,), r_0 = 1, dimensionless in [−1, 1]. */
  r: Float64Array;
  /** Lags k, shape (L+1,), samples. */
  lags: Float64Array;
  /** Lags k/fs, s (only when samplingRateHz was given). */
  lagsS?: Float64Array;
}

/**
 * Normalised (biased) autocorrelation r_k = Σ_{n=0}^{N−1−k} d_n·d_{n+k} / Σ_n d_n², k = 0 … L,
 * d = (x − μ)·w. r_0 = 1, |r_k| ≤ 1; a periodic signal of period P samples gives r_P close to 1,
 * broadband noise r_k ≈ 0 for k > 0. All-zero d (a constant record): r_0 = 1 and r_k = 0.
 *
 * Computed with the FFT (Wiener–Khinchin): D = rfft(d zero-padded to M), M the smallest even
 * 2^a·3^b·5^c ≥ N + L (so lags ≤ L do not wrap around), power P_k = |D_k|², and r = the inverse
 * DFT of P (real and even: a DCT-I of the half spectrum, one real FFT of length M/2). Equals the direct sums
 * (`numpy.correlate(d, d, 'full')[N−1 : N+L] / Σd²`) within 1e-9 relative to r_0 (tested).
 *
 * @param o  {@link AutocorrelationOptions}.
 * @returns  `{ r, lags, lagsS? }`, shape (L+1,).
 * @throws RangeError when lagSize is not one of 256, 512, 1024, 2048, 4096, 9192, N ≤ lagSize,
 *         or the window is unknown.
 *
 * Sources: Bendat & Piersol, *Random Data* 4th ed. (2010) §8.1 and §11.4 (FFT computation of
 * correlation functions, zero padding); Randall (2021) §2.3.
 *
 * @example
 * // 100 Hz sine, fs 12800 Hz, N 12800: period 128 samples, r[128] ≈ 0.99, r[64] ≈ −0.995
 * autocorrelation({ signal: x, lagSize: 1024 }).r[128];
 */
export function autocorrelation(o: AutocorrelationOptions): Autocorrelation {
  const { signal, lagSize = 1024, window = 'rectangular', removeDc = true } = o;
  const n = signal.length;
  assertWindowName(window);
  if (!LAG_SIZES.includes(lagSize)) throw new RangeError(`lagSize must be one of ${LAG_SIZES.join(', ')}, got ${lagSize}`);
  if (!(n > lagSize)) throw new RangeError(`signal of ${n} samples needs more than lagSize = ${lagSize} samples`);
  const r = autocorrelationCore(signal, lagSize, window, removeDc);
  const lags = new Float64Array(lagSize + 1);
  for (let k = 0; k <= lagSize; k++) lags[k] = k;
  const res: Autocorrelation = { r, lags };
  if (o.samplingRateHz !== undefined) {
    const fs = o.samplingRateHz;
    if (!(fs > 0) || !Number.isFinite(fs)) throw new RangeError(`samplingRateHz must be finite and > 0, got ${fs}`);
    res.lagsS = lags.map((k) => k / fs);
  }
  return res;
}

/** r_k, k = 0 … L (any 1 ≤ L < N), as {@link autocorrelation} without validation. Internal. */
export function autocorrelationCore(
  signal: ArrayLike<number>,
  lagSize: number,
  window: WindowName,
  removeDc: boolean,
): Float64Array {
  const n = signal.length;
  const m = fastLength4(n + lagSize);
  const mb = (m >> 1) + 1;
  const buf = workBuffer(0, m);
  centredWindowed(signal, 0, n, meanOf(signal, removeDc), window, buf);
  buf.fill(0, n);
  const D: ComplexArray = rfft(buf, { re: workBuffer(1, mb), im: workBuffer(2, mb) });
  const p = buf.subarray(0, mb);
  for (let k = 0; k < mb; k++) p[k] = D.re[k] * D.re[k] + D.im[k] * D.im[k];
  const c = D.re; // length mb: the inverse DFT of the even power sequence (times M)
  evenSequenceDft(p, c);
  const r = new Float64Array(lagSize + 1);
  const r0 = c[0];
  if (!(r0 > 0)) {
    r[0] = 1;
    return r;
  }
  const inv = 1 / r0;
  for (let k = 0; k <= lagSize; k++) r[k] = c[k] * inv;
  r[0] = 1;
  return r;
}
