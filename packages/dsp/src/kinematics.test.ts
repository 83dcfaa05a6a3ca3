import { describe, expect, it } from 'vitest';
import {
  BEARING_FAULTS,
  bearingFaultFrequenciesHz,
  bearingFrequencies,
  bearingFrequenciesFromOrders,
  beltFrequencyHz,
  gearMeshHz,
  harmonics,
  sidebands,
} from './kinematics.ts';

describe('bearingFrequencies', () => {
  it('CWRU drive-end SKF 6205 geometry reproduces the published multipliers within 0.02 % (data README)', () => {
    const f = bearingFrequencies({ shaftHz: 1, balls: 9, ballDiameter: 0.3126, pitchDiameter: 1.537 });
    const published = { BPFO: 3.5848, BPFI: 5.4152, FTF: 0.39828, '2xBSF': 4.7135 } as const;
    for (const [k, v] of Object.entries(published)) expect(Math.abs(f[k as keyof typeof f] - v) / v, k).toBeLessThan(2e-4);
    expect(f.BSF).toBeCloseTo(2.3567, 4);
  });
  it('CWRU fan-end 6203 and IMS ZA-2115 (15.17°) geometries match their multipliers', () => {
    const fe = bearingFrequencies({ shaftHz: 1, balls: 8, ballDiameter: 0.2656, pitchDiameter: 1.122 });
    expect(fe.BPFI).toBeCloseTo(4.9469, 3);
    expect(fe.BPFO).toBeCloseTo(3.053, 3);
    const ims = bearingFrequencies({ shaftHz: 1, balls: 16, ballDiameter: 0.331, pitchDiameter: 2.815, contactAngleDeg: 15.17 });
    expect(ims.BPFO).toBeCloseTo(7.0921, 3);
    expect(ims.BPFI).toBeCloseTo(8.9079, 3);
    expect(ims.FTF).toBeCloseTo(0.4433, 3);
    expect(ims.BSF).toBeCloseTo(4.1975, 3);
  });
  it('at 29.95 Hz: BPFI 162.19 Hz, BPFO 107.36 Hz; BPFO + BPFI = n·f_r; 2xBSF = 2·BSF', () => {
    const f = bearingFrequencies({ shaftHz: 29.95, balls: 9, ballDiameter: 0.3126, pitchDiameter: 1.537 });
    expect(f.BPFI).toBeCloseTo(162.186, 2);
    expect(f.BPFO).toBeCloseTo(107.364, 2);
    expect(f.BPFO + f.BPFI).toBeCloseTo(9 * 29.95, 10);
    expect(f['2xBSF']).toBe(2 * f.BSF);
  });
  it('from orders; invalid inputs throw RangeError', () => {
    const f = bearingFrequenciesFromOrders(29.95, { bpfo: 3.5848, bpfi: 5.4152, ftf: 0.39828, bsf: 2.3567 });
    expect(f.BPFI).toBeCloseTo(162.185, 3);
    expect(f['2xBSF']).toBeCloseTo(141.166, 3);
    expect(() => bearingFrequencies({ shaftHz: 30, balls: 0, ballDiameter: 1, pitchDiameter: 5 })).toThrow(RangeError);
    expect(() => bearingFrequencies({ shaftHz: 30, balls: 9, ballDiameter: 5, pitchDiameter: 1 })).toThrow(RangeError);
    expect(() => bearingFrequencies({ shaftHz: -1, balls: 9, ballDiameter: 1, pitchDiameter: 5 })).toThrow(RangeError);
    expect(() => bearingFrequencies({ shaftHz: 30, balls: 9, ballDiameter: 1, pitchDiameter: 5, contactAngleDeg: 90 })).toThrow(
      RangeError,
    );
    expect(() => bearingFrequenciesFromOrders(30, { bpfo: -1, bpfi: 1, ftf: 1, bsf: 1 })).toThrow(RangeError);
  });
});

describe('families, gear mesh, belt', () => {
  it('harmonics and sidebands', () => {
    expect(Array.from(harmonics(29.95, 3))).toEqual([29.95, 59.9, 29.95 * 3]);
    expect(harmonics(10, 0).length).toBe(0);
    expect(Array.from(sidebands(100, 10, 2))).toEqual([80, 90, 100, 110, 120]);
    expect(() => harmonics(10, 1.5)).toThrow(RangeError);
    expect(() => sidebands(100, -1, 2)).toThrow(RangeError);
  });
  it('gear mesh = teeth × shaft; belt = π·D·f / L', () => {
    expect(gearMeshHz(29.95, 32)).toBeCloseTo(958.4, 10);
    expect(beltFrequencyHz(29.95, 0.2, 1.6)).toBeCloseTo((Math.PI * 0.2 * 29.95) / 1.6, 12);
    expect(() => gearMeshHz(10, 0)).toThrow(RangeError);
    expect(() => beltFrequencyHz(10, 0, 1)).toThrow(RangeError);
  });
});

describe('bearingFaultFrequenciesHz', () => {
  it('are the kinematics frequencies (orders × shaft speed), keyed by order', () => {
    expect(BEARING_FAULTS).toEqual(['bpfo', 'bpfi', 'ftf', 'bsf']);
    const geometry = { balls: 9, ballDiameter: 0.3126, pitchDiameter: 1.537 };
    const o = bearingFrequencies({ shaftHz: 1, ...geometry });
    const atSpeed = bearingFrequencies({ shaftHz: 29.95, ...geometry });
    const hz = bearingFaultFrequenciesHz(29.95, { bpfo: o.BPFO, bpfi: o.BPFI, ftf: o.FTF, bsf: o.BSF });
    expect(hz.bpfo).toBeCloseTo(atSpeed.BPFO, 9);
    expect(hz.bpfi).toBeCloseTo(atSpeed.BPFI, 9);
    expect(hz.ftf).toBeCloseTo(atSpeed.FTF, 9);
    expect(hz.bsf).toBeCloseTo(atSpeed.BSF, 9);
    expect(hz.bpfo).toBeCloseTo(107.36, 2);
    expect(Object.keys(hz)).toEqual(['bpfo', 'bpfi', 'ftf', 'bsf']);
  });

  it('are none without orders or a positive finite speed, and skip zero, negative and non-finite orders', () => {
    expect(bearingFaultFrequenciesHz(30, null)).toEqual({});
    expect(bearingFaultFrequenciesHz(30, undefined)).toEqual({});
    expect(bearingFaultFrequenciesHz(0, { bpfo: 3, bpfi: 5, ftf: 0.4, bsf: 2 })).toEqual({});
    expect(bearingFaultFrequenciesHz(Number.NaN, { bpfo: 3 })).toEqual({});
    expect(bearingFaultFrequenciesHz(Infinity, { bpfo: 3 })).toEqual({});
    expect(bearingFaultFrequenciesHz(10, { bpfo: 3, bpfi: 0, ftf: 0.4, bsf: 0 })).toEqual({ bpfo: 30, ftf: 4 });
    expect(bearingFaultFrequenciesHz(10, { bpfo: -1, bpfi: Number.NaN, bsf: Infinity })).toEqual({});
  });
});
