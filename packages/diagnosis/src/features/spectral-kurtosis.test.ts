import { rfft } from '@overtone/dsp';
import { describe, expect, it } from 'vitest';
import { bearingFaultSignal, gaussianNoise } from '../test-support/bearing-signals.ts';
import { bandSpectralKurtosis, bestBand, fastLength, kurtogram, maximumSpectralKurtosisBand } from './spectral-kurtosis.ts';

const FS = 12000;
const N = 24000;

describe('spectral kurtosis', () => {
  it('chooses the band of the resonance that periodic impulses excite under Gaussian noise', () => {
    // 107 Hz impacts ringing a 3 kHz resonance; noise r.m.s. as large as the impacts' ringing peak
    const x = bearingFaultSignal({
      samples: N,
      samplingRateHz: FS,
      faultHz: 107.3,
      resonanceHz: 3000,
      impulseG: 1,
      noiseG: 0.5,
      seed: 3,
    });
    const band = maximumSpectralKurtosisBand(x, FS, { minLowHz: 500, minWidthHz: 500 })!;
    expect(band.loHz).toBeLessThanOrEqual(3000);
    expect(band.hiHz).toBeGreaterThanOrEqual(3000);
    expect(band.sk).toBeGreaterThan(3.72 * band.skStd); // significant at 10⁻⁴ (Antoni 2006 §4)
  });

  it('is about 0 for Gaussian noise, within its statistical spread in every band', () => {
    const x = gaussianNoise(N, 1, 11);
    const bands = kurtogram(rfft(x), N, FS, { minWidthHz: 500 });
    expect(bands.length).toBeGreaterThan(20);
    for (const b of bands) expect(Math.abs(b.sk)).toBeLessThan(4.5 * b.skStd);
    const mean = bands.reduce((s, b) => s + b.sk, 0) / bands.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    // even the maximum stays below the 10⁻⁴ significance level of its band
    const best = bestBand(bands)!;
    expect(best.sk).toBeLessThan(3.72 * best.skStd);
  });

  it('is −1 for a pure tone (constant envelope)', () => {
    const x = new Float64Array(N);
    for (let i = 0; i < N; i++) x[i] = Math.sin((2 * Math.PI * 2000 * i) / FS);
    const X = rfft(x);
    expect(bandSpectralKurtosis(X, 3000, 5000)).toBeCloseTo(-1, 6); // 1500 … 2500 Hz
  });

  it('skips bands below minLowHz, above maxHighHz and narrower than minWidthHz', () => {
    const bands = kurtogram(rfft(gaussianNoise(N, 1, 2)), N, FS, { minLowHz: 1000, maxHighHz: FS / 2.56, minWidthHz: 700 });
    expect(bands.length).toBeGreaterThan(3);
    for (const b of bands) {
      expect(b.loHz).toBeGreaterThanOrEqual(1000);
      expect(b.hiHz).toBeLessThanOrEqual(FS / 2.56);
      expect(b.hiHz - b.loHz).toBeGreaterThanOrEqual(700);
      expect(b.skStd).toBeCloseTo(2 / Math.sqrt(b.samples), 12);
    }
    expect(kurtogram(rfft(gaussianNoise(N, 1, 2)), N, FS, { minLowHz: 5900 })).toEqual([]);
  });

  it('rejects too short signals and invalid rates', () => {
    expect(() => maximumSpectralKurtosisBand(new Float64Array(100), FS)).toThrow(RangeError);
    expect(() => maximumSpectralKurtosisBand(new Float64Array(1000), 0)).toThrow(RangeError);
  });

  it('fastLength gives the smallest 2^a·3^b·5^c at or above n', () => {
    expect(fastLength(7)).toBe(8);
    expect(fastLength(3000)).toBe(3000);
    expect(fastLength(3001)).toBe(3072);
    expect(fastLength(1)).toBe(1);
  });
});
