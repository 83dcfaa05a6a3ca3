import { describe, expect, test } from 'vitest';
import { diagnoseMachine, faultsOf } from '../test-support/machine-run.ts';
import { gPeakForVelocity, kinematicsOf, measurement, modulated } from '../test-support/synthetic.ts';

describe('drive-train rules on physics-built signals', () => {
  // 25 Hz pinion of 20 teeth meshing a 40-tooth gear (12.5 Hz): mesh 500 Hz
  const gearKinematics = kinematicsOf({ gearMeshes: [{ meshOrder: 20, shaftOrders: [1, 0.5] }] });

  test('a mesh line amplitude-modulated at the pinion speed is gear_failure with GMF and sidebands', () => {
    const tones = modulated(500, 0.3, 25, 1.2);
    const { findings, features } = diagnoseMachine(measurement({ x: tones, y: tones }), gearKinematics);
    expect(faultsOf(findings)).toEqual(['gear_failure']);
    const m = features.axes.x.spectrum.gear!.m1!.h1;
    expect(m.line.hz).toBeCloseTo(500, 0);
    expect(m.line.g).toBeCloseTo(0.3 / Math.SQRT2, 2);
    expect(m.sidebandsAPresent).toBe(4);
    expect(findings[0]!.evidence[0]!.kind).toBe('GMF');
    expect(findings[0]!.evidence[1]!.kind).toBe('SIDEBAND');
  });

  test('a clean mesh line (sound gear) is no fault, nor is the pattern without gear data', () => {
    const clean = measurement({ x: [{ hz: 500, g: 0.3 }], y: [{ hz: 500, g: 0.3 }] });
    expect(faultsOf(diagnoseMachine(clean, gearKinematics).findings)).toEqual([]);
    const tones = modulated(500, 0.3, 25, 1.2);
    expect(faultsOf(diagnoseMachine(measurement({ x: tones }), kinematicsOf()).findings)).not.toContain('gear_failure');
  });

  test('a dominant 2× mains line on a motor is electrical_fault with pole-pass sidebands', () => {
    // 4-pole motor on 50 Hz at 24.6 Hz: slip 0.4 Hz, pole pass 1.6 Hz; 2× mains 100 Hz clear of 4× (98.4 Hz)
    const f = 24.6;
    const tones = [
      { hz: f, g: gPeakForVelocity(1, f) },
      { hz: f - 1.6, g: gPeakForVelocity(0.5, f - 1.6) },
      { hz: f + 1.6, g: gPeakForVelocity(0.5, f + 1.6) },
      { hz: 100, g: gPeakForVelocity(5, 100) },
    ];
    const sig = measurement({ x: tones, y: tones }, { n: 48000 });
    const k = kinematicsOf({ shaftHz: f, electricMotor: true });
    const { findings } = diagnoseMachine(sig, k);
    expect(faultsOf(findings)).toEqual(['electrical_fault']);
    expect(findings[0]!.evidence.map((e) => e.kind)).toEqual(['MAINS_2X', 'POLE_PASS', 'ISO10816']);
    expect(findings[0]!.evidence[0]!.frequencyHz).toBeCloseTo(100, 1);
    expect(Math.abs(findings[0]!.evidence[1]!.frequencyHz! - f)).toBeCloseTo(1.6, 1);
    expect(findings[0]!.evidence[1]!.label).toBe('pole-pass:1.60Hz');
    // the same signal on a machine that is not a motor: no electrical rule
    expect(faultsOf(diagnoseMachine(sig, kinematicsOf({ shaftHz: f })).findings)).not.toContain('electrical_fault');
  });

  test('2× mains that coincides with a running-speed harmonic is not called electrical', () => {
    const f = 25; // 4× = 100 Hz = 2× mains
    const sig = measurement({ x: [{ hz: 100, g: gPeakForVelocity(5, 100) }] });
    expect(faultsOf(diagnoseMachine(sig, kinematicsOf({ shaftHz: f, electricMotor: true })).findings)).not.toContain(
      'electrical_fault',
    );
  });

  test('a sub-synchronous belt line with harmonics on a belt drive is pulley_and_belt', () => {
    const fb = 9; // belt frequency below both pulleys (25 Hz, driven 0.6× = 15 Hz)
    const tones = [
      { hz: 25, g: gPeakForVelocity(1, 25) },
      { hz: fb, g: gPeakForVelocity(4, fb) },
      { hz: 2 * fb, g: gPeakForVelocity(3, 2 * fb) },
    ];
    const k = kinematicsOf({ belt: { drivenShaftOrder: 0.6, beltLengthM: 2 } });
    const { findings } = diagnoseMachine(measurement({ x: tones, y: tones }), k);
    expect(faultsOf(findings)).toContain('pulley_and_belt');
    const belt = findings.find((f) => f.fault === 'pulley_and_belt')!;
    expect(belt.evidence[0]!.kind).toBe('BELT');
    expect(belt.evidence[0]!.frequencyHz).toBeCloseTo(fb, 0);
  });
});
