import { rfft } from './fft/fft.ts';
import { cachedWindow, type WindowName } from './windows.ts';

/**
 * Internal helpers shared by the analysis functions (not exported from the package entry).
 */

const WORK_CAP = 1 << 18; // points; larger requests get a fresh array (bounds the memory kept)
const work: Float64Array[] = [];

/**
 * Reused scratch buffer number `slot` (0 … 3) of n points, contents undefined: a fresh
 * 50 000-point Float64Array costs ≈ 40 µs in page faults and zeroing on first touch, as much as a
 * fifth of an FFT of that length. The analysis functions use the slots only between their own
 * statements (never across a call into another slot user) and never return them.
 */
export function workBuffer(slot: number, n: number): Float64Array {
  if (n > WORK_CAP) return new Float64Array(n);
  let b = work[slot];
  if (!b || b.length < n) {
    b = new Float64Array(n);
    work[slot] = b;
  }
  return b.subarray(0, n);
}

/** Mean of x, or 0 when `removeDc` is false. */
export function meanOf(x: ArrayLike<number>, removeDc: boolean, start = 0, end = x.length): number {
  if (!removeDc) return 0;
  let s = 0;
  for (let i = start; i < end; i++) s += x[i];
  return s / (end - start);
}

/**
 * Writes (x_{start+n} − μ)·w_n, n = 0 … L−1, into `out[0 … L−1]` (w the window of length L =
 * `length`; rectangular: no multiplication) and returns Σw.
 */
export function centredWindowed(
  x: ArrayLike<number>,
  start: number,
  length: number,
  mu: number,
  window: WindowName,
  out: Float64Array,
): number {
  if (window === 'rectangular') {
    for (let i = 0; i < length; i++) out[i] = x[start + i] - mu;
    return length;
  }
  const { w, sum } = cachedWindow(window, length);
  for (let i = 0; i < length; i++) out[i] = (x[start + i] - mu) * w[i];
  return sum;
}

/**
 * Smallest M ≥ n, a multiple of 4, whose only prime factors are 2, 3 and 5 (a length the FFT
 * handles with its fast radices; a multiple of 4 so that the real FFT uses its half-length
 * packing and {@link evenSequenceDft} applies to M/2).
 */
export function fastLength4(n: number): number {
  let best = Infinity;
  for (let p2 = 4; p2 < 2 * n + 4; p2 *= 2) {
    for (let p3 = p2; p3 < best; p3 *= 3) {
      let m = p3;
      while (m < n) m *= 5;
      if (m < best) best = m;
      if (p3 >= n) break;
    }
  }
  return best;
}

/** Validates that `name` is a positive finite number; throws RangeError naming `what`. */
export function checkPositive(value: number, what: string): void {
  if (!Number.isFinite(value) || !(value > 0)) throw new RangeError(`${what} must be finite and > 0, got ${value}`);
}

/**
 * DFT of a real even sequence of length N = 2M given by its first half f_0 … f_M
 * (f_{N−j} = f_j): C_n = Σ_{j=0}^{N−1} f_j e^{−2πijn/N} = f_0 + (−1)^n f_M + 2 Σ_{j=1}^{M−1} f_j cos(πjn/M),
 * real, n = 0 … M. Computed as a DCT-I with one real FFT of length M (half the work of the
 * N-point real FFT): pre-processing y_j = ½(f_j + f_{M−j}) − sin(πj/M)(f_j − f_{M−j}), then
 * C_{2k} = 2·Re Y_k, C_{2k+1} = C_{2k−1} − 2·Im Y_k, C_1 from a direct sum (Press et al.,
 * *Numerical Recipes* 3rd ed. §12.4.2, "cosft1"). M must be even. `f` (length M+1) is overwritten;
 * the result (length M+1) is written into `out`.
 */
export function evenSequenceDft(f: Float64Array, out: Float64Array): void {
  const m = f.length - 1;
  if (m < 2 || m % 2 !== 0) throw new RangeError(`evenSequenceDft needs an even M ≥ 2, got ${m}`);
  const { sin, cos, out: Y } = dctTables(m);
  let sum = 0.5 * (f[0] - f[m]);
  const y = f.subarray(0, m);
  y[0] = 0.5 * (f[0] + f[m]);
  for (let j = 1; j < m >> 1; j++) {
    const a = f[j],
      b = f[m - j];
    const y1 = 0.5 * (a + b),
      y2 = a - b;
    const wi = sin[j];
    y[j] = y1 - wi * y2;
    y[m - j] = y1 + wi * y2;
    sum += cos[j] * y2;
  }
  rfft(y, Y);
  const half = m >> 1;
  out[0] = 2 * Y.re[0];
  out[m] = 2 * Y.re[half];
  let odd = sum;
  out[1] = 2 * odd;
  for (let k = 1; k < half; k++) {
    out[2 * k] = 2 * Y.re[k];
    odd -= Y.im[k];
    out[2 * k + 1] = 2 * odd;
  }
}

const dctCache = new Map<number, { sin: Float64Array; cos: Float64Array; out: { re: Float64Array; im: Float64Array } }>();
/** sin(πj/M), cos(πj/M) for j < M/2 and an rfft output buffer, cached per M (8 most recent). */
function dctTables(m: number) {
  let t = dctCache.get(m);
  if (!t) {
    const h = m >> 1;
    const sin = new Float64Array(h),
      cos = new Float64Array(h);
    for (let j = 0; j < h; j++) {
      sin[j] = Math.sin((Math.PI * j) / m);
      cos[j] = Math.cos((Math.PI * j) / m);
    }
    t = { sin, cos, out: { re: new Float64Array(h + 1), im: new Float64Array(h + 1) } };
    if (dctCache.size >= 8) dctCache.delete(dctCache.keys().next().value!);
    dctCache.set(m, t);
  }
  return t;
}
