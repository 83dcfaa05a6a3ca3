import { describe, expect, it } from 'vitest';
import {
  availableFaults,
  bandpassLimits,
  defaultEnvelopeBand,
  FAULT_HARMONIC_COUNT,
  faultHarmonicsHz,
  MAX_FAULT_HARMONICS,
} from './envelopeMath';

describe('bandpassLimits', () => {
  it('runs from 100 Hz to fs/2 − 50', () => {
    expect(bandpassLimits(25600)).toEqual({ min: 100, max: 12750 });
    expect(bandpassLimits(3200)).toEqual({ min: 100, max: 1550 });
  });

  it('is null when the sampling rate leaves no band', () => {
    expect(bandpassLimits(300)).toBeNull();
    expect(bandpassLimits(0)).toBeNull();
    expect(bandpassLimits(Number.NaN)).toBeNull();
  });
});

describe('defaultEnvelopeBand', () => {
  it('is [500, min(6000, fs/2 − 50)]', () => {
    expect(defaultEnvelopeBand(25600)).toEqual([500, 6000]);
    expect(defaultEnvelopeBand(3200)).toEqual([500, 1550]);
  });

  it('starts at the slider minimum when 500 Hz is above the top of the band', () => {
    expect(defaultEnvelopeBand(1000)).toEqual([100, 450]);
    expect(defaultEnvelopeBand(200)).toBeNull();
  });
});

describe('faultHarmonicsHz', () => {
  it('gives k · order · reference frequency for k = 1…5', () => {
    expect(faultHarmonicsHz(3.5, 25)).toEqual([87.5, 175, 262.5, 350, 437.5]);
    expect(faultHarmonicsHz(0.4, 10, 2)).toEqual([4, 8]);
  });

  it('marks 5 harmonics by default and up to 10 (spec 002 §9)', () => {
    expect(faultHarmonicsHz(3.585, 25)).toHaveLength(FAULT_HARMONIC_COUNT);
    const ten = faultHarmonicsHz(3.585, 25, MAX_FAULT_HARMONICS);
    expect(ten).toHaveLength(10);
    expect(ten[9]).toBeCloseTo(10 * 3.585 * 25, 9);
  });

  it('is empty without a positive order or reference frequency', () => {
    expect(faultHarmonicsHz(0, 25)).toEqual([]);
    expect(faultHarmonicsHz(3.5, 0)).toEqual([]);
    expect(faultHarmonicsHz(Number.NaN, 25)).toEqual([]);
  });
});

describe('availableFaults', () => {
  const bearing = { bpfo: 3.58, bpfi: 5.42, bsf: 2.36, ftf: 0.4 };
  it('offers all four with a bearing and a reference frequency', () => {
    expect(availableFaults(bearing, 24.5)).toEqual(['bpfo', 'bpfi', 'ftf', 'bsf']);
  });
  it('offers none without a bearing or reference frequency, and skips zero orders', () => {
    expect(availableFaults(null, 24.5)).toEqual([]);
    expect(availableFaults(bearing, 0)).toEqual([]);
    expect(availableFaults({ ...bearing, ftf: 0 }, 24.5)).toEqual(['bpfo', 'bpfi', 'bsf']);
  });
});
