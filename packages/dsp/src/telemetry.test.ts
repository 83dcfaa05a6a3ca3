import { describe, expect, it } from 'vitest';
import {
  clearanceFactor,
  computeTelemetry,
  crestFactor,
  grms,
  kurtosis,
  peak,
  peakToPeak,
  shapeFactor,
  skewness,
  timeStatistics,
  vrms,
} from './telemetry.ts';

const G = 9806.65;
const tone = (n: number, fs: number, parts: [amp: number, hz: number][], dc = 0) =>
  Float64Array.from({ length: n }, (_, i) => parts.reduce((s, [a, f]) => s + a * Math.sin((2 * Math.PI * f * i) / fs), dc));
const byName = (t: ReturnType<typeof computeTelemetry>) => Object.fromEntries(t.map((v) => [v.name, v]));

describe('computeTelemetry', () => {
  it('protocol §18.3 vendor fixture: fs 6000, N 12000, 100 Hz 1 g → GRMS 0.7071 g, VRMS 11.036 mm/s', () => {
    const t = byName(computeTelemetry(tone(12000, 6000, [[1, 100]]), 6000));
    expect(t.GRMS).toEqual({ name: 'GRMS', value: expect.closeTo(Math.SQRT1_2, 12), unit: 'g' });
    expect(t.VRMS.unit).toBe('mm/s');
    expect(t.VRMS.value).toBeCloseTo(11.036, 3);
    expect(t.VRMS.value).toBeCloseTo(G / (2 * Math.PI * 100 * Math.SQRT2), 9);
    expect(t.VRMS_ISO10816.value).toBeCloseTo(t.VRMS.value, 12);
  });
  it('returns the names in order with units (CREST_STAR left out below fs 3000 Hz)', () => {
    const t = computeTelemetry(tone(1000, 1000, [[1, 50]]), 1000);
    expect(t.map((v) => `${v.name}:${v.unit}`)).toEqual([
      'GRMS:g',
      'VRMS:mm/s',
      'VRMS_ISO10816:mm/s',
      'PEAK:g',
      'PEAK_TO_PEAK:g',
      'CREST:',
      'KURTOSIS:',
      'SKEWNESS:',
      'CLEARANCE:',
      'SHAPE_FACTOR:',
      'AUTO_CORRELATION:',
    ]);
    const t2 = computeTelemetry(tone(12000, 12000, [[1, 50]]), 12000);
    expect(t2.map((v) => v.name).slice(-2)).toEqual(['CREST_STAR', 'AUTO_CORRELATION']);
  });
  it('a sine on a 1 g gravity offset: crest √2, kurtosis 1.5, skewness 0, shape π/(2√2), peak A (mean removed)', () => {
    const x = tone(60000, 6000, [[0.5, 10]], 1); // 600 samples per period
    expect(peak(x)).toBeCloseTo(0.5, 12);
    expect(peakToPeak(x)).toBeCloseTo(1, 12);
    expect(grms(x)).toBeCloseTo(0.5 / Math.SQRT2, 12);
    expect(crestFactor(x)).toBeCloseTo(Math.SQRT2, 12);
    expect(kurtosis(x)).toBeCloseTo(1.5, 12);
    expect(Math.abs(skewness(x))).toBeLessThan(1e-12);
    expect(shapeFactor(x)).toBeCloseTo(Math.PI / (2 * Math.SQRT2), 4);
    expect(clearanceFactor(x)).toBeCloseTo(1.7188, 2); // 1 / (2/π ∫₀^{π/2} √sin)² for a sine
  });
  it('documented examples of the single-value functions', () => {
    expect(grms([1, -1, 1, -1])).toBe(1);
    expect(peak([1, 1, 4])).toBe(2);
    expect(peakToPeak([0.5, -0.25, 1])).toBe(1.25);
    expect(skewness([0, 0, 3])).toBeCloseTo(Math.SQRT1_2, 14);
    expect(clearanceFactor([1, -1])).toBe(1);
  });
  it('a constant record gives zeros, never NaN or Infinity', () => {
    for (const c of [0, 1.0000001, -0.3]) {
      const t = computeTelemetry(new Float64Array(1000).fill(c), 1000);
      for (const v of t) expect(v.value, v.name).toBe(0);
    }
    expect(timeStatistics([0.1, 0.1, 0.1]).meanG).toBe(0.1);
  });
  it('VRMS bands: 5 Hz counts for VRMS (2 Hz … fs/2) but not for VRMS_ISO10816 (10 … 1000 Hz); 2 kHz only for VRMS', () => {
    const fs = 25600,
      n = 25600; // 1 Hz lines
    const parts: [number, number][] = [
      [0.01, 5],
      [0.5, 100],
      [0.2, 2000],
    ];
    const v = (a: number, f: number) => ((a / Math.SQRT2) * G) / (2 * Math.PI * f);
    const x = tone(n, fs, parts);
    const t = byName(computeTelemetry(x, fs));
    expect(t.VRMS.value).toBeCloseTo(Math.hypot(v(0.01, 5), v(0.5, 100), v(0.2, 2000)), 9);
    expect(t.VRMS_ISO10816.value).toBeCloseTo(v(0.5, 100), 9);
    expect(vrms(x, fs, { lowHz: 1000, highHz: 3000 })).toBeCloseTo(v(0.2, 2000), 9);
    expect(vrms(x, fs, { lowHz: 100, highHz: 100 })).toBeCloseTo(v(0.5, 100), 9); // edges inclusive
  });
  it('throws RangeError for N < 2, invalid sampling rate or band', () => {
    expect(() => computeTelemetry([1], 1000)).toThrow(RangeError);
    expect(() => computeTelemetry([1, 2], 0)).toThrow(RangeError);
    expect(() => computeTelemetry([1, 2], NaN)).toThrow(RangeError);
    expect(() => vrms([1, 2, 3], 100, { lowHz: 30, highHz: 10 })).toThrow(RangeError);
    expect(() => timeStatistics([])).toThrow(RangeError);
  });
});
