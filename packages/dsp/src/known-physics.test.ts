/**
 * Known physics on real recordings (CWRU Bearing Data Center, 12 kHz drive end, 0 hp, 1797/1796
 * r/min, shaft 29.95 Hz; ../shared/data/vibration/README.md): the envelope spectrum's strongest
 * line (above 5 Hz, default band 0…6000 Hz clipped to fs/2, xlim 2500 Hz) lies within 1 % of the
 * seeded fault's kinematic frequency, BPFI = 5.4152 × 29.95 = 162.2 Hz for record 105 (inner race)
 * and BPFO = 3.5848 × 29.95 = 107.3 Hz for record 130 (outer race @6:00). A healthy-like
 * cross-check: record 105's strongest line is not near BPFO, and 130's not near BPFI.
 */
import { describe, expect, it } from 'vitest';
import { readF32 } from '../test/reference/fixtures.ts';
import { envelopeSpectrum } from './envelope.ts';
import { bearingFrequencies } from './kinematics.ts';

const SHAFT_HZ = 29.95;
const f6205 = bearingFrequencies({ shaftHz: SHAFT_HZ, balls: 9, ballDiameter: 0.3126, pitchDiameter: 1.537 });

function strongestLineHz(stem: string): number {
  const e = envelopeSpectrum({ signal: readF32('cwru', stem), samplingRateHz: 12000 });
  let best = -1;
  for (let k = 0; k < e.amplitude.length; k++)
    if (e.frequencyHz[k] > 5 && (best < 0 || e.amplitude[k] > e.amplitude[best])) best = k;
  return e.frequencyHz[best];
}

describe('envelope spectrum of real bearing faults (CWRU)', () => {
  it('record 105 DE (inner race): strongest line within 1 % of BPFI 162.2 Hz', () => {
    expect(f6205.BPFI).toBeCloseTo(162.2, 1);
    const f = strongestLineHz('cwru_105_IR007_0HP_DE');
    expect(Math.abs(f - 162.2) / 162.2).toBeLessThan(0.01);
    expect(Math.abs(f - f6205.BPFO) / f6205.BPFO).toBeGreaterThan(0.05);
  });
  it('record 130 DE (outer race): strongest line within 1 % of BPFO 107.3 Hz', () => {
    expect(f6205.BPFO).toBeCloseTo(107.36, 1);
    const f = strongestLineHz('cwru_130_OR007at6_0HP_DE');
    expect(Math.abs(f - 107.3) / 107.3).toBeLessThan(0.01);
    expect(Math.abs(f - f6205.BPFI) / f6205.BPFI).toBeGreaterThan(0.05);
  });
});
