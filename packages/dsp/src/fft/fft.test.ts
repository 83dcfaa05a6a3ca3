import { describe, expect, it } from 'vitest';
import { fft, fftInPlace, ifft, rfft } from './fft.ts';
import {
  bluesteinPlan as jsBluesteinPlan,
  directPlan as jsDirectPlan,
  factorize,
  goodSize,
  wasmBluesteinPlan,
  wasmDirectPlan,
  type ComplexPlan,
} from './fft-plan.ts';
import { realFftPlan } from './fft-real.ts';
import { setFftBackend, wasmAllocatedBytes, wasmEnabled } from './fft-wasm-runtime.ts';
import { describeBackends } from '../../test/backends.ts';
import { complexTestInput } from '../test-signals.ts';

/** O(N²) DFT with exactly reduced angles: the definition the FFT must reproduce. */
function naiveDft(re: Float64Array, im: Float64Array): { re: Float64Array; im: Float64Array } {
  const n = re.length;
  const Xr = new Float64Array(n),
    Xi = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let sr = 0,
      si = 0;
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((k * j) % n)) / n;
      const c = Math.cos(a),
        s = Math.sin(a);
      sr += re[j] * c - im[j] * s;
      si += re[j] * s + im[j] * c;
    }
    Xr[k] = sr;
    Xi[k] = si;
  }
  return { re: Xr, im: Xi };
}

function maxRelErr(ar: Float64Array, ai: Float64Array, br: Float64Array, bi: Float64Array): number {
  let e = 0,
    m = 0;
  for (let i = 0; i < br.length; i++) {
    e = Math.max(e, Math.hypot(ar[i] - br[i], ai[i] - bi[i]));
    m = Math.max(m, Math.hypot(br[i], bi[i]));
  }
  return e / m;
}

// every radix path: 2, 3, 4, 5, generic odd primes (7, 11, 13, 17 …), Bluestein (large primes, 2·p)
const LENGTHS = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 25, 27, 30, 32, 49, 60, 64, 77, 97, 100, 121, 127, 128, 143, 211, 243,
  250, 256, 338, 422, 625, 1000, 1009,
];

describeBackends('fft equals the naive DFT', () => {
  for (const n of LENGTHS) {
    it(`N=${n} (factors ${factorize(n).join('·') || '1'})`, () => {
      const { re, im } = complexTestInput(n);
      const X = fft(re, im);
      const D = naiveDft(re, im);
      expect(maxRelErr(X.re, X.im, D.re, D.im)).toBeLessThan(1e-12);
    });
  }
});

describeBackends('every radix kernel at every position of the pass order equals the naive DFT', (backend) => {
  // explicit plans of the backend under test (uncached)
  const directPlan = (n: number, f: number[], rader?: boolean): ComplexPlan =>
    backend === 'wasm' ? wasmDirectPlan(n, f, rader)! : jsDirectPlan(n, f, rader);
  const bluesteinPlan = (n: number): ComplexPlan => (backend === 'wasm' ? wasmBluesteinPlan(n)! : jsBluesteinPlan(n));
  const orders: [number, number[]][] = [
    [840, [8, 3, 5, 7]],
    [840, [7, 5, 3, 8]],
    [840, [2, 4, 3, 5, 7]],
    [840, [3, 7, 2, 4, 5]],
    [840, [5, 8, 7, 3]],
    [572, [11, 13, 4]],
    [572, [4, 13, 11]],
    [572, [2, 11, 2, 13]],
    [646, [19, 2, 17]],
    [276, [4, 23, 3]],
    [161, [23, 7]],
    [4096, [2, 8, 4, 8, 4, 2]],
    [4096, [8, 8, 8, 8]],
  ];
  for (const [n, f] of orders) {
    it(`N=${n} as ${f.join('·')}`, () => {
      const { re, im } = complexTestInput(n);
      const D = naiveDft(re, im);
      directPlan(n, f).forward(re, im);
      expect(maxRelErr(re, im, D.re, D.im)).toBeLessThan(1e-12);
    });
  }
  // Rader (forced on / off) for primes whose p − 1 is smooth or not, at first / middle / last pass
  const raderOrders: [number, number[]][] = [
    [11 * 4, [11, 4]],
    [13 * 3, [3, 13]],
    [17 * 2 * 5, [2, 17, 5]],
    [23 * 4, [4, 23]],
    [31 * 6, [2, 31, 3]],
    [41 * 8, [8, 41]],
    [47 * 3, [47, 3]],
    [97 * 2, [2, 97]],
    [139, [139]],
    [61 * 5, [61, 5]],
    [107 * 2, [2, 107]], // q = 106 = 2·53: Rader (53) inside the batched sub-transform
    [37 * 4 * 3, [4, 37, 3]],
  ];
  for (const [n, f] of raderOrders) {
    for (const rader of [true, false]) {
      it(`N=${n} as ${f.join('·')}, ${rader ? 'Rader' : 'generic'} for the large primes`, () => {
        const { re, im } = complexTestInput(n);
        const D = naiveDft(re, im);
        directPlan(n, f, rader).forward(re, im);
        expect(maxRelErr(re, im, D.re, D.im)).toBeLessThan(1e-12);
      });
    }
  }
  for (const n of [5, 50, 97, 211, 1009, 1024]) {
    it(`Bluestein for N=${n}`, () => {
      const { re, im } = complexTestInput(n);
      const D = naiveDft(re, im);
      bluesteinPlan(n).forward(re, im);
      expect(maxRelErr(re, im, D.re, D.im)).toBeLessThan(1e-12);
    });
  }
  it('factorize returns radices whose product is N', () => {
    for (const n of [1, 2, 1024, 2048, 32768, 6000, 25000, 10007, 20014, 840]) {
      expect(factorize(n).reduce((a, b) => a * b, 1)).toBe(n);
    }
    expect(factorize(32768)).toEqual([4, 2, 4, 4, 4, 4, 4, 4]); // no radix 8 on large powers of two
    expect(factorize(512)).toEqual([8, 8, 8]);
    expect(factorize(2048)).toEqual([4, 8, 8, 8]);
    expect(factorize(4096)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(() => directPlan(12, [2, 2])).toThrow(RangeError);
    expect(() => jsDirectPlan(12, [2, 2])).toThrow(RangeError);
  });
});

describeBackends('rfft equals the first ⌊N/2⌋+1 bins of the complex DFT', () => {
  for (const n of [1, 2, 3, 4, 5, 6, 8, 10, 14, 18, 26, 34, 100, 101, 254, 1000, 1009, 2018]) {
    it(`N=${n}`, () => {
      const { re } = complexTestInput(n);
      const R = rfft(re);
      expect(R.re.length).toBe((n >> 1) + 1);
      const D = naiveDft(re, new Float64Array(n));
      expect(maxRelErr(R.re, R.im, D.re.subarray(0, R.re.length), D.im.subarray(0, R.re.length))).toBeLessThan(1e-12);
      expect(R.im[0]).toBe(0);
    });
  }
  it('equals fft for every N = 10 … 3000 in steps of 10 (the sweep lengths, every plan type)', () => {
    for (let n = 10; n <= 3000; n += 10) {
      const { re } = complexTestInput(n);
      const R = rfft(re);
      const F = fft(re);
      const e = maxRelErr(R.re, R.im, F.re.subarray(0, R.re.length), F.im.subarray(0, R.re.length));
      if (!(e < 1e-12)) expect({ n, e }).toEqual({ n, e: 0 });
    }
  });
  it('N = 1 000 000: a cosine on bin 12345 plus a sine on bin 250 000 (exact values N/2)', () => {
    const n = 1_000_000;
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      x[i] = Math.cos((2 * Math.PI * ((12345 * i) % n)) / n) + 0.5 * Math.sin((2 * Math.PI * ((250000 * i) % n)) / n);
    }
    const R = rfft(x);
    const er = new Float64Array(R.re.length),
      ei = new Float64Array(R.re.length);
    er[12345] = n / 2;
    ei[250000] = -n / 4;
    expect(maxRelErr(R.re, R.im, er, ei)).toBeLessThan(1e-9);
  });
  it('plain-array input (packing pass) gives the same bins as Float64Array input (fused first pass)', () => {
    for (const n of [30, 48, 50, 64, 90, 250, 1000, 1024, 2048]) {
      const { re } = complexTestInput(n);
      const a = rfft(re),
        b = rfft(Array.from(re));
      expect(maxRelErr(b.re, b.im, a.re, a.im)).toBeLessThan(1e-15);
    }
  });
  it('writes into caller buffers and checks their length', () => {
    const out = { re: new Float64Array(3), im: new Float64Array(3) };
    expect(rfft([1, 0, -1, 0], out)).toBe(out);
    expect(Array.from(out.re)).toEqual([0, 2, 0]);
    expect(() => rfft([1, 2, 3, 4], { re: new Float64Array(2), im: new Float64Array(2) })).toThrow(RangeError);
  });
});

describeBackends('fft conventions and errors', () => {
  it('matches the documented example', () => {
    const X = fft([0, 1, 0, -1]);
    expect(Array.from(X.re)).toEqual([0, 0, 0, 0]);
    expect(Array.from(X.im)).toEqual([0, -2, 0, 2]);
  });
  it('ifft inverts fft (N = 1000, 997)', () => {
    for (const n of [1000, 997]) {
      const { re, im } = complexTestInput(n);
      const X = fft(re, im);
      const x = ifft(X.re, X.im);
      expect(maxRelErr(x.re, x.im, re, im)).toBeLessThan(1e-14);
    }
  });
  it('a unit impulse transforms to all ones; a repeated call gives the same result (plan cache)', () => {
    const re = new Float64Array(12000);
    re[0] = 1;
    const a = fft(re),
      b = fft(re);
    expect(a.re.every((v) => Math.abs(v - 1) < 1e-15)).toBe(true);
    expect(b.re).toEqual(a.re);
  });
  it('rejects empty input and mismatched lengths', () => {
    expect(() => fft([])).toThrow(RangeError);
    expect(() => rfft([])).toThrow(RangeError);
    expect(() => fftInPlace(new Float64Array(4), new Float64Array(3))).toThrow(RangeError);
  });
  it('goodSize returns the smallest 2^a·3^b·5^c ≥ n', () => {
    expect(goodSize(1993)).toBe(2000);
    expect(goodSize(20013)).toBe(20250);
    expect(goodSize(1024)).toBe(1024);
    expect(goodSize(7)).toBe(8);
  });
});

describe('wasm SIMD backend', () => {
  it('is available in Node and on by default (DSP_NO_WASM unset)', () => {
    expect(setFftBackend('wasm')).toBe('wasm');
    if (!process.env.DSP_NO_WASM) expect(setFftBackend('auto')).toBe('wasm');
    expect(setFftBackend('js')).toBe('js');
    expect(wasmEnabled()).toBe(false);
    setFftBackend('auto');
  });
  it('gives the same bins as the JavaScript path (sweep lengths 10 … 3000, and 12000, 50000, 65536)', () => {
    const ns: number[] = [];
    for (let n = 10; n <= 3000; n += 10) ns.push(n);
    ns.push(12000, 50000, 65536, 997, 10007);
    const js = ns.map((n) => {
      setFftBackend('js');
      return rfft(complexTestInput(n).re);
    });
    setFftBackend('wasm');
    ns.forEach((n, i) => {
      const R = rfft(complexTestInput(n).re);
      const e = maxRelErr(R.re, R.im, js[i].re, js[i].im);
      if (!(e < 1e-13)) expect({ n, e }).toEqual({ n, e: 0 });
    });
    setFftBackend('auto');
  });
  it('plans evicted from the cache return their memory, and a held plan rebuilds itself', () => {
    setFftBackend('wasm');
    const x = complexTestInput(1000).re;
    const held = realFftPlan(1000);
    const ref = rfft(x);
    for (let n = 2000; n < 2000 + 20 * 10; n += 10) rfft(complexTestInput(n).re); // evicts N = 1000
    const after = wasmAllocatedBytes();
    for (let r = 0; r < 3; r++) for (let n = 4000; n < 4000 + 20 * 10; n += 10) rfft(complexTestInput(n).re);
    expect(wasmAllocatedBytes()).toBeLessThan(after * 1.5);
    const out = { re: new Float64Array(501), im: new Float64Array(501) };
    held.pack(x);
    held.transform(out.re, out.im);
    expect(maxRelErr(out.re, out.im, ref.re, ref.im)).toBe(0);
    setFftBackend('auto');
  });
});
