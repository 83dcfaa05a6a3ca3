import { describe, expect, it } from 'vitest';
import { bandpassLimits, defaultEnvelopeBand } from './envelopeMath';

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
