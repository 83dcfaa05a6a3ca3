/**
 * Complex helpers for the wasm FFT kernels (AssemblyScript; compiled by `npm run build:wasm`).
 * One complex number per v128: lane 0 the real part, lane 1 the imaginary part (f64x2).
 * Pointers are byte offsets into the module's memory; complex arrays are interleaved (re, im).
 */

/** Flips the sign of lane 1 (conjugate). */
export function conj(a: v128): v128 {
  return v128.xor(a, i64x2(0, 0x8000000000000000));
}

/** Flips the sign of lane 0. */
export function negRe(a: v128): v128 {
  return v128.xor(a, i64x2(0x8000000000000000, 0));
}

/** (re, im) → (im, re). */
export function swap(a: v128): v128 {
  return f64x2.shuffle(a, a, 1, 0);
}

/** −i·a = (im, −re). */
export function mulNegI(a: v128): v128 {
  return conj(swap(a));
}

/**
 * a·w for w = (wr, wi): (ar·wr − ai·wi, ai·wr + ar·wi), the same roundings as the scalar
 * JavaScript kernels (a negated product added instead of a product subtracted is exact).
 */
export function cmul(a: v128, w: v128): v128 {
  const wr = f64x2.shuffle(w, w, 0, 0);
  const wi = f64x2.shuffle(w, w, 1, 1);
  return f64x2.add(f64x2.mul(a, wr), negRe(f64x2.mul(swap(a), wi)));
}

/** c·a for a real scalar c given as a splat (c, c). */
export function scale(c: v128, a: v128): v128 {
  return f64x2.mul(c, a);
}
