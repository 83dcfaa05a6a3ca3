import { factorize, goodSize, primitiveRoot } from './fft-factor.ts';
import { newWasmPlan, type WasmPlan } from './fft-plan-wasm.ts';
import { HARDCODED, radixCost, useDirect } from './fft-cost.ts';
import { WasmComplexPlan } from './fft-complex-wasm.ts';
import type { ComplexPlan } from './fft-plan-types.ts';
import { onBackendReset, wasmEnabled } from './fft-wasm-runtime.ts';
import { pass2, pass3, pass4, pass5 } from './fft-kernels.ts';
import { pass8, passOdd } from './fft-kernels-large.ts';
import { passRader } from './fft-kernels-rader.ts';
import { pass7, pass11, pass13, pass17, pass19, pass23 } from './fft-kernels-odd.ts';
import { pass2x, pass3x, pass4x, pass5x, pass8x } from './fft-kernels-packed.ts';

/**
 * FFT plans: factorisation, twiddle tables, scratch buffers, Rader passes for large prime radices
 * and the Bluestein (chirp-z) fallback, cached per length. Internal module: the public entry points are in fft.ts.
 *
 * Sources: Swarztrauber, "FFT algorithms for vector computers", Parallel Computing 1 (1984)
 * (FFTPACK's Stockham passes); M. Reinecke, pocketfft (numpy.fft's engine) for the factor
 * order; C. M. Rader, "Discrete Fourier transforms when the number of data samples is prime",
 * Proc. IEEE 56 (1968); Bluestein, "A linear filtering approach to the
 * computation of the discrete Fourier transform", IEEE Trans. Audio Electroacoust. 18 (1970).
 */

interface Pass {
  radix: number;
  l1: number;
  ido: number;
  twr: Float64Array;
  twi: Float64Array;
  // generic odd radix only
  cosp?: Float64Array;
  sinp?: Float64Array;
  // Rader (primes ≥ RADER_MIN) only
  rader?: RaderData;
}

interface RaderData {
  gin: Int32Array;
  gout: Int32Array;
  bwr: Float64Array;
  bwi: Float64Array;
  sub: DirectPlan;
  ar: Float64Array;
  ai: Float64Array;
  br: Float64Array;
  bi: Float64Array;
}

/** Rader data for prime p in a pass of `batch` = ido·l1 butterflies (the sub-plan is batched). */
function raderData(p: number, batch: number): RaderData {
  const q1 = p - 1;
  const g = primitiveRoot(p);
  const gin = new Int32Array(q1),
    gout = new Int32Array(q1);
  let x = 1;
  for (let r = 0; r < q1; r++) {
    gin[r] = x;
    x = (x * g) % p;
  }
  // g^{−q} = g^{(p−1−q) mod (p−1)}
  for (let r = 0; r < q1; r++) gout[r] = gin[(q1 - r) % q1];
  const sub = new DirectPlan(q1, factorize(q1), undefined, batch);
  const bwr = new Float64Array(q1),
    bwi = new Float64Array(q1);
  for (let r = 0; r < q1; r++) {
    const a = (2 * Math.PI * gout[r]) / p;
    bwr[r] = Math.cos(a) / q1;
    bwi[r] = -Math.sin(a) / q1;
  }
  complexPlan(q1).forward(bwr, bwi);
  const len = q1 * batch;
  return {
    gin,
    gout,
    bwr,
    bwi,
    sub,
    ar: new Float64Array(len),
    ai: new Float64Array(len),
    br: new Float64Array(len),
    bi: new Float64Array(len),
  };
}

export { factorize, goodSize } from './fft-factor.ts';
export { wasmBluesteinPlan, wasmDirectPlan } from './fft-complex-wasm.ts';
export type { ComplexPlan } from './fft-plan-types.ts';

class DirectPlan implements ComplexPlan {
  readonly n: number;
  private readonly passes: Pass[] = [];
  private readonly scr: Float64Array;
  private readonly sci: Float64Array;
  private readonly tmp: Float64Array[];

  get scratchRe(): Float64Array {
    return this.scr;
  }
  get scratchIm(): Float64Array {
    return this.sci;
  }

  /**
   * `batch` > 1 makes a batched plan: `batch` independent transforms of length n, element r of
   * transform b at r·batch + b. Every pass then is the plain pass with ido·batch in place of ido
   * and each twiddle repeated `batch` times (Rader's sub-transforms, fft-kernels-large.ts).
   */
  constructor(n: number, factors: number[], forceRader?: boolean, batch = 1) {
    this.n = n;
    this.scr = new Float64Array(n * batch);
    this.sci = new Float64Array(n * batch);
    let l1 = 1;
    let maxOdd = 0;
    for (const p of factors) {
      const ido = n / (l1 * p);
      const idoB = ido * batch;
      const twr = new Float64Array(idoB * (p - 1));
      const twi = new Float64Array(idoB * (p - 1));
      for (let i = 0; i < ido; i++) {
        for (let j = 1; j < p; j++) {
          // e^{-2πi·j·l1·i/N}, index reduced mod N for accuracy (i = 0: exactly 1)
          const r = (j * l1 * i) % n;
          const a = (2 * Math.PI * r) / n;
          const c = i === 0 ? 1 : Math.cos(a),
            sn = i === 0 ? 0 : -Math.sin(a);
          for (let b = 0; b < batch; b++) {
            twr[(i * batch + b) * (p - 1) + j - 1] = c;
            twi[(i * batch + b) * (p - 1) + j - 1] = sn;
          }
        }
      }
      const pass: Pass = { radix: p, l1, ido: idoB, twr, twi };
      if (p > 8 && (forceRader ?? radixCost(p).rader)) {
        pass.rader = raderData(p, idoB * l1);
        // transposed twiddles (output j − 1 major) for the contiguous loops of passRader
        const tr = new Float64Array(idoB * (p - 1)),
          ti = new Float64Array(idoB * (p - 1));
        for (let i = 0; i < idoB; i++)
          for (let j = 1; j < p; j++) {
            tr[(j - 1) * idoB + i] = twr[i * (p - 1) + j - 1];
            ti[(j - 1) * idoB + i] = twi[i * (p - 1) + j - 1];
          }
        pass.twr = tr;
        pass.twi = ti;
      } else if (p > 5 && !HARDCODED.has(p)) {
        const h = (p - 1) >> 1;
        pass.cosp = new Float64Array(h * h);
        pass.sinp = new Float64Array(h * h);
        for (let j = 1; j <= h; j++) {
          for (let m = 1; m <= h; m++) {
            const a = (2 * Math.PI * ((j * m) % p)) / p;
            pass.cosp[(j - 1) * h + m - 1] = Math.cos(a);
            pass.sinp[(j - 1) * h + m - 1] = Math.sin(a);
          }
        }
        maxOdd = Math.max(maxOdd, p);
      }
      this.passes.push(pass);
      l1 *= p;
    }
    const h = Math.max(1, (maxOdd - 1) >> 1);
    this.tmp = [new Float64Array(h), new Float64Array(h), new Float64Array(h), new Float64Array(h)];
  }

  forward(re: Float64Array, im: Float64Array): void {
    if (!this.run(re, im, this.scr, this.sci, 0)) {
      re.set(this.scr);
      im.set(this.sci);
    }
  }

  forwardNoCopy(re: Float64Array, im: Float64Array): boolean {
    return this.run(re, im, this.scr, this.sci, 0);
  }

  forwardBuffers(ar: Float64Array, ai: Float64Array, br: Float64Array, bi: Float64Array): boolean {
    return this.run(ar, ai, br, bi, 0);
  }

  forwardPacked(x: Float64Array, re: Float64Array, im: Float64Array): boolean | null {
    const ps = this.passes[0];
    const { scr, sci } = this;
    switch (ps.radix) {
      case 4:
        pass4x(ps.ido, ps.l1, x, scr, sci, ps.twr, ps.twi);
        break;
      case 8:
        pass8x(ps.ido, ps.l1, x, scr, sci, ps.twr, ps.twi);
        break;
      case 2:
        pass2x(ps.ido, ps.l1, x, scr, sci, ps.twr, ps.twi);
        break;
      case 3:
        pass3x(ps.ido, ps.l1, x, scr, sci, ps.twr, ps.twi);
        break;
      case 5:
        pass5x(ps.ido, ps.l1, x, scr, sci, ps.twr, ps.twi);
        break;
      default:
        return null;
    }
    // the remaining passes start from the scratch buffers: the parity flips
    return !this.run(scr, sci, re, im, 1);
  }

  /** Runs passes from `first` on, ping-ponging (ar, ai) ↔ (br, bi); true if the result is in (ar, ai). */
  private run(ar: Float64Array, ai: Float64Array, br: Float64Array, bi: Float64Array, first: number): boolean {
    const a0 = ar;
    const passes = this.passes;
    for (let pi = first; pi < passes.length; pi++) {
      const ps = passes[pi];
      switch (ps.radix) {
        case 4:
          pass4(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 8:
          pass8(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 2:
          pass2(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 3:
          pass3(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 5:
          pass5(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 7:
          pass7(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 11:
          if (ps.rader) this.odd(ps, ar, ai, br, bi);
          else pass11(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 13:
          if (ps.rader) this.odd(ps, ar, ai, br, bi);
          else pass13(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 17:
          if (ps.rader) this.odd(ps, ar, ai, br, bi);
          else pass17(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 19:
          if (ps.rader) this.odd(ps, ar, ai, br, bi);
          else pass19(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        case 23:
          if (ps.rader) this.odd(ps, ar, ai, br, bi);
          else pass23(ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi);
          break;
        default:
          this.odd(ps, ar, ai, br, bi);
      }
      const xr = ar;
      ar = br;
      br = xr;
      const xi = ai;
      ai = bi;
      bi = xi;
    }
    return ar === a0;
  }

  /** A pass of another odd prime radix: Rader or the generic O(p²) butterfly. */
  private odd(ps: Pass, ar: Float64Array, ai: Float64Array, br: Float64Array, bi: Float64Array): void {
    const rd = ps.rader;
    if (rd) {
      passRader(
        ps.radix,
        ps.ido,
        ps.l1,
        ar,
        ai,
        br,
        bi,
        ps.twr,
        ps.twi,
        rd.gin,
        rd.gout,
        rd.bwr,
        rd.bwi,
        rd.sub,
        rd.ar,
        rd.ai,
        rd.br,
        rd.bi,
      );
      return;
    }
    const t = this.tmp;
    passOdd(ps.radix, ps.ido, ps.l1, ar, ai, br, bi, ps.twr, ps.twi, ps.cosp!, ps.sinp!, t[0], t[1], t[2], t[3]);
  }
}

/**
 * Bluestein / chirp-z: X_k = w_k · Σ_n (x_n w_n) · conj(w_{k−n}), w_n = e^{−iπ n²/N}, the
 * convolution done with FFTs of a smooth length M ≥ 2N − 1.
 */
class BluesteinPlan implements ComplexPlan {
  readonly n: number;
  readonly scratchRe = new Float64Array(0);
  readonly scratchIm = new Float64Array(0);
  private readonly m: number;
  private readonly inner: ComplexPlan;
  private readonly wr: Float64Array;
  private readonly wi: Float64Array;
  private readonly bkr: Float64Array;
  private readonly bki: Float64Array;
  private readonly ar: Float64Array;
  private readonly ai: Float64Array;

  constructor(n: number) {
    this.n = n;
    const m = goodSize(2 * n - 1);
    this.m = m;
    this.inner = new DirectPlan(m, factorize(m));
    this.wr = new Float64Array(n);
    this.wi = new Float64Array(n);
    const twoN = 2 * n;
    for (let k = 0; k < n; k++) {
      const r = (k * k) % twoN; // exact: k² < 2^53 for any practical N
      const a = (Math.PI * r) / n;
      this.wr[k] = Math.cos(a);
      this.wi[k] = -Math.sin(a);
    }
    // b = conj(w) wrapped circularly, pre-transformed and pre-scaled by 1/M
    this.bkr = new Float64Array(m);
    this.bki = new Float64Array(m);
    const inv = 1 / m;
    this.bkr[0] = this.wr[0] * inv;
    this.bki[0] = -this.wi[0] * inv;
    for (let k = 1; k < n; k++) {
      this.bkr[k] = this.bkr[m - k] = this.wr[k] * inv;
      this.bki[k] = this.bki[m - k] = -this.wi[k] * inv;
    }
    this.inner.forward(this.bkr, this.bki);
    this.ar = new Float64Array(m);
    this.ai = new Float64Array(m);
  }

  forwardNoCopy(re: Float64Array, im: Float64Array): boolean {
    this.forward(re, im);
    return true;
  }

  forwardPacked(): null {
    return null;
  }

  forward(re: Float64Array, im: Float64Array): void {
    const { n, m, wr, wi, bkr, bki, ar, ai } = this;
    for (let k = 0; k < n; k++) {
      const xr = re[k],
        xi = im[k];
      ar[k] = xr * wr[k] - xi * wi[k];
      ai[k] = xr * wi[k] + xi * wr[k];
    }
    ar.fill(0, n);
    ai.fill(0, n);
    this.inner.forward(ar, ai);
    // C = A·B, then store conj(C) so that a forward FFT gives conj of the inverse transform
    for (let k = 0; k < m; k++) {
      const xr = ar[k],
        xi = ai[k],
        yr = bkr[k],
        yi = bki[k];
      ar[k] = xr * yr - xi * yi;
      ai[k] = -(xr * yi + xi * yr);
    }
    this.inner.forward(ar, ai);
    for (let k = 0; k < n; k++) {
      const cr = ar[k],
        ci = -ai[k];
      re[k] = cr * wr[k] - ci * wi[k];
      im[k] = cr * wi[k] + ci * wr[k];
    }
  }
}

/**
 * An uncached direct plan with an explicit radix order (product must be n; radices 2, 3, 4, 5, 8
 * or odd primes). For tests and tuning; {@link complexPlan} chooses the order itself.
 */
export function directPlan(n: number, factors: number[], rader?: boolean): ComplexPlan {
  if (factors.reduce((a, b) => a * b, 1) !== n) throw new RangeError(`factors ${factors.join('·')} do not multiply to ${n}`);
  return new DirectPlan(n, factors, rader);
}

/** An uncached Bluestein plan for length n (for tests and tuning). */
export function bluesteinPlan(n: number): ComplexPlan {
  return new BluesteinPlan(n);
}

const MAX_CACHED = 16; // plans of large N hold several N-sized arrays; typical use sees few distinct N
const cache = new Map<number, ComplexPlan>();
const wasmCache = new Map<number, WasmComplexPlan>();

onBackendReset(() => {
  for (const p of wasmCache.values()) p.plan.release();
  wasmCache.clear();
  cache.clear();
});

/**
 * Returns the cached complex plan for length n (n ≥ 1), creating it on first use: on the wasm SIMD
 * module when available (fft-wasm-runtime.ts), else (or when wasm memory cannot grow) in JavaScript.
 */
export function complexPlan(n: number): ComplexPlan {
  if (wasmEnabled()) {
    const w = wasmCache.get(n);
    if (w) return w;
    let wp: WasmPlan | null = null;
    try {
      wp = newWasmPlan(n);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // wasm memory exhausted: JavaScript plan below
    }
    if (wp) {
      const plan = new WasmComplexPlan(wp);
      if (wasmCache.size >= MAX_CACHED) {
        const oldest = wasmCache.keys().next().value!;
        wasmCache.get(oldest)!.plan.release();
        wasmCache.delete(oldest);
      }
      wasmCache.set(n, plan);
      return plan;
    }
  }
  let plan = cache.get(n);
  if (plan) return plan;
  plan = useDirect(n) ? new DirectPlan(n, factorize(n)) : new BluesteinPlan(n);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(n, plan);
  return plan;
}
