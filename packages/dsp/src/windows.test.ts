import { describe, expect, it } from 'vitest';
import { WINDOW_CORRECTION_NOMINAL, WINDOW_NAMES, windowCorrection, windowSamples } from './windows.ts';

describe('windows', () => {
  it('hanning N=4 is the periodic form [0, 0.5, 1, 0.5]', () => {
    expect(Array.from(windowSamples('hanning', 4)).map((v) => +v.toFixed(15))).toEqual([0, 0.5, 1, 0.5]);
  });
  it('exact coherent gains (Harris 1978): rect 1, hann 0.5, hamming 0.54, blackman 0.42, flattop 0.21557895', () => {
    const gains = { rectangular: 1, hanning: 0.5, hamming: 0.54, blackman: 0.42, flattop: 0.21557895 } as const;
    for (const name of WINDOW_NAMES) expect(1 / windowCorrection(name, 4096).amplitude).toBeCloseTo(gains[name], 12);
  });
  it('energy factors are close to the spec nominal values for rect / hanning / hamming', () => {
    for (const name of ['rectangular', 'hanning', 'hamming'] as const) {
      expect(Math.abs(windowCorrection(name, 1024).energy - WINDOW_CORRECTION_NOMINAL[name].energy)).toBeLessThan(0.005);
    }
  });
  it('nominal blackman / flattop amplitude factors differ from the exact ones (documented deviation)', () => {
    expect(WINDOW_CORRECTION_NOMINAL.blackman.amplitude * 0.42).toBeCloseTo(1.176, 3); // +17.6 %
    expect(WINDOW_CORRECTION_NOMINAL.flattop.amplitude * 0.21557895).toBeCloseTo(0.9011, 4); // −9.9 %
  });
  it('rejects unknown names and invalid lengths', () => {
    expect(() => windowSamples('kaiser' as never, 8)).toThrow(RangeError);
    expect(() => windowSamples('hanning', 0)).toThrow(RangeError);
    expect(() => windowSamples('hanning', 2.5)).toThrow(RangeError);
  });
  it('N = 1 is a single 1 for every window', () => {
    for (const name of WINDOW_NAMES) expect(Array.from(windowSamples(name, 1))).toEqual([1]);
  });
});
