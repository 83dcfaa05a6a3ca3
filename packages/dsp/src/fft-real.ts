import { complexPlan, type ComplexPlan } from './fft-plan.ts';
import { newWasmPlan, type WasmPlan } from './fft-plan-wasm.ts';
import { heapF64, onBackendReset, wasm, wasmAlloc, wasmEnabled, wasmFree } from './fft-wasm-runtime.ts';

/**
 * A real-input FFT plan for one length N (internal; public entry: `rfft` in fft.ts). Callers load
 * the samples with {@link RealPlan.pack} or {@link RealPlan.packCentredWindowed} and then call
 * {@link RealPlan.transform} or {@link RealPlan.magnitudes}, so that windowing and packing take one
 * pass over the samples. Two implementations: {@link RealFftPlan} (JavaScript) and
 * {@link WasmRealFftPlan} (wasm SIMD), chosen by {@link realFftPlan}.
 */
export interface RealPlan {
  readonly n: number;
  /** Loads x (shape (N,)) into the work buffers. */
  pack(x: ArrayLike<number>): void;
  /** Loads (x_{start+n} − mean)·w_n, n < N (w = null: no window), into the work buffers in one pass. */
  packCentredWindowed(x: ArrayLike<number>, mean: number, w: Float64Array | null, start?: number): void;
  /** Transforms the loaded samples; writes X_k, k ≤ N/2, into Xr/Xi (length ⌊N/2⌋+1). */
  transform(Xr: Float64Array, Xi: Float64Array): void;
  /** pack(x) + transform(Xr, Xi) for a Float64Array x of length N. */
  transformReal(x: Float64Array, Xr: Float64Array, Xi: Float64Array): void;
  /** Like {@link transform} but writes only |X_k|, k ≤ N/2, into `mag` (length ≥ ⌊N/2⌋+1). */
  magnitudes(mag: Float64Array): void;
  /**
   * Short-time magnitudes (wasm plans only; spectrogram.ts has the JavaScript loop): for segment
   * j < `segments` starting at j·step, |X_i| of (x − μ_j)·w (μ_j the segment mean if `removeDc`),
   * times `edge` for i = 0 and N/2 and `scale` between, into out[i·segments + j]. Returns false
   * (and does nothing) when wasm memory cannot grow.
   */
  stft?(
    x: ArrayLike<number>,
    step: number,
    segments: number,
    w: Float64Array | null,
    removeDc: boolean,
    scale: number,
    edge: number,
    out: Float64Array,
  ): boolean;
}

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

/**
 * The real-input FFT on the wasm SIMD module: the same even-N packing and split as
 * {@link RealFftPlan}; the packed samples z_n = x_{2n} + i·x_{2n+1} are simply the samples in
 * order in wasm memory (interleaved complex), so loading a Float64Array is one memcpy. The split
 * (or the magnitudes) is written into wasm memory and copied out.
 */
export class WasmRealFftPlan implements RealPlan {
  readonly n: number;
  readonly packed: boolean;
  private readonly m: number;
  private readonly nb: number;
  private readonly cp: WasmPlan;
  private live = false;
  private w = 0; // (cos(2πk/N)/2, −sin(2πk/N)/2), k ≤ M/2
  private xr = 0; // nb f64
  private xi = 0; // nb f64
  private win = 0; // copy of the window last passed to packCentredWindowed (N f64), 0 if none
  private winOf: Float64Array | null = null; // ... and the array it was copied from
  private outR: Float64Array | null = null; // views of xr, xi (re-created after a memory growth)
  private outI: Float64Array | null = null;

  constructor(n: number) {
    this.n = n;
    this.packed = n % 2 === 0 && n >= 4;
    this.m = this.packed ? n / 2 : n;
    this.nb = (n >> 1) + 1;
    this.cp = newWasmPlan(this.m);
    this.build();
  }

  private build(): void {
    this.cp.build();
    if (this.live) return;
    const { n, nb } = this;
    const taken: [number, number][] = [];
    const alloc = (bytes: number): number => {
      const off = wasmAlloc(bytes);
      taken.push([off, bytes]);
      return off;
    };
    try {
      this.xr = alloc(8 * nb);
      this.xi = alloc(8 * nb);
      if (this.packed) this.w = alloc(16 * ((this.m >> 1) + 1));
    } catch (e) {
      for (const [off, bytes] of taken) wasmFree(off, bytes); // memory exhausted: return what was taken
      this.cp.release();
      throw e;
    }
    if (this.packed) {
      const q = (this.m >> 1) + 1;
      const h = heapF64();
      const o = this.w >> 3;
      for (let k = 0; k < q; k++) {
        const a = (2 * Math.PI * k) / n;
        h[o + 2 * k] = 0.5 * Math.cos(a);
        h[o + 2 * k + 1] = -0.5 * Math.sin(a);
      }
    }
    this.live = true;
  }

  stft(
    x: ArrayLike<number>,
    step: number,
    segments: number,
    w: Float64Array | null,
    removeDc: boolean,
    scale: number,
    edge: number,
    out: Float64Array,
  ): boolean {
    this.build();
    const { n, nb, cp } = this;
    const taken: [number, number][] = [];
    const alloc = (bytes: number): number => {
      const off = wasmAlloc(bytes);
      taken.push([off, bytes]);
      return off;
    };
    try {
      let sig: number, res: number;
      try {
        sig = alloc(8 * x.length);
        res = alloc(8 * nb * segments);
      } catch (e) {
        if (e instanceof RangeError) return false;
        throw e;
      }
      if (w !== null && !this.loadWindow(w)) return false;
      const win = w === null ? 0 : this.win;
      let h = heapF64();
      if (x instanceof Float64Array) h.set(x, sig >> 3);
      else for (let i = 0; i < x.length; i++) h[(sig >> 3) + i] = x[i];
      const ex = wasm();
      for (let j = 0; j < segments; j++) {
        const src = sig + 8 * j * step;
        const mean = removeDc ? ex.meanOf(n, src) : 0;
        if (this.packed) ex.centreWindow(n, src, mean, win, cp.a);
        else {
          ex.centreWindow(n, src, mean, win, cp.b);
          ex.realToComplex(n, cp.b, cp.a);
        }
        const r = cp.run(cp.a);
        if (this.packed) ex.realSplitMagnitudes(this.m, r, this.w, this.xr);
        else ex.magnitudes(nb, r, this.xr, 1);
        ex.storeColumn(nb, this.xr, res, segments, j, scale, edge);
      }
      h = heapF64();
      out.set(h.subarray(res >> 3, (res >> 3) + nb * segments));
      return true;
    } finally {
      for (const [off, bytes] of taken) wasmFree(off, bytes);
    }
  }

  /**
   * Makes {@link win} a copy of w (length N), copying only when w is not the array copied last
   * time (callers pass the immutable arrays of `cachedWindow`). False when memory cannot grow.
   */
  private loadWindow(w: Float64Array): boolean {
    if (w === this.winOf && this.win !== 0) return true;
    if (w.length < this.n) return false;
    if (this.win === 0) {
      try {
        this.win = wasmAlloc(8 * this.n);
      } catch (e) {
        if (e instanceof RangeError) return false;
        throw e;
      }
    }
    heapF64().set(w.subarray(0, this.n), this.win >> 3);
    this.winOf = w;
    return true;
  }

  /** Views of the output regions over the current wasm memory (no allocation per call). */
  private views(): void {
    const h = heapF64();
    if (
      this.outR === null ||
      this.outR.buffer !== h.buffer ||
      this.outR.byteOffset !== this.xr ||
      this.outI!.byteOffset !== this.xi
    ) {
      this.outR = h.subarray(this.xr >> 3, (this.xr >> 3) + this.nb);
      this.outI = h.subarray(this.xi >> 3, (this.xi >> 3) + this.nb);
    }
  }

  /** Returns the plan's wasm memory; it rebuilds itself on its next use. */
  release(): void {
    this.cp.release();
    if (!this.live) return;
    wasmFree(this.xr, 8 * this.nb);
    wasmFree(this.xi, 8 * this.nb);
    if (this.packed) wasmFree(this.w, 16 * ((this.m >> 1) + 1));
    if (this.win !== 0) wasmFree(this.win, 8 * this.n);
    this.win = 0;
    this.winOf = null;
    this.live = false;
  }

  pack(x: ArrayLike<number>): void {
    this.build();
    const h = heapF64();
    const a = this.cp.a >> 3;
    const n = this.n;
    if (this.packed) {
      if (x instanceof Float64Array) h.set(x.length === n ? x : x.subarray(0, n), a);
      else for (let k = 0; k < n; k++) h[a + k] = x[k];
    } else {
      for (let k = 0; k < n; k++) {
        h[a + 2 * k] = x[k];
        h[a + 2 * k + 1] = 0;
      }
    }
  }

  packCentredWindowed(x: ArrayLike<number>, mean: number, w: Float64Array | null, start = 0): void {
    this.build();
    const n = this.n;
    if (this.packed && x instanceof Float64Array && (w === null || this.loadWindow(w))) {
      // memcpy of the samples, then centring and windowing in wasm
      const h = heapF64();
      const cp = this.cp;
      h.set(start === 0 && x.length === n ? x : x.subarray(start, start + n), cp.b >> 3);
      wasm().centreWindow(n, cp.b, mean, w === null ? 0 : this.win, cp.a);
      return;
    }
    const h = heapF64();
    const a = this.cp.a >> 3;
    if (this.packed) {
      if (w) for (let k = 0; k < n; k++) h[a + k] = (x[start + k] - mean) * w[k];
      else for (let k = 0; k < n; k++) h[a + k] = x[start + k] - mean;
    } else {
      for (let k = 0; k < n; k++) {
        h[a + 2 * k] = w ? (x[start + k] - mean) * w[k] : x[start + k] - mean;
        h[a + 2 * k + 1] = 0;
      }
    }
  }

  transform(Xr: Float64Array, Xi: Float64Array): void {
    this.build();
    const ex = wasm();
    const { nb, xr, xi } = this;
    const r = this.cp.run(this.cp.a);
    if (this.packed) ex.realSplit(this.m, r, this.w, xr, xi);
    else ex.deinterleave(nb, r, xr, xi, 1);
    this.views();
    Xr.set(this.outR!);
    Xi.set(this.outI!);
    Xi[0] = 0; // exact for real input (as numpy)
  }

  transformReal(x: Float64Array, Xr: Float64Array, Xi: Float64Array): void {
    this.pack(x);
    this.transform(Xr, Xi);
  }

  magnitudes(mag: Float64Array): void {
    this.build();
    const ex = wasm();
    const { nb, xr } = this;
    const r = this.cp.run(this.cp.a);
    if (this.packed) ex.realSplitMagnitudes(this.m, r, this.w, xr);
    else ex.magnitudes(nb, r, xr, 1);
    this.views();
    mag.set(this.outR!);
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
