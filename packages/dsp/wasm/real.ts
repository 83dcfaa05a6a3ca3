/**
 * Real-input FFT helpers (see src/fft/fft-real.ts): the split of the N/2-point transform of the packed
 * samples z_n = x_{2n} + i·x_{2n+1} into X_k, k ≤ N/2 (Brigham 1988 §9.3), to split re/im arrays
 * or to magnitudes; the odd-N variants; and conversions between split and interleaved arrays.
 * `w` holds (cos(2πk/N)/2, −sin(2πk/N)/2) for k ≤ M/2 (M = N/2), complex.
 */
import { cmul, conj } from './complex';

/** The split into xr[k], xi[k], k ≤ m (f64 arrays of m + 1), from z (m complex). */
export function realSplit(m: i32, z: usize, w: usize, xr: usize, xi: usize): void {
  const z0 = v128.load(z);
  const z0r = f64x2.extract_lane(z0, 0),
    z0i = f64x2.extract_lane(z0, 1);
  const mb = (<usize>m) << 3;
  store<f64>(xr, z0r + z0i);
  store<f64>(xi, 0);
  store<f64>(xr + mb, z0r - z0i);
  store<f64>(xi + mb, 0);
  const half = f64x2.splat(0.5);
  const kEnd = m >> 1;
  for (let k = 1; k <= kEnd; k++) {
    const j = m - k;
    const a = v128.load(z + ((<usize>k) << 4)); // (a, b) = Z_k
    const c = v128.load(z + ((<usize>j) << 4)); // (c, d) = Z_j
    // 2E = (a + c, b − d), 2O = (b + d, c − a); the 1/2 of O is folded into w
    const e = f64x2.mul(half, f64x2.add(a, conj(c)));
    const o = f64x2.shuffle(f64x2.add(a, c), f64x2.sub(c, a), 1, 2);
    const t = cmul(o, v128.load(w + ((<usize>k) << 4)));
    const x = f64x2.add(e, t);
    const y = f64x2.sub(e, t); // X_j = conj(y)
    const kb = (<usize>k) << 3,
      jb = (<usize>j) << 3;
    store<f64>(xr + kb, f64x2.extract_lane(x, 0));
    store<f64>(xi + kb, f64x2.extract_lane(x, 1));
    store<f64>(xr + jb, f64x2.extract_lane(y, 0));
    store<f64>(xi + jb, -f64x2.extract_lane(y, 1));
  }
}

/** |X_k|, k ≤ m, of the split (see {@link realSplit}) into mag (f64, m + 1). */
export function realSplitMagnitudes(m: i32, z: usize, w: usize, mag: usize): void {
  const z0 = v128.load(z);
  const z0r = f64x2.extract_lane(z0, 0),
    z0i = f64x2.extract_lane(z0, 1);
  store<f64>(mag, Math.abs(z0r + z0i));
  store<f64>(mag + ((<usize>m) << 3), Math.abs(z0r - z0i));
  const half = f64x2.splat(0.5);
  const kEnd = m >> 1;
  for (let k = 1; k <= kEnd; k++) {
    const j = m - k;
    const a = v128.load(z + ((<usize>k) << 4));
    const c = v128.load(z + ((<usize>j) << 4));
    const e = f64x2.mul(half, f64x2.add(a, conj(c)));
    const o = f64x2.shuffle(f64x2.add(a, c), f64x2.sub(c, a), 1, 2);
    const t = cmul(o, v128.load(w + ((<usize>k) << 4)));
    const x = f64x2.add(e, t);
    const y = f64x2.sub(e, t);
    const xx = f64x2.mul(x, x),
      yy = f64x2.mul(y, y);
    const r = f64x2.sqrt(f64x2.add(f64x2.shuffle(xx, yy, 0, 2), f64x2.shuffle(xx, yy, 1, 3)));
    store<f64>(mag + ((<usize>k) << 3), f64x2.extract_lane(r, 0));
    store<f64>(mag + ((<usize>j) << 3), f64x2.extract_lane(r, 1));
  }
}

/** dst[k] = (src[k], 0) for k < n: real samples (f64) to complex. dst must not overlap src. */
export function realToComplex(n: i32, src: usize, dst: usize): void {
  const zero = f64x2.splat(0);
  for (let k = 0; k < n; k++) v128.store(dst + ((<usize>k) << 4), v128.load64_lane(src + ((<usize>k) << 3), zero, 0));
}

/** Split arrays (re, im: n f64 each) to interleaved complex dst (n complex). dst must not overlap re/im. */
export function interleave(n: i32, re: usize, im: usize, dst: usize): void {
  let k = 0;
  for (; k + 1 < n; k += 2) {
    const kb = (<usize>k) << 3;
    const r = v128.load(re + kb),
      i = v128.load(im + kb);
    const o = dst + ((<usize>k) << 4);
    v128.store(o, f64x2.shuffle(r, i, 0, 2));
    v128.store(o, f64x2.shuffle(r, i, 1, 3), 16);
  }
  if (k < n) {
    const kb = (<usize>k) << 3;
    store<f64>(dst + ((<usize>k) << 4), load<f64>(re + kb));
    store<f64>(dst + ((<usize>k) << 4), load<f64>(im + kb), 8);
  }
}

/** Interleaved complex src (n) to split arrays re, im (n f64 each); sign = −1 conjugates. No overlap. */
export function deinterleave(n: i32, src: usize, re: usize, im: usize, sign: f64): void {
  let k = 0;
  const sg = f64x2.splat(sign);
  for (; k + 1 < n; k += 2) {
    const o = src + ((<usize>k) << 4);
    const a = v128.load(o),
      b = v128.load(o, 16);
    const kb = (<usize>k) << 3;
    v128.store(re + kb, f64x2.shuffle(a, b, 0, 2));
    v128.store(im + kb, f64x2.mul(sg, f64x2.shuffle(a, b, 1, 3)));
  }
  if (k < n) {
    const o = src + ((<usize>k) << 4);
    const kb = (<usize>k) << 3;
    store<f64>(re + kb, load<f64>(o));
    store<f64>(im + kb, sign * load<f64>(o, 8));
  }
}

/** mag[k] = |z_k| for k < n (the first output exactly |Re z_0| when `realDc`, as for real input). */
export function magnitudes(n: i32, z: usize, mag: usize, realDc: bool): void {
  for (let k = 0; k < n; k++) {
    const a = v128.load(z + ((<usize>k) << 4));
    const aa = f64x2.mul(a, a);
    store<f64>(mag + ((<usize>k) << 3), Math.sqrt(f64x2.extract_lane(aa, 0) + f64x2.extract_lane(aa, 1)));
  }
  if (realDc && n > 0) store<f64>(mag, Math.abs(load<f64>(z)));
}

/** dst[k] = |z_k|·scale for k < n (f64). */
export function absScaled(n: i32, z: usize, dst: usize, scale: f64): void {
  const sc = f64x2.splat(scale);
  let k = 0;
  for (; k + 1 < n; k += 2) {
    const o = z + ((<usize>k) << 4);
    const a = v128.load(o),
      b = v128.load(o, 16);
    const aa = f64x2.mul(a, a),
      bb = f64x2.mul(b, b);
    const r = f64x2.sqrt(f64x2.add(f64x2.shuffle(aa, bb, 0, 2), f64x2.shuffle(aa, bb, 1, 3)));
    v128.store(dst + ((<usize>k) << 3), f64x2.mul(r, sc));
  }
  if (k < n) {
    const a = v128.load(z + ((<usize>k) << 4));
    const aa = f64x2.mul(a, a);
    store<f64>(dst + ((<usize>k) << 3), Math.sqrt(f64x2.extract_lane(aa, 0) + f64x2.extract_lane(aa, 1)) * scale);
  }
}

/**
 * The analytic-signal spectrum for the envelope (src/envelope.ts), conjugated for the inverse
 * transform: dst_k = conj(h_k·X_k) for kLo ≤ k < kHi (h = 1 at DC and, for even n, Nyquist, else 2),
 * 0 for the other k < n. X from split arrays xr, xi (f64).
 */
export function analyticLoad(n: i32, kLo: i32, kHi: i32, xr: usize, xi: usize, dst: usize): void {
  memory.fill(dst, 0, (<usize>n) << 4);
  const even = (n & 1) == 0;
  for (let k = kLo; k < kHi; k++) {
    const h: f64 = k == 0 || (even && 2 * k == n) ? 1 : 2;
    const kb = (<usize>k) << 3;
    const o = dst + ((<usize>k) << 4);
    store<f64>(o, h * load<f64>(xr + kb));
    store<f64>(o, -h * load<f64>(xi + kb), 8);
  }
}
