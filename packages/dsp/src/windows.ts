/**
 * Spectral windows of the Senseway spec (rectangular, Hanning, Hamming, Blackman, flat-top) and
 * their correction factors.
 */

/** The five window names of the spec (protocol §18.6). */
export type WindowName = 'rectangular' | 'hanning' | 'hamming' | 'blackman' | 'flattop';

export const WINDOW_NAMES: readonly WindowName[] = ['rectangular', 'hanning', 'hamming', 'blackman', 'flattop'];

/**
 * Cosine-sum coefficients a_k of w_n = Σ_k (−1)^k a_k cos(2π k n / N), exactly as
 * scipy.signal.windows (scipy 1.17) defines 'boxcar', 'hann', 'hamming', 'blackman', 'flattop'.
 */
const COSINE_SUM: Record<WindowName, readonly number[]> = {
  rectangular: [1],
  hanning: [0.5, 0.5],
  hamming: [0.54, 0.46],
  blackman: [0.42, 0.5, 0.08],
  flattop: [0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368],
};

/**
 * The spec's nominal correction factors (protocol §18.6), for display only. Our spectra use the
 * exact factors of {@link windowCorrection} instead: the nominal Blackman (2.8) and flat-top
 * (4.18) amplitude factors do not match those windows' coherent gains (0.42 and 0.21558, i.e.
 * exact factors 2.381 and 4.639), so an on-bin 1 g sine would read 1.176 g (+17.6 %) with the
 * Blackman and 0.901 g (−9.9 %) with the flat-top window. See docs/dsp.md.
 */
export const WINDOW_CORRECTION_NOMINAL: Readonly<Record<WindowName, { amplitude: number; energy: number }>> = {
  rectangular: { amplitude: 1, energy: 1 },
  hanning: { amplitude: 2, energy: 1.63 },
  hamming: { amplitude: 1.85, energy: 1.59 },
  blackman: { amplitude: 2.8, energy: 1.97 },
  flattop: { amplitude: 4.18, energy: 2.26 },
};

/** Throws RangeError unless `name` is one of the five window names. */
export function assertWindowName(name: string): asserts name is WindowName {
  if (!Object.prototype.hasOwnProperty.call(COSINE_SUM, name)) {
    throw new RangeError(`unknown window '${name}', expected one of ${WINDOW_NAMES.join(', ')}`);
  }
}

/**
 * Window samples w_n, n = 0 … N−1, periodic ("DFT-even") form, identical to
 * `scipy.signal.get_window(name, N, fftbins=True)` with scipy's names 'boxcar', 'hann',
 * 'hamming', 'blackman', 'flattop':
 *
 * - rectangular: 1
 * - hanning:  0.5 − 0.5·cos(2πn/N)
 * - hamming:  0.54 − 0.46·cos(2πn/N)
 * - blackman: 0.42 − 0.5·cos(2πn/N) + 0.08·cos(4πn/N)
 * - flattop:  0.21557895 − 0.41663158·cos(2πn/N) + 0.277263158·cos(4πn/N)
 *             − 0.083578947·cos(6πn/N) + 0.006947368·cos(8πn/N)
 *
 * The periodic form (the symmetric window of length N+1 without its last sample) is the one
 * for spectral analysis: the window is exactly periodic in the DFT frame.
 *
 * @param name  Window name. Default none (required).
 * @param n     Length N, integer ≥ 1.
 * @returns     w, shape (N,), dimensionless; for N = 1 a single 1.
 * @throws RangeError for an unknown name or N not a positive integer.
 *
 * Source: Harris, "On the use of windows for harmonic analysis with the discrete Fourier
 * transform", Proc. IEEE 66 (1978) §III–IV; D'Antona & Ferrero, *Digital Signal Processing for
 * Measurement Systems* (2006) p. 91 (flat-top coefficients, as in scipy).
 *
 * @example
 * windowSamples('hanning', 4) // [0, 0.5, 1, 0.5]
 */
export function windowSamples(name: WindowName, n: number): Float64Array {
  assertWindowName(name);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`window length must be a positive integer, got ${n}`);
  const a = COSINE_SUM[name];
  const w = new Float64Array(n);
  if (n === 1 || a.length === 1) return w.fill(1);
  const step = (2 * Math.PI) / n;
  for (let i = 0; i < n; i++) {
    let s = a[0];
    let sign = -1;
    for (let k = 1; k < a.length; k++) {
      s += sign * a[k] * Math.cos(step * k * i);
      sign = -sign;
    }
    w[i] = s;
  }
  return w;
}

/** Exact correction factors of a window of length N. */
export interface WindowCorrection {
  window: WindowName;
  /** Window length N. */
  n: number;
  /** Amplitude (coherent-gain) correction N / Σ w_n: makes an on-bin sine read its true amplitude. */
  amplitude: number;
  /** Energy correction sqrt(N / Σ w_n²): makes band RMS / broadband energy read true. */
  energy: number;
}

/**
 * Exact amplitude and energy correction factors of a window of length N:
 * amplitude = N / Σ w_n (the inverse of the coherent gain), energy = sqrt(N / Σ w_n²)
 * (the inverse square root of the incoherent power gain).
 *
 * @param name  Window name.
 * @param n     Length N, integer ≥ 1.
 * @returns     `{ window, n, amplitude, energy }`, dimensionless.
 * @throws RangeError for an unknown name or invalid N.
 *
 * Source: Harris (1978) §IV, Table I (coherent gain, equivalent noise bandwidth); Randall,
 * *Vibration-based Condition Monitoring* 2nd ed. (2021) §3.2.
 *
 * @example
 * windowCorrection('hanning', 1024)  // { amplitude: 2, energy: 1.63299… }
 * windowCorrection('flattop', 1024)  // { amplitude: 4.63867…, energy: 2.38896… }
 */
export function windowCorrection(name: WindowName, n: number): WindowCorrection {
  const w = windowSamples(name, n);
  let s1 = 0,
    s2 = 0;
  for (let i = 0; i < n; i++) {
    s1 += w[i];
    s2 += w[i] * w[i];
  }
  return { window: name, n, amplitude: n / s1, energy: Math.sqrt(n / s2) };
}

const windowCache = new Map<string, { w: Float64Array; sum: number }>();

/**
 * Cached window samples and their sum for internal use by the spectrum functions (callers must
 * not modify the returned array). Internal: not exported from the package entry.
 */
export function cachedWindow(name: WindowName, n: number): { w: Float64Array; sum: number } {
  const key = `${name}:${n}`;
  let hit = windowCache.get(key);
  if (!hit) {
    const w = windowSamples(name, n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += w[i];
    hit = { w, sum };
    if (windowCache.size >= 16) windowCache.delete(windowCache.keys().next().value!);
    windowCache.set(key, hit);
  }
  return hit;
}
