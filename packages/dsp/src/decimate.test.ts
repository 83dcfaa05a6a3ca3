import { describe, expect, it } from 'vitest';
import { decimate } from './decimate.ts';
import { firwinHammingLowpass } from './fir.ts';

describe('decimate', () => {
  it('factor 1 returns a copy', () => {
    const x = new Float64Array([1, 2, 3]);
    const y = decimate(x, 1);
    expect(Array.from(y)).toEqual([1, 2, 3]);
    expect(y).not.toBe(x);
  });
  it('output length is ⌈N/q⌉', () => {
    expect(decimate(new Float64Array(1001), 4).length).toBe(251);
    expect(decimate(new Float64Array(0), 3).length).toBe(0);
    expect(decimate([1, 2], 5).length).toBe(1);
  });
  it('keeps a DC level away from the edges and removes a tone above the new Nyquist', () => {
    const fs = 12000,
      q = 4,
      n = 4000;
    const x = Float64Array.from({ length: n }, (_, i) => 1 + 0.5 * Math.sin((2 * Math.PI * 2500 * i) / fs)); // 2.5 kHz > 1.5 kHz
    const y = decimate(x, q);
    for (let i = 20; i < y.length - 20; i++) expect(Math.abs(y[i] - 1)).toBeLessThan(2e-3);
  });
  it('passes a tone well below the new Nyquist with its amplitude', () => {
    const fs = 12000,
      q = 4,
      n = 4000;
    const x = Float64Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / fs));
    const y = decimate(x, q);
    for (let i = 20; i < y.length - 20; i++)
      expect(Math.abs(y[i] - Math.sin((2 * Math.PI * 100 * i * q) / fs))).toBeLessThan(3e-3); // firwin pass-band ripple;
  });
  it('rejects non-integer and < 1 factors', () => {
    expect(() => decimate([1, 2, 3], 0)).toThrow(RangeError);
    expect(() => decimate([1, 2, 3], 1.5)).toThrow(RangeError);
    expect(() => decimate([1, 2, 3], -2)).toThrow(RangeError);
  });
  it('firwin taps are symmetric and sum to 1 (scipy firwin(41, 0.5) centre tap 0.50059…)', () => {
    const h = firwinHammingLowpass(41, 0.5);
    expect(h.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 14);
    expect(h[20]).toBeCloseTo(0.5005906769851869, 14);
    for (let i = 0; i < 41; i++) expect(h[i]).toBeCloseTo(h[40 - i], 15);
  });
});
