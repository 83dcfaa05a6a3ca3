import { factorize, goodSize, largestPrimeFactor, primitiveRoot } from './fft-factor.ts';
import { heapF64, heapI32, wasm, wasmAlloc, wasmFree } from './fft-wasm-runtime.ts';

/**
 * FFT plans on the wasm SIMD module (packages/dsp/wasm/): the same algorithms as fft-plan.ts
 * (Stockham mixed radix 2, 3, 4, 5, 8, straight-line 7 … 23, generic odd radix, batched Rader,
 * Bluestein), on interleaved complex data in wasm memory, one complex number per v128. This
 * module owns the tables and work buffers in wasm memory and drives the passes (one wasm call per
 * pass). Internal module: the public entry points are in fft.ts; the dispatch between the wasm
 * and the JavaScript plans is in fft-plan.ts and fft-real.ts.
 *
 * Memory: every plan allocates its blocks in {@link WasmPlan.build} and returns them in
 * {@link WasmPlan.release} (called when a plan cache evicts it); a released plan rebuilds itself on
 * its next use, so a plan evicted while a caller still holds it stays correct.
 */

/**
 * Cost model of the wasm kernels (≈ ns per complex point per pass, measured on the development
 * VM with plans of 1024·p points; only ratios matter): chooses per prime radix the straight-line /
 * generic butterfly or Rader, and per length the direct transform or Bluestein.
 */
const COST_RADIX: Record<number, number> = { 2: 0.55, 3: 1, 4: 0.65, 5: 1.2, 8: 1 };
const COST_ODD_FIXED = 0.5;
const COST_HARDCODED_PER_P = 0.2; // straight-line kernels, p = 7 … 23: ≈ 0.5 + 0.2·p
const COST_GENERIC_PER_P = 0.24; // generic odd radix p: ≈ 0.5 + 0.24·p
const COST_RADER_FIXED = 6; // gather, pointwise product, scatter with twiddles (batched Rader)
const COST_BLUESTEIN_FIXED = 1.5; // chirp multiplications, zero fill, product

/** Odd primes with straight-line wasm kernels (wasm/radix-odd.ts). */
const HARDCODED = new Set([7, 11, 13, 17, 19, 23]);

const radixCostCache = new Map<number, { cost: number; rader: boolean }>();

function radixCost(p: number): { cost: number; rader: boolean } {
  const smooth = COST_RADIX[p];
  if (smooth !== undefined) return { cost: smooth, rader: false };
  let c = radixCostCache.get(p);
  if (!c) {
    const generic = COST_ODD_FIXED + (HARDCODED.has(p) ? COST_HARDCODED_PER_P : COST_GENERIC_PER_P) * p;
    const rc = p > 8 ? 2 * directCost(p - 1) + COST_RADER_FIXED : Infinity;
    c = rc < generic ? { cost: rc, rader: true } : { cost: generic, rader: false };
    radixCostCache.set(p, c);
  }
  return c;
}

function directCost(n: number): number {
  let c = 0;
  for (const f of factorize(n)) c += radixCost(f).cost;
  return c;
}

function bluesteinCost(n: number): number {
  const m = goodSize(2 * n - 1);
  return (m / n) * (2 * directCost(m) + COST_BLUESTEIN_FIXED) + COST_BLUESTEIN_FIXED;
}

function useDirect(n: number): boolean {
  if (n < 50 || largestPrimeFactor(n) <= 5) return true;
  return directCost(n) <= bluesteinCost(n);
}

/** A transform of n complex points in wasm memory. */
export interface WasmPlan {
  readonly n: number;
  /** Input / work buffer of n complex points (byte offset; valid after {@link build}). */
  readonly a: number;
  /** Second work buffer of n complex points. */
  readonly b: number;
  readonly live: boolean;
  /** Allocates and fills the tables and buffers (no-op when live). */
  build(): void;
  /** Returns the plan's wasm memory (the plan rebuilds itself on its next {@link build}). */
  release(): void;
  /**
   * Forward transform of the n complex points at `src` (a, b or any other region; the input may be
   * destroyed); returns the byte offset of the result, which is {@link a} or {@link b}. Needs
   * {@link build}.
   */
  run(src: number): number;
}

/** Owned blocks of wasm memory. */
class Blocks {
  private list: number[] = [];
  alloc(bytes: number): number {
    const off = wasmAlloc(bytes);
    this.list.push(off, bytes);
    return off;
  }
  freeAll(): void {
    for (let i = 0; i < this.list.length; i += 2) wasmFree(this.list[i], this.list[i + 1]);
    this.list = [];
  }
}

const KIND_SMALL = 0,
  KIND_GENERIC = 1,
  KIND_RADER = 2;

interface Pass {
  radix: number;
  kind: number;
  l1: number;
  ido: number; // ido·batch
  tw: number;
  cs: number; // generic: cos/sin table
  tmp: number; // generic: 2h complex scratch
  gin: number; // Rader
  gout: number;
  bw: number;
  sub: WasmDirectPlan | null;
}

/** Direct mixed-radix plan; `batch` > 1: `batch` interleaved transforms (Rader's sub-transforms). */
export class WasmDirectPlan implements WasmPlan {
  readonly n: number;
  a = 0;
  b = 0;
  live = false;
  private passes: Pass[] = [];
  private readonly blocks = new Blocks();

  constructor(
    n: number,
    private readonly factors: number[],
    private readonly forceRader?: boolean,
    private readonly batch = 1,
  ) {
    this.n = n;
    this.build();
  }

  build(): void {
    if (this.live) return;
    try {
      this.fill();
    } catch (e) {
      this.live = true;
      this.release(); // memory exhausted part-way: return what was taken
      throw e;
    }
  }

  private fill(): void {
    const { n, batch, blocks } = this;
    this.a = blocks.alloc(16 * n * batch);
    this.b = blocks.alloc(16 * n * batch);
    this.passes = [];
    let l1 = 1;
    for (const p of this.factors) {
      const ido = n / (l1 * p);
      const idoB = ido * batch;
      const rader = p > 8 && (this.forceRader ?? radixCost(p).rader);
      const tw = blocks.alloc(16 * idoB * (p - 1));
      const pass: Pass = { radix: p, kind: KIND_SMALL, l1, ido: idoB, tw, cs: 0, tmp: 0, gin: 0, gout: 0, bw: 0, sub: null };
      this.passes.push(pass);
      let h = heapF64();
      for (let i = 0; i < ido; i++) {
        for (let j = 1; j < p; j++) {
          // e^{-2πi·j·l1·i/N}, index reduced mod N for accuracy (i = 0: exactly 1)
          const r = (j * l1 * i) % n;
          const ang = (2 * Math.PI * r) / n;
          const c = i === 0 ? 1 : Math.cos(ang),
            s = i === 0 ? 0 : -Math.sin(ang);
          for (let bb = 0; bb < batch; bb++) {
            // Rader: transposed, w_j(i) at (j − 1)·idoB + i
            const idx = rader ? (j - 1) * idoB + i * batch + bb : (i * batch + bb) * (p - 1) + j - 1;
            const o = (tw >> 3) + 2 * idx;
            h[o] = c;
            h[o + 1] = s;
          }
        }
      }
      if (rader) {
        pass.kind = KIND_RADER;
        this.raderData(pass, p, idoB * l1);
      } else if (p > 5 && p !== 8 && !HARDCODED.has(p)) {
        pass.kind = KIND_GENERIC;
        const hh = (p - 1) >> 1;
        pass.cs = blocks.alloc(16 * hh * hh);
        pass.tmp = blocks.alloc(32 * hh);
        h = heapF64();
        const cs = pass.cs >> 3;
        for (let j = 1; j <= hh; j++) {
          for (let m = 1; m <= hh; m++) {
            const ang = (2 * Math.PI * ((j * m) % p)) / p;
            h[cs + (j - 1) * hh + m - 1] = Math.cos(ang);
            h[cs + hh * hh + (j - 1) * hh + m - 1] = Math.sin(ang);
          }
        }
      }
      l1 *= p;
    }
    this.live = true;
  }

  /** Rader tables for prime p in a pass of `batch` butterflies (batched sub-plan of p − 1 points). */
  private raderData(pass: Pass, p: number, batch: number): void {
    const q1 = p - 1;
    const g = primitiveRoot(p);
    const { blocks } = this;
    pass.gin = blocks.alloc(4 * q1);
    pass.gout = blocks.alloc(4 * q1);
    pass.bw = blocks.alloc(16 * q1);
    const gin = new Int32Array(q1);
    let x = 1;
    for (let r = 0; r < q1; r++) {
      gin[r] = x;
      x = (x * g) % p;
    }
    const i32 = heapI32();
    for (let r = 0; r < q1; r++) {
      i32[(pass.gin >> 2) + r] = gin[r];
      i32[(pass.gout >> 2) + r] = gin[(q1 - r) % q1]; // g^{−r}
    }
    // DFT(c)/q, c_r = e^{−2πi g^{−r}/p}, with a temporary plan of q1 points
    const tmp = new WasmDirectPlan(q1, factorize(q1));
    let h = heapF64();
    for (let r = 0; r < q1; r++) {
      const ang = (2 * Math.PI * gin[(q1 - r) % q1]) / p;
      h[(tmp.a >> 3) + 2 * r] = Math.cos(ang) / q1;
      h[(tmp.a >> 3) + 2 * r + 1] = -Math.sin(ang) / q1;
    }
    const res = tmp.run(tmp.a);
    h = heapF64();
    h.copyWithin(pass.bw >> 3, res >> 3, (res >> 3) + 2 * q1);
    tmp.release();
    pass.sub = new WasmDirectPlan(q1, factorize(q1), undefined, batch);
  }

  release(): void {
    if (!this.live) return;
    for (const ps of this.passes) ps.sub?.release();
    this.blocks.freeAll();
    this.passes = [];
    this.live = false;
  }

  run(src: number): number {
    const ex = wasm();
    const { a, b } = this;
    let cur = src;
    for (const ps of this.passes) {
      const dst = cur === a ? b : a;
      const { ido, l1, tw } = ps;
      switch (ps.radix) {
        case 4:
          ex.pass4(ido, l1, cur, dst, tw);
          break;
        case 8:
          ex.pass8(ido, l1, cur, dst, tw);
          break;
        case 2:
          ex.pass2(ido, l1, cur, dst, tw);
          break;
        case 3:
          ex.pass3(ido, l1, cur, dst, tw);
          break;
        case 5:
          ex.pass5(ido, l1, cur, dst, tw);
          break;
        default:
          if (ps.kind === KIND_RADER) this.rader(ps, cur, dst);
          else if (ps.kind === KIND_GENERIC) ex.passOdd(ps.radix, ido, l1, cur, dst, tw, ps.cs, ps.tmp);
          else if (ps.radix === 7) ex.pass7(ido, l1, cur, dst, tw);
          else if (ps.radix === 11) ex.pass11(ido, l1, cur, dst, tw);
          else if (ps.radix === 13) ex.pass13(ido, l1, cur, dst, tw);
          else if (ps.radix === 17) ex.pass17(ido, l1, cur, dst, tw);
          else if (ps.radix === 19) ex.pass19(ido, l1, cur, dst, tw);
          else ex.pass23(ido, l1, cur, dst, tw);
      }
      cur = dst;
    }
    return cur;
  }

  private rader(ps: Pass, cc: number, ch: number): void {
    const ex = wasm();
    const sub = ps.sub!;
    sub.build();
    const p = ps.radix;
    ex.raderGather(p, ps.ido, ps.l1, cc, sub.a, ps.gin);
    const f = sub.run(sub.a);
    ex.raderFirst(p, ps.ido, ps.l1, cc, f, ch);
    ex.raderProduct(p - 1, ps.ido * ps.l1, f, ps.bw);
    const g = sub.run(f);
    ex.raderScatter(p, ps.ido, ps.l1, cc, g, ch, ps.gout, ps.tw);
  }
}

/**
 * Bluestein / chirp-z (as BluesteinPlan in fft-plan.ts): X_k = w_k · Σ_n (x_n w_n) · conj(w_{k−n}),
 * w_n = e^{−iπ n²/N}, the convolution done with FFTs of a smooth length M ≥ 2N − 1. The result is
 * always left in {@link a}.
 */
export class WasmBluesteinPlan implements WasmPlan {
  readonly n: number;
  readonly m: number;
  a = 0;
  b = 0;
  live = false;
  private w = 0;
  private bk = 0;
  private readonly inner: WasmDirectPlan;
  private readonly blocks = new Blocks();

  constructor(n: number) {
    this.n = n;
    this.m = goodSize(2 * n - 1);
    this.inner = new WasmDirectPlan(this.m, factorize(this.m));
    this.build();
  }

  build(): void {
    if (this.live) return;
    try {
      this.fill();
    } catch (e) {
      this.live = true;
      this.release(); // memory exhausted part-way: return what was taken
      throw e;
    }
  }

  private fill(): void {
    const { n, m, blocks, inner } = this;
    inner.build();
    this.a = blocks.alloc(16 * n);
    this.b = blocks.alloc(16 * n);
    this.w = blocks.alloc(16 * n);
    this.bk = blocks.alloc(16 * m);
    let h = heapF64();
    const w = this.w >> 3;
    const twoN = 2 * n;
    for (let k = 0; k < n; k++) {
      const r = (k * k) % twoN; // exact: k² < 2^53 for any practical N
      const ang = (Math.PI * r) / n;
      h[w + 2 * k] = Math.cos(ang);
      h[w + 2 * k + 1] = -Math.sin(ang);
    }
    // b = conj(w) wrapped circularly, transformed and scaled by 1/M
    const t = inner.a >> 3;
    h.fill(0, t, t + 2 * m);
    const inv = 1 / m;
    h[t] = h[w] * inv;
    h[t + 1] = -h[w + 1] * inv;
    for (let k = 1; k < n; k++) {
      h[t + 2 * k] = h[t + 2 * (m - k)] = h[w + 2 * k] * inv;
      h[t + 2 * k + 1] = h[t + 2 * (m - k) + 1] = -h[w + 2 * k + 1] * inv;
    }
    const res = inner.run(inner.a);
    h = heapF64();
    h.copyWithin(this.bk >> 3, res >> 3, (res >> 3) + 2 * m);
    this.live = true;
  }

  release(): void {
    if (!this.live) return;
    this.inner.release();
    this.blocks.freeAll();
    this.live = false;
  }

  run(src: number): number {
    const ex = wasm();
    const { n, m, inner } = this;
    ex.chirpLoad(n, m, src, this.w, inner.a);
    const r1 = inner.run(inner.a);
    ex.mulConj(m, r1, this.bk);
    const r2 = inner.run(r1);
    ex.chirpOut(n, r2, this.w, this.a);
    return this.a;
  }
}

/** A new wasm plan for n complex points, direct or Bluestein by the cost model. */
export function newWasmPlan(n: number): WasmPlan {
  return useDirect(n) ? new WasmDirectPlan(n, factorize(n)) : new WasmBluesteinPlan(n);
}
