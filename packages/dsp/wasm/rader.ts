/**
 * Rader pass for a prime radix p, batched over all B = ido·l1 butterflies of the pass (as passRader
 * in src/fft/fft-kernels-large.ts): element r of butterfly b at r·B + b in the work arrays, so the
 * (p − 1)-point cyclic convolutions run as one batched FFT whose passes are ordinary Stockham
 * passes. Here the three loops around the two batched FFTs: gather, pointwise product, scatter.
 * `gin`/`gout` are i32 tables g^r mod p and g^{−r} mod p; twiddles transposed: w_j(i) at
 * tw[(j − 1)·ido + i].
 */
import { cmul, conj } from './complex';

/** a[r·B + ido·k + i] = cc[i + ido·(gin[r] + p·k)], r < p − 1. */
export function raderGather(p: i32, ido: i32, l1: i32, cc: usize, a: usize, gin: usize): void {
  const B = ido * l1;
  const rowBytes = (<usize>ido) << 4;
  for (let r = 0; r < p - 1; r++) {
    const m = load<i32>(gin + ((<usize>r) << 2));
    let dst = a + ((<usize>(r * B)) << 4);
    if (ido == 1) {
      let src = cc + ((<usize>m) << 4);
      const step = (<usize>p) << 4;
      for (let k = 0; k < l1; k++) {
        v128.store(dst, v128.load(src));
        dst += 16;
        src += step;
      }
    } else {
      for (let k = 0; k < l1; k++) {
        memory.copy(dst, cc + ((<usize>(ido * (m + p * k))) << 4), rowBytes);
        dst += rowBytes;
      }
    }
  }
}

/** ch[ido·k + i] = cc[i + ido·p·k] + f[ido·k + i] (output j = 0). */
export function raderFirst(p: i32, ido: i32, l1: i32, cc: usize, f: usize, ch: usize): void {
  for (let k = 0; k < l1; k++) {
    let src = cc + ((<usize>(p * ido * k)) << 4);
    let o = (<usize>(ido * k)) << 4;
    const e = o + ((<usize>ido) << 4);
    while (o < e) {
      v128.store(ch + o, f64x2.add(v128.load(src), v128.load(f + o)));
      src += 16;
      o += 16;
    }
  }
}

/** f[r·B + b] = conj(f[r·B + b]·bw[r]), r < q. */
export function raderProduct(q: i32, B: i32, f: usize, bw: usize): void {
  const rowBytes = (<usize>B) << 4;
  for (let r = 0; r < q; r++) {
    const y = v128.load(bw + ((<usize>r) << 4));
    let o = f + <usize>r * rowBytes;
    const e = o + rowBytes;
    while (o < e) {
      v128.store(o, conj(cmul(v128.load(o), y)));
      o += 16;
    }
  }
}

/** ch[i + ido·(k + l1·gout[r])] = (cc[i + ido·p·k] + conj(f[r·B + ido·k + i]))·w_{gout[r]}(i). */
export function raderScatter(p: i32, ido: i32, l1: i32, cc: usize, f: usize, ch: usize, gout: usize, tw: usize): void {
  const B = ido * l1;
  for (let r = 0; r < p - 1; r++) {
    const j = load<i32>(gout + ((<usize>r) << 2));
    const base = f + ((<usize>(r * B)) << 4);
    const oj = ch + ((<usize>(j * B)) << 4);
    if (ido == 1) {
      let src = cc;
      const step = (<usize>p) << 4;
      for (let k = 0; k < l1; k++) {
        const kb = (<usize>k) << 4;
        v128.store(oj + kb, f64x2.add(v128.load(src), conj(v128.load(base + kb))));
        src += step;
      }
    } else {
      const tj = tw + ((<usize>((j - 1) * ido)) << 4);
      for (let k = 0; k < l1; k++) {
        const src = cc + ((<usize>(p * ido * k)) << 4);
        const dk = (<usize>(ido * k)) << 4;
        for (let i: usize = 0; i < (<usize>ido) << 4; i += 16) {
          const y = f64x2.add(v128.load(src + i), conj(v128.load(base + dk + i)));
          v128.store(oj + dk + i, cmul(y, v128.load(tj + i)));
        }
      }
    }
  }
}
