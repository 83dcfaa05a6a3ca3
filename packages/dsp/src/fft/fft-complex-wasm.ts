import { WasmBluesteinPlan, WasmDirectPlan, type WasmPlan } from './fft-plan-wasm.ts';
import { heapF64, wasm, wasmEnabled } from './fft-wasm-runtime.ts';
import type { ComplexPlan } from './fft-plan-types.ts';

/**
 * A wasm plan (fft-plan-wasm.ts) behind the {@link ComplexPlan} interface: split arrays are copied
 * into wasm memory and interleaved there (and back), two memcpys and one SIMD loop each way.
 */
export class WasmComplexPlan implements ComplexPlan {
  readonly n: number;
  readonly scratchRe = new Float64Array(0);
  readonly scratchIm = new Float64Array(0);

  constructor(readonly plan: WasmPlan) {
    this.n = plan.n;
  }

  forward(re: Float64Array, im: Float64Array): void {
    const { plan, n } = this;
    plan.build();
    const ex = wasm();
    let h = heapF64();
    h.set(re, plan.b >> 3);
    h.set(im, (plan.b >> 3) + n);
    ex.interleave(n, plan.b, plan.b + 8 * n, plan.a);
    const r = plan.run(plan.a);
    const s = r === plan.a ? plan.b : plan.a;
    ex.deinterleave(n, r, s, s + 8 * n, 1);
    h = heapF64();
    re.set(h.subarray(s >> 3, (s >> 3) + n));
    im.set(h.subarray((s >> 3) + n, (s >> 3) + 2 * n));
  }

  forwardNoCopy(re: Float64Array, im: Float64Array): boolean {
    this.forward(re, im);
    return true;
  }

  forwardPacked(): null {
    return null;
  }

  analyticEnvelope(re: Float64Array, im: Float64Array, kLo: number, kHi: number, out: Float64Array): void {
    const { plan, n } = this;
    plan.build();
    const ex = wasm();
    const nb = (n >> 1) + 1;
    let h = heapF64();
    h.set(re.subarray(0, nb), plan.b >> 3);
    h.set(im.subarray(0, nb), (plan.b >> 3) + nb);
    // conj(Z) for the inverse transform: ifft(Z) = conj(fft(conj(Z)))/N, and |conj(·)| = |·|
    ex.analyticLoad(n, kLo, kHi, plan.b, plan.b + 8 * nb, plan.a);
    const r = plan.run(plan.a);
    const s = r === plan.a ? plan.b : plan.a;
    ex.absScaled(n, r, s, 1 / n);
    h = heapF64();
    out.set(h.subarray(s >> 3, (s >> 3) + n));
  }
}

/**
 * An uncached direct plan on the wasm path with an explicit radix order (as {@link directPlan});
 * null when wasm SIMD is unavailable. For tests.
 */
export function wasmDirectPlan(n: number, factors: number[], rader?: boolean): ComplexPlan | null {
  if (factors.reduce((a, b) => a * b, 1) !== n) throw new RangeError(`factors ${factors.join('·')} do not multiply to ${n}`);
  return wasmEnabled() ? new WasmComplexPlan(new WasmDirectPlan(n, factors, rader)) : null;
}

/** An uncached Bluestein plan on the wasm path; null when wasm SIMD is unavailable. For tests. */
export function wasmBluesteinPlan(n: number): ComplexPlan | null {
  return wasmEnabled() ? new WasmComplexPlan(new WasmBluesteinPlan(n)) : null;
}
