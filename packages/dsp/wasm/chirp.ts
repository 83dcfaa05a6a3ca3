/**
 * Pointwise complex loops of Bluestein's algorithm and of the inverse-by-conjugation trick
 * (see BluesteinPlan in src/fft/fft-plan.ts). Interleaved complex arrays, byte pointers.
 */
import { cmul, conj } from './complex';

/** dst_k = src_k·w_k for k < n, 0 for n ≤ k < m (dst may equal src). */
export function chirpLoad(n: i32, m: i32, src: usize, w: usize, dst: usize): void {
  const nb = (<usize>n) << 4;
  for (let o: usize = 0; o < nb; o += 16) v128.store(dst + o, cmul(v128.load(src + o), v128.load(w + o)));
  memory.fill(dst + nb, 0, ((<usize>m) << 4) - nb);
}

/** a_k = conj(a_k·b_k), k < m. */
export function mulConj(m: i32, a: usize, b: usize): void {
  const mb = (<usize>m) << 4;
  for (let o: usize = 0; o < mb; o += 16) v128.store(a + o, conj(cmul(v128.load(a + o), v128.load(b + o))));
}

/** dst_k = conj(src_k)·w_k, k < n (dst may equal src). */
export function chirpOut(n: i32, src: usize, w: usize, dst: usize): void {
  const nb = (<usize>n) << 4;
  for (let o: usize = 0; o < nb; o += 16) v128.store(dst + o, cmul(conj(v128.load(src + o)), v128.load(w + o)));
}
