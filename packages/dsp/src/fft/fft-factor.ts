/**
 * Factorisation helpers of the FFT plans (JavaScript in fft-plan.ts, wasm in fft-plan-wasm.ts).
 * Internal module: the public entry points are in fft.ts.
 */

/**
 * Radices in pass order (chosen by measurement on Node 20): the power of two as 8s (and one 4 or
 * 4·4) when the length has an odd factor or is ≤ 2048; large pure powers of two as 4s with a
 * single 2 in second place, because radix 8 there reads and writes 16 streams at power-of-two
 * strides that collide in the L1 cache (32768 points: 1.05 ms as 8⁵, 0.51 ms as 2·4⁷, 0.46 ms as
 * 4·2·4⁶; 2048 points: 21 µs as 2·4⁵, 17 µs as 8³·4). Odd primes follow in ascending order.
 */
export function factorize(n: number): number[] {
  const f: number[] = [];
  let m = n;
  let e = 0;
  while (m % 2 === 0) {
    e++;
    m /= 2;
  }
  if (m > 1 || n <= 2048) {
    let n8 = Math.floor(e / 3);
    const rem = e % 3;
    if (rem === 1) {
      if (n8 > 0) {
        n8--;
        f.push(4, 4);
      } else f.push(2);
    } else if (rem === 2) f.push(4);
    for (let i = 0; i < n8; i++) f.push(8);
  } else {
    for (let i = 0; i < e >> 1; i++) f.push(4);
    if (e % 2 === 1) f.splice(1, 0, 2);
  }
  for (let d = 3; d * d <= m; d += 2) {
    while (m % d === 0) {
      f.push(d);
      m /= d;
    }
  }
  if (m > 1) f.push(m);
  return f;
}

/** Smallest 2^a·3^b·5^c ≥ n (sizes our hard-coded radices handle). */
export function goodSize(n: number): number {
  if (n <= 6) return n;
  let best = 2 * n;
  for (let f5 = 1; f5 < best; f5 *= 5) {
    for (let f35 = f5; f35 < best; f35 *= 3) {
      let x = f35;
      while (x < n) x *= 2;
      if (x < best) best = x;
      if (x === n) return n;
    }
  }
  return best;
}

export function largestPrimeFactor(n: number): number {
  const f = factorize(n);
  let lp = 1;
  for (const p of f) lp = Math.max(lp, p === 4 || p === 8 ? 2 : p);
  return lp;
}

/** Smallest primitive root g modulo the prime p. */
export function primitiveRoot(p: number): number {
  const phi = p - 1;
  const fs: number[] = [];
  let m = phi;
  for (let d = 2; d * d <= m; d++) {
    if (m % d === 0) {
      fs.push(d);
      while (m % d === 0) m /= d;
    }
  }
  if (m > 1) fs.push(m);
  const powmod = (b: number, e: number): number => {
    let r = 1;
    b %= p;
    while (e > 0) {
      if (e & 1) r = (r * b) % p;
      b = (b * b) % p;
      e >>= 1;
    }
    return r;
  };
  for (let g = 2; ; g++) if (fs.every((f) => powmod(g, phi / f) !== 1)) return g;
}
