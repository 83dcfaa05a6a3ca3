import { vrms, iso10816Zone } from '@overtone/dsp';
import { describe, expect, test } from 'vitest';
import { flattenFeatures } from '../baseline.ts';
import { axisSignal, gPeakForVelocity, kinematicsOf, measurement } from '../test-support/synthetic.ts';
import { extractFeatures } from './extract.ts';
import { estimateShaftSpeed } from './shaft-speed.ts';
import { extractSpectrumFeatures } from './spectrum-features.ts';
import { extractTimeFeatures } from './time-features.ts';

describe('time features', () => {
  test('a sine over whole periods on a 1 g offset: mean, r.m.s., crest, kurtosis; no impact, drift or flatness', () => {
    const x = axisSignal(12000, 12000, [{ hz: 50, g: 2 }], 0, 1, 1);
    const t = extractTimeFeatures(x, 12000, 16);
    expect(t.meanG).toBeCloseTo(1, 9);
    expect(t.rmsG).toBeCloseTo(Math.SQRT2, 6);
    expect(t.crest).toBeCloseTo(Math.SQRT2, 4);
    expect(t.kurtosis).toBeCloseTo(1.5, 4);
    expect(Math.abs(t.driftG)).toBeLessThan(0.1 * t.rmsG); // 3.125 periods per segment: small residue
    expect(t).toMatchObject({ clippedFraction: 0, stuckFraction: 0, repeatedFraction: 0, impactCount: 0 });
  });

  test('clipping counts samples within 1 % of the range; none without a range', () => {
    const x = new Float64Array(1000);
    for (let i = 0; i < 1000; i++) x[i] = i % 100 === 0 ? 7.95 : 0.001 * Math.sin(i);
    expect(extractTimeFeatures(x, 1000, 8).clippedFraction).toBeCloseTo(10 / 1000, 12);
    expect(extractTimeFeatures(x, 1000, 0).clippedFraction).toBe(0);
    expect(extractTimeFeatures(x, 1000, 9).clippedFraction).toBe(0);
  });

  test('impacts: count, rate and regularity of bursts every 50 ms', () => {
    const fs = 10000;
    const x = axisSignal(20000, fs, [], 0.01, 2);
    for (let s = 250; s < 20000; s += 500) x[s]! += 1;
    const t = extractTimeFeatures(x, fs, 16);
    expect(t.impactCount).toBe(40);
    expect(t.impactRateHz).toBeCloseTo(20, 6);
    expect(t.impactRegularity).toBe(1);
  });
});

describe('spectrum features', () => {
  const k = kinematicsOf();

  test('ISO-band velocity equals the rectangular-window r.m.s. of @overtone/dsp; its zone matches', () => {
    const x = axisSignal(
      24000,
      12000,
      [
        { hz: 25.3, g: 0.1 },
        { hz: 131.7, g: 0.3 },
        { hz: 2000, g: 1 },
      ],
      0.01,
      4,
    );
    const s = extractSpectrumFeatures(x, 12000, 25, k);
    const ref = vrms(x, 12000, { lowHz: 10, highHz: 1000 });
    expect(s.vrmsIsoMmPerS).toBeCloseTo(ref, 1);
    expect(Math.abs(s.vrmsIsoMmPerS / ref - 1)).toBeLessThan(0.01);
    expect(s.isoZone).toBe(iso10816Zone(ref, 'II'));
  });

  test('order lines read the sine r.m.s. in mm/s and g off the bin grid, with a floor well below', () => {
    // 1× at 25.13 Hz (a quarter bin off), 3 mm/s; 2× 1 mm/s
    const f = 25.13;
    const x = axisSignal(
      24000,
      12000,
      [
        { hz: f, g: gPeakForVelocity(3, f) },
        { hz: 2 * f, g: gPeakForVelocity(1, 2 * f) },
      ],
      0.001,
      5,
    );
    const s = extractSpectrumFeatures(x, 12000, 25, k);
    const o = s.orders!;
    expect(o.o1.hz).toBeCloseTo(f, 1);
    expect(o.o1.mmPerS).toBeCloseTo(3, 1);
    expect(o.o1.g).toBeCloseTo(gPeakForVelocity(3, f) / Math.SQRT2, 3);
    expect(o.o2.mmPerS).toBeCloseTo(1, 1);
    expect(o.o1.floorMmPerS).toBeLessThan(0.01);
    expect(o.o3.mmPerS).toBeLessThan(0.02);
    expect(s.peaks.p1.hz).toBe(0); // nothing unexplained
  });
});

describe('shaft speed', () => {
  const tones = (f: number) => [
    { hz: f, g: gPeakForVelocity(3, f) },
    { hz: 2 * f, g: gPeakForVelocity(1, 2 * f) },
    { hz: 3 * f, g: gPeakForVelocity(0.5, 3 * f) },
  ];

  test('a fixed reference speed is used as given', () => {
    expect(estimateShaftSpeed(measurement({ x: tones(26.3) }), kinematicsOf())).toEqual({ hz: 25, source: 'reference' });
  });

  test('a variable speed is estimated within ±10 % of the nominal one', () => {
    const s = estimateShaftSpeed(measurement({ x: tones(26.3), y: tones(26.3) }), kinematicsOf({ shaftSpeedVariable: true }));
    expect(s.source).toBe('estimated');
    expect(s.hz!).toBeCloseTo(26.3, 1);
  });

  test('without a nominal speed the 1×-2×-3× family is found within 5…100 Hz', () => {
    const s = estimateShaftSpeed(measurement({ y: tones(37.2) }), kinematicsOf({ shaftHz: null, shaftSpeedVariable: true }));
    expect(s.source).toBe('estimated');
    expect(s.hz!).toBeCloseTo(37.2, 1);
  });

  test('noise alone gives no speed', () => {
    expect(estimateShaftSpeed(measurement({}), kinematicsOf({ shaftSpeedVariable: true }))).toEqual({ hz: null, source: 'none' });
  });
});

describe('feature keys', () => {
  test('flattened keys are the same for two measurements of a point and survive JSON', () => {
    const k = kinematicsOf({
      gearMeshes: [{ meshOrder: 20, shaftOrders: [1, 0.5] }],
      electricMotor: true,
      belt: { drivenShaftOrder: 0.6, beltLengthM: 2 },
    });
    const a = extractFeatures(measurement({ x: [{ hz: 25, g: 0.1 }] }), k);
    const b = extractFeatures(measurement({ y: [{ hz: 143, g: 0.5 }] }, { noiseG: 0.05 }), k);
    const ka = [...flattenFeatures(a).keys()].sort();
    expect(ka).toEqual([...flattenFeatures(b).keys()].sort());
    expect(ka).toContain('x.spectrum.orders.o1.mmPerS');
    expect(ka).toContain('y.spectrum.gear.m1.h2.sidebandsAG');
    expect(ka).toContain('z.time.meanG');
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(JSON.stringify(a).length).toBeLessThan(30000);
  });
});
