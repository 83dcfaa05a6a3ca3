import { factorize, goodSize, largestPrimeFactor } from './fft-factor.ts';

/**
 * Cost model (≈ ns per point on Node 20, measured on the development VM; only ratios matter) used
 * to choose, per odd prime radix, between the O(p²) generic butterfly and Rader's algorithm, and
 * per length, between the direct transform and Bluestein.
 */
const COST_SMOOTH = 2; // one pass of radix 2, 3, 4, 5 or 8
const COST_GENERIC_PER_P = 0.56; // generic odd radix p: ≈ 2 + 0.56·p
const COST_HARDCODED_PER_P = 0.23; // straight-line kernels, p = 7 … 23: ≈ 2 + 0.23·p
const COST_RADER_FIXED = 7; // gather, pointwise product, scatter with twiddles (batched Rader)
const COST_BLUESTEIN_FIXED = 4; // chirp multiplications, zero fill, product

const radixCostCache = new Map<number, number>();

/** Odd primes with straight-line kernels (fft-kernels-odd.ts). */
export const HARDCODED = new Set([7, 11, 13, 17, 19, 23]);

/** Per-point cost of one pass of radix p, and whether Rader is the cheaper way for a prime p > 8. */
export function radixCost(p: number): { cost: number; rader: boolean } {
  if (p <= 5 || p === 8) return { cost: COST_SMOOTH, rader: false };
  if (p === 7) return { cost: COST_SMOOTH + COST_HARDCODED_PER_P * 7, rader: false };
  const generic = COST_SMOOTH + (HARDCODED.has(p) ? COST_HARDCODED_PER_P : COST_GENERIC_PER_P) * p;
  let rc = radixCostCache.get(p);
  if (rc === undefined) {
    rc = 2 * directCost(p - 1) + COST_RADER_FIXED;
    radixCostCache.set(p, rc);
  }
  return rc < generic ? { cost: rc, rader: true } : { cost: generic, rader: false };
}

/** Per-point cost of the direct transform of length n (the sum of its passes). */
function directCost(n: number): number {
  let c = 0;
  for (const f of factorize(n)) c += radixCost(f).cost;
  return c;
}

/** Per-point cost of Bluestein's transform of length n (two transforms of the next good size ≥ 2n − 1). */
function bluesteinCost(n: number): number {
  const m = goodSize(2 * n - 1);
  return (m / n) * (2 * directCost(m) + COST_BLUESTEIN_FIXED) + COST_BLUESTEIN_FIXED;
}

/** Whether length n is cheaper done directly than with Bluestein's algorithm. */
export function useDirect(n: number): boolean {
  if (n < 50 || largestPrimeFactor(n) <= 5) return true;
  return directCost(n) <= bluesteinCost(n);
}
