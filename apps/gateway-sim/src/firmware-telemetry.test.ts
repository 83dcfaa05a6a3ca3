import { describe, expect, it } from 'vitest';
import { axisStatistics, firmwareTelemetry } from './firmware-telemetry.ts';

/**
 * Reference values from numpy 1.x / scipy.stats (legacy definitions of protocol §6.3):
 *   x = np.array([0.5, -0.25, 1.0, 0.125, -0.75, 2.0]); m = x.mean(); m2 = ((x - m)**2).mean()
 *   sum = x.sum(); peak = abs(x).max(); grms = sqrt(m2); crest = peak / grms
 *   clearance = peak / mean(sqrt(abs(x)))**2; kurtosis = scipy.stats.kurtosis(x, fisher=False)
 *   skewness = scipy.stats.skew(x); peak_to_peak = x.max() - x.min()
 */
const x = [0.5, -0.25, 1.0, 0.125, -0.75, 2.0];
const ref = {
  sum: 2.625,
  peak: 2.0,
  grms: 0.8890245122229945,
  crest: 2.2496567558064573,
  clearance: 3.072418902450558,
  kurtosis: 2.2096979500555025,
  skewness: 0.46558999991463945,
  peakToPeak: 2.75,
};

describe('legacy firmware telemetry', () => {
  it('matches numpy/scipy on a small vector (relative 1e-12)', () => {
    const s = axisStatistics(x);
    for (const [k, v] of Object.entries(ref)) expect(s[k as keyof typeof ref], k).toBeCloseTo(v, 12);
  });

  it('PEAK and SUM keep the DC offset; GRMS, kurtosis and skewness do not see it', () => {
    const s = axisStatistics(x.map((v) => v + 1));
    expect(s.peak).toBe(3);
    expect(s.sum).toBeCloseTo(ref.sum + 6, 12);
    expect(s.grms).toBeCloseTo(ref.grms, 12);
    expect(s.kurtosis).toBeCloseTo(ref.kurtosis, 12);
    expect(s.skewness).toBeCloseTo(ref.skewness, 12);
  });

  it('a constant signal gives 0 for the undefined ratios instead of NaN or Infinity (null in JSON)', () => {
    const s = axisStatistics([0.5, 0.5, 0.5]);
    expect(s).toMatchObject({ grms: 0, crest: 0, kurtosis: 0, skewness: 0, peakToPeak: 0 });
  });

  it('lists entries in the firmware order with [x, y, z] values and a scalar TEMPERATURE', () => {
    const t = firmwareTelemetry({ x, y: x.map((v) => -v), z: x }, 31.5);
    expect(t.map((e) => e.NAME)).toEqual([
      'CLEARANCE',
      'CREST',
      'GRMS',
      'KURTOSIS',
      'SKEWNESS',
      'PEAK',
      'SUM',
      'PEAK_TO_PEAK',
      'TEMPERATURE',
    ]);
    expect(t.find((e) => e.NAME === 'SKEWNESS')!.VALUE).toEqual(
      [ref.skewness, -ref.skewness, ref.skewness].map((v) => expect.closeTo(v, 12)),
    );
    expect(t.at(-1)!.VALUE).toBe(31.5);
  });
});
