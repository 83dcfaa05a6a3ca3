import { describe, expect, test } from 'vitest';
import { baselineOfSignal, diagnoseMachine, faultsOf } from '../test-support/machine-run.ts';
import { gPeakForVelocity, kinematicsOf, measurement, type Tone } from '../test-support/synthetic.ts';

describe('pump rules (baseline needed)', () => {
  const pump = kinematicsOf({ pump: true });
  const running: Tone[] = [{ hz: 25, g: gPeakForVelocity(1, 25) }];
  const healthy = measurement({ x: running, y: running });

  test('broadband random high-frequency energy over the baseline is cavitation on a pump only', () => {
    const baseline = baselineOfSignal(healthy, pump);
    const noisy = measurement({ x: running, y: running }, { noiseG: 0.1 });
    const { findings } = diagnoseMachine(noisy, pump, baseline);
    expect(faultsOf(findings)).toContain('cavitation');
    expect(faultsOf(findings)).not.toContain('flow_induced_fault');
    const cav = findings.find((f) => f.fault === 'cavitation')!;
    expect(cav.evidence[0]).toMatchObject({ kind: 'BAND', label: 'band:1000-5000Hz', unit: 'g' });
    expect(cav.evidence[0]!.amplitude).toBeGreaterThan(4 * cav.evidence[0]!.baselineAmplitude!);
    // no baseline: no absolute level exists for it; not a pump: not cavitation
    expect(faultsOf(diagnoseMachine(noisy, pump).findings)).not.toContain('cavitation');
    const fan = kinematicsOf();
    expect(faultsOf(diagnoseMachine(noisy, fan, baselineOfSignal(healthy, fan)).findings)).not.toContain('cavitation');
  });

  test('random sub-synchronous energy over the baseline is flow_induced_fault', () => {
    const baseline = baselineOfSignal(healthy, pump);
    const band: Tone[] = [];
    for (let i = 0; i < 25; i++)
      band.push({ hz: 10.25 + 0.5 * i, g: gPeakForVelocity(3 / 5, 10.25 + 0.5 * i), phase: (i * i * 2.39996) % (2 * Math.PI) });
    const turbulent = measurement({ x: [...running, ...band], y: [...running, ...band] });
    const { findings } = diagnoseMachine(turbulent, pump, baseline);
    expect(faultsOf(findings)).toEqual(['flow_induced_fault']);
    expect(findings[0]!.evidence[0]).toMatchObject({ kind: 'BAND', label: 'band:0.4-0.9X', unit: 'mm/s' });
  });
});
