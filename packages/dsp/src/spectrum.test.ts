import { describe, expect, it } from 'vitest';
import { amplitudeSpectrum } from './spectrum.ts';
import { grms } from './telemetry.ts';
import { syntheticSignal } from './test-signals.ts';
import { WINDOW_NAMES } from './windows.ts';

const G = 9806.65;
const tone = (n: number, fs: number, parts: [amp: number, hz: number, phase: number][], dc = 0) =>
  Float64Array.from({ length: n }, (_, i) =>
    parts.reduce((s, [a, f, p]) => s + a * Math.sin((2 * Math.PI * f * i) / fs + p), dc),
  );

describe('amplitudeSpectrum: an on-line sine reads its RMS A/√2 with every window', () => {
  for (const window of WINDOW_NAMES) {
    for (const [n, fs] of [
      [1000, 1000],
      [1001, 2002],
      [12000, 6000],
    ] as const) {
      it(`${window}, N=${n}, fs=${fs} Hz`, () => {
        const line = 50,
          f = (line * fs) / n,
          A = 0.8;
        const x = tone(n, fs, [[A, f, 0.4]], 1); // on a 1 g gravity offset
        const s = amplitudeSpectrum({ signal: x, samplingRateHz: fs, window });
        expect(s.unit).toBe('g');
        expect(s.frequencyHz[line]).toBeCloseTo(f, 10);
        expect(s.amplitude[line]).toBeCloseTo(A / Math.SQRT2, 12);
        expect(s.amplitude[0]).toBeLessThan(1e-12); // DC removed
        const v = amplitudeSpectrum({ signal: x, samplingRateHz: fs, window, mode: 'velocity' });
        expect(v.unit).toBe('mm/s');
        expect(v.amplitude[line]).toBeCloseTo(((A / Math.SQRT2) * G) / (2 * Math.PI * f), 9);
      });
    }
  }
  it('protocol §18.3 fixture: 100 Hz, 1 g, fs 6000, N 12000 → 0.7071 g and 11.036 mm/s', () => {
    const x = tone(12000, 6000, [[1, 100, 0]]);
    expect(amplitudeSpectrum({ signal: x, samplingRateHz: 6000 }).amplitude[200]).toBeCloseTo(0.70711, 5);
    expect(amplitudeSpectrum({ signal: x, samplingRateHz: 6000, mode: 'velocity' }).amplitude[200]).toBeCloseTo(11.0364, 4);
  });
  it('a Nyquist-frequency cosine (even N) reads its RMS A on the last line', () => {
    const x = Float64Array.from({ length: 64 }, (_, i) => 0.3 * Math.cos(Math.PI * i));
    const s = amplitudeSpectrum({ signal: x, samplingRateHz: 64, window: 'rectangular' });
    expect(s.frequencyHz[32]).toBe(32);
    expect(s.amplitude[32]).toBeCloseTo(0.3, 14);
  });
});

describe('amplitudeSpectrum: Parseval', () => {
  for (const n of [1000, 1001, 4096]) {
    it(`rectangular, N=${n}: Σ y_k² = GRMS²`, () => {
      const x = syntheticSignal(n);
      const s = amplitudeSpectrum({ signal: x, samplingRateHz: 25600, window: 'rectangular' });
      const sum = s.amplitude.reduce((acc, y) => acc + y * y, 0);
      expect(sum / grms(x) ** 2).toBeCloseTo(1, 12);
    });
  }
});

describe('amplitudeSpectrum: options', () => {
  it('velocity lines below 2 Hz and at DC are 0', () => {
    const n = 10000,
      fs = 1000; // 0.1 Hz lines
    const v = amplitudeSpectrum({
      signal: tone(n, fs, [
        [0.1, 1.5, 0],
        [0.1, 40, 0],
      ]),
      samplingRateHz: fs,
      mode: 'velocity',
    });
    for (let k = 0; k < 20; k++) expect(v.amplitude[k]).toBe(0);
    expect(v.amplitude[20]).toBeGreaterThan(0); // 2.0 Hz is kept (leakage of the 1.5 Hz tone)
    expect(v.amplitude[400]).toBeCloseTo(((0.1 / Math.SQRT2) * G) / (2 * Math.PI * 40), 9);
  });
  it('two-sided: fftfreq order, each ±f line reads A/2', () => {
    const n = 1000,
      fs = 1000,
      A = 0.6;
    const s = amplitudeSpectrum({ signal: tone(n, fs, [[A, 100, 0.2]]), samplingRateHz: fs, half: false, window: 'hamming' });
    expect(s.sides).toBe('two-sided');
    expect(s.frequencyHz.length).toBe(n);
    expect(s.frequencyHz[499]).toBe(499);
    expect(s.frequencyHz[500]).toBe(-500);
    expect(s.frequencyHz[999]).toBe(-1);
    expect(s.amplitude[100]).toBeCloseTo(A / 2, 12);
    expect(s.amplitude[900]).toBeCloseTo(A / 2, 12);
  });
  it('two-sided, odd N: the last positive line is (N−1)/2', () => {
    const s = amplitudeSpectrum({ signal: syntheticSignal(7), samplingRateHz: 7, half: false });
    expect(Array.from(s.frequencyHz)).toEqual([0, 1, 2, 3, -3, -2, -1]);
    expect(s.amplitude[1]).toBeCloseTo(s.amplitude[6], 14);
  });
  it('removeDc: false keeps the gravity line: DC reads the mean with the rectangular window', () => {
    const s = amplitudeSpectrum({
      signal: tone(1000, 1000, [[0.5, 50, 0]], 1),
      samplingRateHz: 1000,
      window: 'rectangular',
      removeDc: false,
    });
    expect(s.amplitude[0]).toBeCloseTo(1, 12);
  });
  it('exposes the exact amplitude correction and the line spacing', () => {
    const s = amplitudeSpectrum({ signal: syntheticSignal(1024), samplingRateHz: 25600, window: 'flattop' });
    expect(s.amplitudeCorrection).toBeCloseTo(4.638671818375588, 12);
    expect(s.resolutionHz).toBe(25);
    expect(s.window).toBe('flattop');
  });
  it('throws RangeError for N < 2, invalid sampling rates, unknown window or mode', () => {
    const x = syntheticSignal(16);
    expect(() => amplitudeSpectrum({ signal: [1], samplingRateHz: 100 })).toThrow(RangeError);
    for (const fs of [0, -1, NaN, Infinity])
      expect(() => amplitudeSpectrum({ signal: x, samplingRateHz: fs })).toThrow(RangeError);
    expect(() => amplitudeSpectrum({ signal: x, samplingRateHz: 100, window: 'kaiser' as never })).toThrow(RangeError);
    expect(() => amplitudeSpectrum({ signal: x, samplingRateHz: 100, mode: 'displacement' as never })).toThrow(RangeError);
  });
  it('N = 2 works', () => {
    const s = amplitudeSpectrum({ signal: [1, -1], samplingRateHz: 10, window: 'rectangular' });
    expect(Array.from(s.frequencyHz)).toEqual([0, 5]);
    expect(s.amplitude[1]).toBeCloseTo(1, 15);
  });
});
