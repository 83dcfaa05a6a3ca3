import { describe, expect, test } from 'vitest';
import { baselineOfSignal, diagnoseMachine, faultsOf } from '../test-support/machine-run.ts';
import { axisSignal, gPeakForVelocity, kinematicsOf, measurement } from '../test-support/synthetic.ts';

describe('broadband rules on physics-built signals', () => {
  test('two sines 0.3 Hz apart (a beat) are beat_phenomenon with the beat frequency', () => {
    // 10 s at 2560 Hz: three beats of 1/0.3 s; 5 and 4 mm/s → depth 4/5
    const tones = [
      { hz: 25, g: gPeakForVelocity(5, 25) },
      { hz: 25.3, g: gPeakForVelocity(4, 25.3) },
    ];
    const sig = measurement({ x: tones, y: tones }, { n: 25600, fs: 2560 });
    const { findings, features } = diagnoseMachine(sig, kinematicsOf());
    expect(features.axes.x.spectrum.beat.depth).toBeGreaterThan(0.6);
    expect(features.axes.x.spectrum.beat.beatHz).toBeCloseTo(0.3, 1);
    const beat = findings.find((f) => f.fault === 'beat_phenomenon');
    expect(beat).toBeDefined();
    expect(beat!.evidence[1]!.frequencyHz).toBeCloseTo(0.3, 1);
    // one steady sine of the same energy: no beat
    const steady = measurement({ x: [{ hz: 25, g: gPeakForVelocity(6.4, 25) }] }, { n: 25600, fs: 2560 });
    const s = diagnoseMachine(steady, kinematicsOf());
    expect(s.features.axes.x.spectrum.beat.depth).toBeLessThan(0.1);
    expect(faultsOf(s.findings)).not.toContain('beat_phenomenon');
  });

  test('a dominant line off every kinematic frequency (zone C) is resonance', () => {
    const sig = measurement({
      x: [
        { hz: 25, g: gPeakForVelocity(0.5, 25) },
        { hz: 143, g: gPeakForVelocity(5, 143) },
      ],
    });
    const { findings } = diagnoseMachine(sig, kinematicsOf());
    expect(faultsOf(findings)).toEqual(['resonance']);
    expect(findings[0]!.evidence[0]!.kind).toBe('RESONANCE');
    expect(findings[0]!.evidence[0]!.frequencyHz).toBeCloseTo(143, 0);
    // the same line at 6× is explained by the kinematics: not resonance
    const at6x = measurement({ x: [{ hz: 150, g: gPeakForVelocity(5, 150) }] });
    expect(faultsOf(diagnoseMachine(at6x, kinematicsOf()).findings)).not.toContain('resonance');
  });

  test('periodic impacts at a rate off the bearing lines are impacting_failure', () => {
    const fs = 12000,
      n = 24000;
    const x = axisSignal(n, fs, [], 0.01, 5);
    // a decaying 3 kHz burst of 1 g every 1/7.3 s (not a bearing line of the test bearing)
    const period = Math.round(fs / 7.3);
    for (let start = 100; start < n; start += period)
      for (let i = 0; i < 120 && start + i < n; i++) x[start + i]! += Math.exp(-i / 20) * Math.sin((2 * Math.PI * 3000 * i) / fs);
    const sig = { ...measurement({}), x };
    const bearing = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.3567, ftf: 0.39828 };
    const { findings, features } = diagnoseMachine(sig, kinematicsOf({ bearing }));
    expect(features.axes.x.time.impactRegularity).toBeGreaterThanOrEqual(0.8);
    expect(features.axes.x.time.impactRateHz).toBeCloseTo(7.3, 0);
    expect(faultsOf(findings)).toEqual(['impacting_failure']);
    // the same impacts at BPFO·25 Hz/… belong to the bearing rules
    const y = axisSignal(n, fs, [], 0.01, 6);
    const p2 = Math.round(fs / (3.5848 * 25));
    for (let start = 50; start < n; start += p2)
      for (let i = 0; i < 60 && start + i < n; i++) y[start + i]! += Math.exp(-i / 10) * Math.sin((2 * Math.PI * 3000 * i) / fs);
    const b = diagnoseMachine({ ...measurement({}), x: y }, kinematicsOf({ bearing }));
    expect(faultsOf(b.findings)).not.toContain('impacting_failure');
  });

  test('impacts once per turn are impacting_failure without a bearing, but left to the bearing rules with one', () => {
    const fs = 12000,
      n = 24000;
    const x = axisSignal(n, fs, [], 0.01, 7);
    for (let start = 30; start < n; start += fs / 25)
      for (let i = 0; i < 60 && start + i < n; i++) x[start + i]! += Math.exp(-i / 10) * Math.sin((2 * Math.PI * 3000 * i) / fs);
    const sig = { ...measurement({}), x };
    expect(faultsOf(diagnoseMachine(sig, kinematicsOf()).findings)).toEqual(['impacting_failure']);
    const bearing = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.3567, ftf: 0.39828 };
    expect(faultsOf(diagnoseMachine(sig, kinematicsOf({ bearing })).findings)).toEqual([]);
  });

  test('a low-frequency acceleration floor 20 dB over the running-speed floor is ski_slope', () => {
    const fs = 12000,
      n = 24000;
    const x = axisSignal(n, fs, [], 0.01, 9);
    // random walk (1/f² noise) band: integrated sensor noise rising towards 0 Hz
    let w = 0;
    const rnd = axisSignal(n, fs, [], 1, 10);
    for (let i = 0; i < n; i++) {
      w = 0.9995 * w + 0.004 * rnd[i]!;
      x[i]! += w;
    }
    const { findings, features } = diagnoseMachine({ ...measurement({}), x }, kinematicsOf());
    expect(features.axes.x.spectrum.skiSlopeDb!).toBeGreaterThan(20);
    expect(faultsOf(findings)).toContain('ski_slope');
    expect(features.axes.y.spectrum.skiSlopeDb!).toBeLessThan(6);
  });

  test('a 20 dB rise of the high-frequency acceleration over the baseline, no pattern, is unidentified_fault', () => {
    const k = kinematicsOf();
    const baseline = baselineOfSignal(measurement({}, { noiseG: 0.002 }), k);
    const { findings } = diagnoseMachine(measurement({}, { noiseG: 0.05, seed: 3 }), k, baseline);
    expect(faultsOf(findings)).toEqual(['unidentified_fault']);
    expect(findings[0]!.severity).toBe('hazard');
    expect(findings[0]!.evidence[1]!.kind).toBe('BASELINE');
  });

  test('zone D broadband vibration without a pattern is unidentified_fault', () => {
    // band-limited random vibration 40…400 Hz of ≈ 12 mm/s: no line, zone D
    const fs = 12000,
      n = 24000;
    const rnd = axisSignal(n, fs, [], 1, 12);
    const tones = [];
    for (let f = 40.25; f < 400; f += 3.1)
      tones.push({ hz: f, g: gPeakForVelocity(12 / Math.sqrt(116), f), phase: rnd[Math.round(f)]! * 3 });
    const { findings } = diagnoseMachine(measurement({ x: tones }, { n, fs }), kinematicsOf({ shaftHz: 23.7 }));
    expect(faultsOf(findings)).toEqual(['unidentified_fault']);
    expect(findings[0]!.severity).toBe('critical');
  });
});
