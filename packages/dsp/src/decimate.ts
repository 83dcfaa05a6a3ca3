import { firwinHammingLowpass } from './fir.ts';

/**
 * Anti-aliased integer decimation (down-sampling by `factor`), equal to
 * `scipy.signal.decimate(x, q, ftype='fir', zero_phase=True)`.
 *
 * scipy designs h = firwin(20·q + 1, 1/q, window='hamming') and calls
 * `resample_poly(x, 1, q, window=h)` (zero padding outside the record, `padtype='constant'`).
 * That is a centred (zero-phase) FIR filter evaluated only at the kept samples:
 *
 *   y[i] = Σ_{k=0}^{20q} h[k] · x[i·q + 10·q − k],   x[n] = 0 for n < 0 or n ≥ N,
 *   i = 0 … ⌈N/q⌉ − 1.
 *
 * The first and last ~10 output samples are attenuated by the zero padding, exactly as in scipy.
 *
 * @param signal  Samples x, shape (N,), any unit (the output has the same unit), N ≥ 0.
 * @param factor  Decimation factor q, integer ≥ 1. The new sampling rate is fs/q; content above
 *                fs/(2q) is removed by the filter (−6 dB at fs/(2q), the cut-off of firwin).
 * @returns       y, shape (⌈N/q⌉,), same unit as `signal`. For q = 1 a copy of the input.
 * @throws RangeError when `factor` is not an integer ≥ 1.
 *
 * Source: scipy.signal.decimate / resample_poly (scipy 1.17); Crochiere & Rabiner,
 * *Multirate Digital Signal Processing* (1983) §2.3 (decimation by an integer factor).
 *
 * @example
 * // 12 000 samples at 12 kHz → 3000 samples at 3 kHz (content above 1.5 kHz removed)
 * const y = decimate(x, 4); // y.length === 3000
 */
export function decimate(signal: ArrayLike<number>, factor: number): Float64Array {
  if (!Number.isInteger(factor) || factor < 1) {
    throw new RangeError(`decimation factor must be an integer >= 1, got ${factor}`);
  }
  const n = signal.length;
  if (factor === 1) return Float64Array.from(signal);
  const x = signal instanceof Float64Array ? signal : Float64Array.from(signal);
  const q = factor;
  const h = firwinHammingLowpass(20 * q + 1, 1 / q);
  const taps = h.length;
  const half = 10 * q;
  const nOut = Math.ceil(n / q);
  const y = new Float64Array(nOut);
  for (let i = 0; i < nOut; i++) {
    const c = i * q + half; // x index paired with h[0]
    // valid k: 0 ≤ c − k < n  ⇔  c − n + 1 ≤ k ≤ c
    const kMin = c - n + 1 > 0 ? c - n + 1 : 0;
    const kMax = c < taps - 1 ? c : taps - 1;
    let acc = 0;
    for (let k = kMin; k <= kMax; k++) acc += h[k] * x[c - k];
    y[i] = acc;
  }
  return y;
}
