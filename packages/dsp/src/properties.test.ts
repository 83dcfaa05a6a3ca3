/**
 * Property-based tests (fast-check) of the DFT conventions our spectra rest on: Parseval,
 * linearity, the time-shift theorem, and window normalisation of the amplitude spectrum.
 * Each property is checked on random real signals of random length (2 … 600 samples, odd and
 * even, so every FFT path runs); tolerances are relative to the signal's energy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fft, rfft } from './fft/fft.ts';
import { amplitudeSpectrum } from './spectrum.ts';
import { WINDOW_NAMES, windowCorrection } from './windows.ts';

const RUNS = 60;
const sample = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true });
const signalArb = fc.array(sample, { minLength: 2, maxLength: 600 });

describe('DFT properties (fast-check)', () => {
  it('Parseval: Σ|x|² = (1/N)·Σ_k |X_k|² over the full spectrum rebuilt from rfft', () => {
    fc.assert(
      fc.property(signalArb, (xs) => {
        const n = xs.length;
        const X = rfft(xs);
        let et = 0,
          ef = 0;
        for (const v of xs) et += v * v;
        for (let k = 0; k < X.re.length; k++) {
          const p = X.re[k] * X.re[k] + X.im[k] * X.im[k];
          ef += k === 0 || 2 * k === n ? p : 2 * p; // conjugate symmetry: bins N−k mirror k
        }
        expect(Math.abs(ef / n - et)).toBeLessThanOrEqual(1e-10 * (et + 1e-300) + 1e-300);
      }),
      { numRuns: RUNS },
    );
  });

  it('linearity: rfft(a·x + b·y) = a·rfft(x) + b·rfft(y)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 600 }), sample, sample, fc.integer({ min: 0, max: 1e9 }), (n, a, b, seed) => {
        const rnd = (i: number) =>
          Math.sin(seed + i * 12.9898) * 43758.5453 - Math.floor(Math.sin(seed + i * 12.9898) * 43758.5453) - 0.5;
        const x = Float64Array.from({ length: n }, (_, i) => rnd(i));
        const y = Float64Array.from({ length: n }, (_, i) => rnd(i + n));
        const z = x.map((v, i) => a * v + b * y[i]);
        const X = rfft(x),
          Y = rfft(y),
          Z = rfft(z);
        let err = 0,
          mag = 0;
        for (let k = 0; k < Z.re.length; k++) {
          const er = Z.re[k] - (a * X.re[k] + b * Y.re[k]),
            ei = Z.im[k] - (a * X.im[k] + b * Y.im[k]);
          err = Math.max(err, Math.sqrt(er * er + ei * ei));
          mag = Math.max(
            mag,
            Math.abs(a) * Math.sqrt(X.re[k] ** 2 + X.im[k] ** 2) + Math.abs(b) * Math.sqrt(Y.re[k] ** 2 + Y.im[k] ** 2),
          );
        }
        expect(err).toBeLessThanOrEqual(1e-12 * mag + 1e-300);
      }),
      { numRuns: RUNS },
    );
  });

  it('time shift: the DFT of x circularly delayed by m is X_k·e^{−2πikm/N}', () => {
    fc.assert(
      fc.property(signalArb, fc.nat(), (xs, m0) => {
        const n = xs.length;
        const m = m0 % n;
        const shifted = xs.map((_, i) => xs[(i - m + n) % n]);
        const X = fft(xs),
          S = fft(shifted);
        let err = 0,
          mag = 0;
        for (let k = 0; k < n; k++) {
          const ang = (-2 * Math.PI * ((k * m) % n)) / n;
          const c = Math.cos(ang),
            s = Math.sin(ang);
          const er = S.re[k] - (X.re[k] * c - X.im[k] * s),
            ei = S.im[k] - (X.re[k] * s + X.im[k] * c);
          err = Math.max(err, Math.sqrt(er * er + ei * ei));
          mag = Math.max(mag, Math.sqrt(X.re[k] ** 2 + X.im[k] ** 2));
        }
        expect(err).toBeLessThanOrEqual(1e-11 * mag + 1e-300);
      }),
      { numRuns: RUNS },
    );
  });

  it('window normalisation: an on-line sine of amplitude A reads A/√2 (RMS) and A (peak) with every window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 16, max: 2048 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.constantFrom(...WINDOW_NAMES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, amp, phase, window, line) => {
          const k = 3 + Math.floor(line * (Math.floor(n / 2) - 6)); // keep 3 lines from DC and Nyquist
          const x = Float64Array.from({ length: n }, (_, i) => amp * Math.cos((2 * Math.PI * k * i) / n + phase));
          const rms = amplitudeSpectrum({ signal: x, samplingRateHz: n, window });
          const pk = amplitudeSpectrum({ signal: x, samplingRateHz: n, window, scaling: 'peak' });
          expect(rms.amplitude[k]).toBeCloseTo(amp / Math.SQRT2, 8);
          expect(pk.amplitude[k]).toBeCloseTo(amp, 8);
          expect(rms.amplitudeCorrection).toBeCloseTo(windowCorrection(window, n).amplitude, 12);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
