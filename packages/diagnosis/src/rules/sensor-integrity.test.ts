import { describe, expect, test } from 'vitest';
import { baselineOfSignal, diagnoseMachine, faultsOf } from '../test-support/machine-run.ts';
import { axisSignal, gPeakForVelocity, kinematicsOf, measurement } from '../test-support/synthetic.ts';
import { checkSensorIntegrity } from './sensor-integrity.ts';
import { extractFeatures } from '../features/extract.ts';

const k = kinematicsOf();
const unbalance = { x: [{ hz: 25, g: gPeakForVelocity(5, 25) }], y: [{ hz: 25, g: gPeakForVelocity(5, 25) }] };

describe('sensor integrity', () => {
  test('a sound signal passes every axis', () => {
    const f = extractFeatures(measurement({}), k);
    expect(checkSensorIntegrity(f, { kinematics: k, baseline: null, falsePositives: [] })).toEqual({
      findings: [],
      soundAxes: ['x', 'y', 'z'],
    });
  });

  test('a signal clipped at the ±16 g range is sensor_clipping, and the clipped axis is read by no machine rule', () => {
    const sig = measurement(unbalance);
    const x = axisSignal(sig.x.length, sig.samplingRateHz, [{ hz: 25, g: 20 }], 0.01, 3);
    for (let i = 0; i < x.length; i++) x[i] = Math.max(-16, Math.min(16, x[i]!));
    const { findings } = diagnoseMachine({ ...sig, x }, k);
    expect(faultsOf(findings)).toEqual(['sensor_clipping', 'unbalance']);
    const clip = findings.find((f) => f.fault === 'sensor_clipping')!;
    expect(clip.evidence.map((e) => e.axis)).toEqual(['x']);
    expect(findings.find((f) => f.fault === 'unbalance')!.evidence[0]!.axis).toBe('y');
  });

  test('a ramp of the bias is sensor_dc_drift', () => {
    const sig = measurement({});
    const z = Float64Array.from(sig.z, (v, i) => v + (0.2 * i) / sig.z.length);
    const { findings, features } = diagnoseMachine({ ...sig, z }, k);
    expect(features.axes.z.time.driftG).toBeCloseTo(0.2, 2);
    expect(faultsOf(findings)).toEqual(['sensor_dc_drift']);
    expect(findings[0]!.evidence[0]!.axis).toBe('z');
  });

  test('a constant, a stuck or a repeated signal is sensor_flat_signal', () => {
    const sig = measurement({});
    const constant = new Float64Array(sig.x.length).fill(0.25);
    const stuck = Float64Array.from(sig.y);
    stuck.fill(stuck[5000]!, 5000, 9000);
    const repeated = Float64Array.from(sig.z);
    repeated.copyWithin(12000, 0, 12000);
    const { findings, features } = diagnoseMachine({ ...sig, x: constant, y: stuck, z: repeated }, k);
    expect(faultsOf(findings)).toEqual(['sensor_flat_signal']);
    expect(findings[0]!.evidence.map((e) => [e.axis, e.label])).toEqual([
      ['x', 'constant'],
      ['y', 'stuck'],
      ['z', 'repeated'],
    ]);
    expect(features.axes.y.time.stuckFraction).toBeCloseTo(4000 / 24000, 3);
    expect(features.axes.z.time.repeatedFraction).toBeGreaterThan(0.9);
    expect(features.axes.x.time.repeatedFraction).toBe(0);
  });

  test('a gravity vector turned by 30° against the baseline is sensor_placement_failure; the axes stay sound', () => {
    const baseline = baselineOfSignal(measurement({}), k);
    const moved = measurement({}, { gravity: [0, Math.sin(Math.PI / 6), Math.cos(Math.PI / 6)] });
    const { findings } = diagnoseMachine(moved, k, baseline);
    expect(faultsOf(findings)).toEqual(['sensor_placement_failure']);
    expect(findings[0]!.evidence[0]!.label).toBe('gravity-angle');
    expect(findings[0]!.evidence[0]!.amplitude).toBeCloseTo(30, 0);
    // 5° is within mounting repeatability
    const nudged = measurement({}, { gravity: [0, Math.sin(Math.PI / 36), Math.cos(Math.PI / 36)] });
    expect(faultsOf(diagnoseMachine(nudged, k, baseline).findings)).toEqual([]);
  });

  test('a temperature drop of 15 °C against the baseline is sensor_placement_failure, a rise is not', () => {
    const baseline = baselineOfSignal(measurement({}, { temperatureC: 45 }), k);
    expect(faultsOf(diagnoseMachine(measurement({}, { temperatureC: 30 }), k, baseline).findings)).toEqual([
      'sensor_placement_failure',
    ]);
    expect(faultsOf(diagnoseMachine(measurement({}, { temperatureC: 60 }), k, baseline).findings)).toEqual([]);
  });
});
