import { newWasmPlan, type WasmPlan } from './fft-plan-wasm.ts';
import { heapF64, wasm, wasmAlloc, wasmFree } from './fft-wasm-runtime.ts';
import type { RealPlan } from './fft-plan-types.ts';

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
