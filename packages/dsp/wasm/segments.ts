/**
 * Segment loops of the short-time Fourier transform (src/spectrogram.ts): centring and windowing
 * one segment, and storing one segment's scaled magnitudes as a column of the F × T result.
 */

/** Mean of the f64 array src[0 … n) (pairwise in two lanes). */
export function meanOf(n: i32, src: usize): f64 {
  let acc = f64x2.splat(0);
  let k = 0;
  for (; k + 1 < n; k += 2) acc = f64x2.add(acc, v128.load(src + ((<usize>k) << 3)));
  let s = f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
  if (k < n) s += load<f64>(src + ((<usize>k) << 3));
  return s / <f64>n;
}

/** dst[k] = (src[k] − mean)·w[k] for k < n (w = 0, a null pointer: no window). f64 arrays; dst may equal src. */
export function centreWindow(n: i32, src: usize, mean: f64, w: usize, dst: usize): void {
  const mu = f64x2.splat(mean);
  let k = 0;
  if (w != 0) {
    for (; k + 1 < n; k += 2) {
      const o = (<usize>k) << 3;
      v128.store(dst + o, f64x2.mul(f64x2.sub(v128.load(src + o), mu), v128.load(w + o)));
    }
    if (k < n) {
      const o = (<usize>k) << 3;
      store<f64>(dst + o, (load<f64>(src + o) - mean) * load<f64>(w + o));
    }
  } else {
    for (; k + 1 < n; k += 2) {
      const o = (<usize>k) << 3;
      v128.store(dst + o, f64x2.sub(v128.load(src + o), mu));
    }
    if (k < n) {
      const o = (<usize>k) << 3;
      store<f64>(dst + o, load<f64>(src + o) - mean);
    }
  }
}

/** out[i·t + j] = mag[i]·(i = 0 or i = nb − 1 ? edge : scale), i < nb (one column of an nb × t matrix). */
export function storeColumn(nb: i32, mag: usize, out: usize, t: i32, j: i32, scale: f64, edge: f64): void {
  const stride = (<usize>t) << 3;
  let o = out + ((<usize>j) << 3);
  store<f64>(o, load<f64>(mag) * edge);
  for (let i = 1; i < nb - 1; i++) {
    o += stride;
    store<f64>(o, load<f64>(mag + ((<usize>i) << 3)) * scale);
  }
  if (nb > 1) store<f64>(o + stride, load<f64>(mag + ((<usize>(nb - 1)) << 3)) * edge);
}
