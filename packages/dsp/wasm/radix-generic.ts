/**
 * Generic Stockham pass for an odd radix p (any odd prime without a straight-line kernel):
 * O(p²) per butterfly with the symmetric pairs (m, p − m), as passOdd in src/fft/fft-kernels-large.ts.
 * `cs` holds cos(2π·jm/p) for j, m = 1 … h (h = (p − 1)/2), row-major (f64 at cs + 8·((j − 1)·h + m − 1)),
 * followed by the h² sines in the same order; `tmp` is scratch for 2h complex numbers (t_m, u_m).
 * Two outputs (j, j + 1) are accumulated per sweep over m.
 */
import { cmul, mulNegI } from './complex';

export function passOdd(p: i32, ido: i32, l1: i32, cc: usize, ch: usize, tw: usize, cs: usize, tmp: usize): void {
  const s = (<usize>(ido * l1)) << 4;
  const d = (<usize>ido) << 4;
  const h = (p - 1) >> 1;
  const sn = cs + ((<usize>(h * h)) << 3);
  const hb = (<usize>h) << 4;
  for (let k = 0; k < l1; k++) {
    for (let i = 0; i < ido; i++) {
      const pp = cc + ((<usize>(p * ido * k + i)) << 4);
      const q = ch + ((<usize>(ido * k + i)) << 4);
      const t = tw + ((<usize>(i * (p - 1))) << 4);
      const x0 = v128.load(pp);
      let sum = x0;
      for (let m = 0; m < h; m++) {
        const a = v128.load(pp + <usize>(m + 1) * d),
          b = v128.load(pp + <usize>(p - 1 - m) * d);
        const tt = f64x2.add(a, b);
        const mm = tmp + ((<usize>m) << 4);
        v128.store(mm, tt);
        v128.store(mm + hb, f64x2.sub(a, b));
        sum = f64x2.add(sum, tt);
      }
      v128.store(q, sum);
      for (let j = 1; j <= h; j += 2) {
        const two = j < h;
        const rowA = (<usize>((j - 1) * h)) << 3;
        const rowB = two ? rowA + ((<usize>h) << 3) : rowA;
        let S1 = x0,
          A1 = f64x2.splat(0),
          S2 = x0,
          A2 = f64x2.splat(0);
        for (let m = 0; m < h; m++) {
          const mm = tmp + ((<usize>m) << 4);
          const tt = v128.load(mm),
            u = v128.load(mm + hb);
          const o = (<usize>m) << 3;
          S1 = f64x2.add(S1, f64x2.mul(v128.load64_splat(cs + rowA + o), tt));
          A1 = f64x2.add(A1, f64x2.mul(v128.load64_splat(sn + rowA + o), u));
          S2 = f64x2.add(S2, f64x2.mul(v128.load64_splat(cs + rowB + o), tt));
          A2 = f64x2.add(A2, f64x2.mul(v128.load64_splat(sn + rowB + o), u));
        }
        const B1 = mulNegI(A1);
        if (ido == 1) {
          v128.store(q + <usize>j * s, f64x2.add(S1, B1));
          v128.store(q + <usize>(p - j) * s, f64x2.sub(S1, B1));
        } else {
          v128.store(q + <usize>j * s, cmul(f64x2.add(S1, B1), v128.load(t + ((<usize>(j - 1)) << 4))));
          v128.store(q + <usize>(p - j) * s, cmul(f64x2.sub(S1, B1), v128.load(t + ((<usize>(p - j - 1)) << 4))));
        }
        if (two) {
          const j2 = j + 1;
          const B2 = mulNegI(A2);
          if (ido == 1) {
            v128.store(q + <usize>j2 * s, f64x2.add(S2, B2));
            v128.store(q + <usize>(p - j2) * s, f64x2.sub(S2, B2));
          } else {
            v128.store(q + <usize>j2 * s, cmul(f64x2.add(S2, B2), v128.load(t + ((<usize>(j2 - 1)) << 4))));
            v128.store(q + <usize>(p - j2) * s, cmul(f64x2.sub(S2, B2), v128.load(t + ((<usize>(p - j2 - 1)) << 4))));
          }
        }
      }
    }
  }
}
