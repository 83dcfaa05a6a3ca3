import { describe, expect, test } from 'vitest';
import * as baselineModule from '../baseline.ts';
import { extractFeatures } from '../features/extract.ts';
import { baselineOfSignal, diagnoseMachine, faultsOf } from '../test-support/machine-run.ts';
import { gPeakForVelocity, kinematicsOf, measurement } from '../test-support/synthetic.ts';

const shaft = 25;
const v = (mmPerS: number, order: number) => ({ hz: order * shaft, g: gPeakForVelocity(mmPerS, order * shaft) });

describe('shaft rules on physics-built signals', () => {
  test('noise only raises nothing', () => {
    for (const noiseG of [0.002, 0.02]) {
      const { findings } = diagnoseMachine(measurement({}, { noiseG }), kinematicsOf());
      expect(faultsOf(findings)).toEqual([]);
    }
  });

  test('noise only raises nothing with every kinematic rule enabled, without and against a baseline of other noise', () => {
    const k = kinematicsOf({
      shaftSpeedVariable: true,
      gearMeshes: [{ meshOrder: 20, shaftOrders: [1, 0.5] }],
      belt: { drivenShaftOrder: 0.6, beltLengthM: 2 },
      electricMotor: true,
      pump: true,
      bearing: { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.3567, ftf: 0.39828 },
    });
    const run = (seed: number) => measurement({ x: [v(1, 1)], y: [v(1, 1)] }, { noiseG: 0.01, seed });
    const { learnBaseline } = baselineModule;
    const baseline = learnBaseline([1, 2, 3, 4, 5].map((s) => extractFeatures(run(s), k)))!;
    for (const seed of [6, 7, 8]) {
      expect(faultsOf(diagnoseMachine(run(seed), k).findings)).toEqual([]);
      expect(faultsOf(diagnoseMachine(run(seed), k, baseline).findings)).toEqual([]);
    }
  });

  test('a radial 1× of 5 mm/s (zone C) is unbalance, hazard, with the 1× as evidence', () => {
    const sig = measurement({ x: [v(5, 1), v(0.4, 2)], y: [{ ...v(5, 1), phase: Math.PI / 2 }], z: [v(0.8, 1)] });
    const { findings } = diagnoseMachine(sig, kinematicsOf());
    expect(faultsOf(findings)).toEqual(['unbalance']);
    const f = findings[0]!;
    expect(f.severity).toBe('hazard');
    expect(f.rule).toBe('shaft.unbalance');
    const line = f.evidence[0]!;
    expect(line.kind).toBe('1X');
    expect(line.frequencyHz).toBeCloseTo(25, 1);
    expect(line.order).toBeCloseTo(1, 2);
    expect(line.amplitude).toBeGreaterThan(4.7);
    expect(line.amplitude).toBeLessThan(5.3);
    expect(['x', 'y']).toContain(line.axis);
  });

  test('the same 1× in zone A is no fault without a baseline, and unbalance once it grew over the baseline', () => {
    const healthy = measurement({ x: [v(0.5, 1)], y: [v(0.5, 1)] });
    expect(faultsOf(diagnoseMachine(healthy, kinematicsOf()).findings)).toEqual([]);
    const k = kinematicsOf();
    const baseline = baselineOfSignal(healthy, k);
    const grown = measurement({ x: [v(2.2, 1)], y: [v(2.2, 1)] });
    const { findings } = diagnoseMachine(grown, k, baseline);
    expect(faultsOf(findings)).toEqual(['unbalance']);
    expect(findings[0]!.evidence[0]!.baselineAmplitude).toBeCloseTo(0.5, 1);
  });

  test('2× above 1× with an axial 2× is misalignment', () => {
    const sig = measurement({ x: [v(3, 1), v(4, 2)], y: [v(3, 1), v(3.5, 2)], z: [v(1, 1), v(3, 2)] });
    const { findings } = diagnoseMachine(sig, kinematicsOf());
    expect(faultsOf(findings)).toEqual(['misalignment']);
    const kinds = findings[0]!.evidence.map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['2X', '1X']);
    expect(findings[0]!.evidence.some((e) => e.axis === 'z' && e.label === 'axial')).toBe(true);
  });

  test('without an axial reading 2× must reach 1×; a low axial 2× is no misalignment', () => {
    const sig = measurement({ x: [v(4, 1), v(3, 2)], y: [v(4, 1), v(3, 2)], z: [v(0.3, 1), v(0.3, 2)] });
    expect(faultsOf(diagnoseMachine(sig, kinematicsOf()).findings)).not.toContain('misalignment');
    expect(faultsOf(diagnoseMachine(sig, kinematicsOf({ axialAxis: null })).findings)).not.toContain('misalignment');
  });

  test('a harmonic comb with half orders is mechanical looseness, not unbalance or misalignment', () => {
    const tones = [v(2, 1), ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => v(1.2, k)), v(1, 0.5), v(1, 1.5), v(1, 2.5)];
    const sig = measurement({ x: tones, y: tones });
    const { findings } = diagnoseMachine(sig, kinematicsOf());
    expect(faultsOf(findings)).toEqual(['mechanical-looseness']);
    expect(findings[0]!.evidence.some((e) => e.kind === '0.5X')).toBe(true);
  });
});
