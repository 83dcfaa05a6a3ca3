import { complexPlan } from './fft-plan.ts';
import { onBackendReset, wasmEnabled } from './fft-wasm-runtime.ts';
import { WasmRealFftPlan } from './fft-real-wasm.ts';
import type { ComplexPlan, RealPlan } from './fft-plan-types.ts';

export type { RealPlan } from './fft-plan-types.ts';
export { WasmRealFftPlan } from './fft-real-wasm.ts';

/**
 * Real-input FFT plan for one length N (internal; public entry: `rfft` in fft.ts).
 *
 * Even N ≥ 4: the N real samples are packed into z_n = x_{2n} + i·x_{2n+1} (N/2 points),
 * transformed with the N/2-point complex FFT and split with
 * X_k = E_k + e^{−2πik/N}·O_k, E_k = (Z_k + Z*_{N/2−k})/2, O_k = (Z_k − Z*_{N/2−k})/(2i)
 * (Brigham 1988 §9.3). Odd N (and N < 4) uses the N-point complex FFT with zero imaginary part.
 * Callers fill `zr`/`zi` (through {@link RealFftPlan.pack} or {@link RealFftPlan.packCentredWindowed})
 * and then call {@link RealFftPlan.transform} or {@link RealFftPlan.magnitudes}, so that windowing
 * and packing take one pass over the samples.
 */
export class RealFftPlan implements RealPlan {
  readonly n: number;
  /** True when the even-N packing is used (zr/zi have N/2 points), false for the N-point path. */
  readonly packed: boolean;
  readonly zr: Float64Array;
  readonly zi: Float64Array;
  private readonly plan: ComplexPlan | null;
  private readonly wr: Float64Array; // cos(2πk/N)/2, k ≤ N/4
  private readonly wi: Float64Array; // −sin(2πk/N)/2

  constructor(n: number) {
    this.n = n;
    this.packed = n % 2 === 0 && n >= 4;
    if (this.packed) {
      const m = n / 2;
      const q = (m >> 1) + 1;
      this.wr = new Float64Array(q);
      this.wi = new Float64Array(q);
      for (let k = 0; k < q; k++) {
        const a = (2 * Math.PI * k) / n;
        this.wr[k] = 0.5 * Math.cos(a);
        this.wi[k] = -0.5 * Math.sin(a);
      }
      this.plan = complexPlan(m);
      this.zr = new Float64Array(m);
      this.zi = new Float64Array(m);
    } else {
      this.wr = this.wi = new Float64Array(0);
      this.plan = n > 1 ? complexPlan(n) : null;
      this.zr = new Float64Array(n);
      this.zi = new Float64Array(n);
    }
  }

  /** Loads x (shape (N,)) into the work buffers. */
  pack(x: ArrayLike<number>): void {
    const { zr, zi } = this;
    if (this.packed) {
      const m = zr.length;
      for (let k = 0; k < m; k++) {
        zr[k] = x[2 * k];
        zi[k] = x[2 * k + 1];
      }
    } else {
      for (let k = 0; k < this.n; k++) zr[k] = x[k];
      zi.fill(0);
    }
  }

  /**
   * Loads (x_{start+n} − mean)·w_n, n < N (w = null: no window), into the work buffers in one pass.
   */
  packCentredWindowed(x: ArrayLike<number>, mean: number, w: Float64Array | null, start = 0): void {
    const { zr, zi } = this;
    if (this.packed) {
      const m = zr.length;
      if (w)
        for (let k = 0; k < m; k++) {
          const a = start + 2 * k;
          zr[k] = (x[a] - mean) * w[2 * k];
          zi[k] = (x[a + 1] - mean) * w[2 * k + 1];
        }
      else
        for (let k = 0; k < m; k++) {
          const a = start + 2 * k;
          zr[k] = x[a] - mean;
          zi[k] = x[a + 1] - mean;
        }
    } else {
      if (w) for (let k = 0; k < this.n; k++) zr[k] = (x[start + k] - mean) * w[k];
      else for (let k = 0; k < this.n; k++) zr[k] = x[start + k] - mean;
      zi.fill(0);
    }
  }

  /** Transforms the packed buffers; writes X_k, k ≤ N/2, into Xr/Xi (length ⌊N/2⌋+1). Destroys zr/zi. */
  transform(Xr: Float64Array, Xi: Float64Array): void {
    const { zr, zi } = this;
    if (!this.packed) {
      let ar = zr,
        ai = zi;
      if (this.plan && !this.plan.forwardNoCopy(zr, zi)) {
        ar = this.plan.scratchRe;
        ai = this.plan.scratchIm;
      }
      const nb = (this.n >> 1) + 1;
      Xr.set(ar.subarray(0, nb));
      Xi.set(ai.subarray(0, nb));
      Xi[0] = 0; // exact for real input (as numpy)
      return;
    }
    const plan = this.plan!;
    if (plan.forwardNoCopy(zr, zi)) this.split(zr, zi, Xr, Xi);
    else this.split(plan.scratchRe, plan.scratchIm, Xr, Xi);
  }

  /**
   * pack(x) + transform(Xr, Xi) in one go for a Float64Array x of length N: for even N whose
   * first radix has a packed-input kernel, the first FFT pass reads x directly (no packing pass).
   */
  transformReal(x: Float64Array, Xr: Float64Array, Xi: Float64Array): void {
    if (this.packed) {
      const plan = this.plan!;
      const r = plan.forwardPacked(x, this.zr, this.zi);
      if (r !== null) {
        if (r) this.split(this.zr, this.zi, Xr, Xi);
        else this.split(plan.scratchRe, plan.scratchIm, Xr, Xi);
        return;
      }
    }
    this.pack(x);
    this.transform(Xr, Xi);
  }

  /** The split X_k = E_k + e^{−2πik/N}·O_k of the N/2-point result Z = (zr, zi), k ≤ N/2. */
  private split(zr: Float64Array, zi: Float64Array, Xr: Float64Array, Xi: Float64Array): void {
    const { wr, wi } = this;
    const m = this.zr.length;
    const z0r = zr[0],
      z0i = zi[0];
    Xr[0] = z0r + z0i;
    Xi[0] = 0;
    Xr[m] = z0r - z0i;
    Xi[m] = 0;
    const kEnd = m >> 1;
    for (let k = 1; k <= kEnd; k++) {
      const j = m - k;
      const a = zr[k],
        b = zi[k],
        c = zr[j],
        d = zi[j];
      // 2E = (a + c, b − d), 2O = (b + d, c − a); the 1/2 of O is folded into (wr, wi)
      const er = 0.5 * (a + c),
        ei = 0.5 * (b - d);
      const or = b + d,
        oi = c - a;
      const w0 = wr[k],
        w1 = wi[k];
      const tr = w0 * or - w1 * oi,
        ti = w0 * oi + w1 * or;
      Xr[k] = er + tr;
      Xi[k] = ei + ti;
      Xr[j] = er - tr;
      Xi[j] = ti - ei;
    }
  }

  /** Like {@link transform} but writes only |X_k|, k ≤ N/2, into `mag` (length ≥ ⌊N/2⌋+1). */
  magnitudes(mag: Float64Array): void {
    let { zr, zi } = this;
    const { wr, wi } = this;
    if (this.plan && !this.plan.forwardNoCopy(zr, zi)) {
      zr = this.plan.scratchRe;
      zi = this.plan.scratchIm;
    }
    if (!this.packed) {
      const nb = (this.n >> 1) + 1;
      mag[0] = Math.abs(zr[0]);
      for (let k = 1; k < nb; k++) mag[k] = Math.sqrt(zr[k] * zr[k] + zi[k] * zi[k]);
      return;
    }
    const m = this.zr.length;
    mag[0] = Math.abs(zr[0] + zi[0]);
    mag[m] = Math.abs(zr[0] - zi[0]);
    const kEnd = m >> 1;
    for (let k = 1; k <= kEnd; k++) {
      const j = m - k;
      const a = zr[k],
        b = zi[k],
        c = zr[j],
        d = zi[j];
      const er = 0.5 * (a + c),
        ei = 0.5 * (b - d);
      const or = b + d,
        oi = c - a;
      const w0 = wr[k],
        w1 = wi[k];
      const tr = w0 * or - w1 * oi,
        ti = w0 * oi + w1 * or;
      const xr = er + tr,
        xi = ei + ti,
        yr = er - tr,
        yi = ti - ei;
      mag[k] = Math.sqrt(xr * xr + xi * xi);
      mag[j] = Math.sqrt(yr * yr + yi * yi);
    }
  }
}

const MAX_CACHED = 16; // plans of large N hold several N-sized arrays; typical use sees few distinct N
const cache = new Map<number, RealFftPlan>();
const wasmCache = new Map<number, WasmRealFftPlan>();

onBackendReset(() => {
  for (const p of wasmCache.values()) p.release();
  wasmCache.clear();
  cache.clear();
});

/**
 * Returns the cached real-input plan for length n ≥ 1: on the wasm SIMD module when available
 * (else, or when wasm memory cannot grow, in JavaScript).
 */
export function realFftPlan(n: number): RealPlan {
  if (wasmEnabled()) {
    let w = wasmCache.get(n);
    if (w) return w;
    try {
      w = new WasmRealFftPlan(n);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // wasm memory exhausted: JavaScript plan below
    }
    if (w) {
      if (wasmCache.size >= MAX_CACHED) {
        const oldest = wasmCache.keys().next().value!;
        wasmCache.get(oldest)!.release();
        wasmCache.delete(oldest);
      }
      wasmCache.set(n, w);
      return w;
    }
  }
  let p = cache.get(n);
  if (!p) {
    p = new RealFftPlan(n);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(n, p);
  }
  return p;
}
