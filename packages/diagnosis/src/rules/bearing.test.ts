import { describe, expect, it } from 'vitest';
import { learnBaseline } from '../baseline.ts';
import { extractBearingFeatures } from '../features/bearing-features.ts';
import {
  bearingContext,
  bearingFaultSignal,
  bearingMeasurement,
  gaussianNoise,
  type BearingFaultSignalOptions,
} from '../test-support/bearing-signals.ts';
import type { Baseline, Finding, MeasurementFeatures } from '../types.ts';
import { bearingRules } from './bearing.ts';
import { bearingEnvelopeRule } from './bearing-envelope.ts';
import { bearingLubricationRule } from './bearing-lubrication.ts';

// CWRU drive-end SKF 6205 orders at 1797 r/min, 12 kHz, 2 s
const B = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.3567, ftf: 0.39828 };
const FR = 29.95;
const FS = 12000;
const N = 24000;

function features(x: Float64Array): MeasurementFeatures {
  return bearingMeasurement(FS, N, FR, { x: extractBearingFeatures(x, FS, FR, B) });
}
function run(x: Float64Array, baseline: Baseline | null = null): Finding[] {
  const m = features(x);
  return bearingRules.flatMap((rule) => rule(m, bearingContext(FR, B, baseline), ['x']));
}
/** Impacts ringing a 3 kHz resonance in noise: 0.2 g impacts, 0.1 g noise (zone A of class II). */
function fault(o: Partial<BearingFaultSignalOptions> & { faultHz: number }): Float64Array {
  return bearingFaultSignal({ samples: N, samplingRateHz: FS, resonanceHz: 3000, impulseG: 0.2, noiseG: 0.1, seed: 1, ...o });
}

describe('bearing.envelope on synthetic signals', () => {
  it('finds an outer-race defect: BPFO and its harmonics in the squared-envelope spectrum', () => {
    const out = run(fault({ faultHz: B.bpfo * FR }));
    expect(out).toHaveLength(1);
    const f = out[0]!;
    expect(f.bearingComponent).toBe('outer_race');
    expect(f.fault).toBe('early_stage_bearing_failure'); // lines only in the envelope spectrum
    expect(f.severity).toBe('attention');
    expect(f.rule).toBe('bearing.envelope');
    expect(f.confidence).toBeGreaterThanOrEqual(0.5);
    expect(f.score).toBeGreaterThan(1);
    const first = f.evidence[0]!;
    expect(first).toMatchObject({
      kind: 'BPFO',
      domain: 'envelope',
      unit: 'g²',
      axis: 'x',
      label: null,
      baselineAmplitude: null,
    });
    expect(Math.abs(first.frequencyHz! / (B.bpfo * FR) - Math.round(first.frequencyHz! / (B.bpfo * FR)))).toBeLessThan(0.02);
    expect(first.order).toBeCloseTo(first.frequencyHz! / FR, 3);
    expect(f.evidence.filter((e) => e.kind === 'BPFO').length).toBeGreaterThanOrEqual(2);
  });

  it('finds an inner-race defect: BPFI harmonics with 1× sidebands (load-zone modulation)', () => {
    const out = run(fault({ faultHz: B.bpfi * FR, modulation: { hz: FR, depth: 0.8 }, seed: 2 }));
    expect(out.map((f) => f.bearingComponent)).toEqual(['inner_race']);
    const ev = out[0]!.evidence;
    expect(ev.some((e) => e.kind === 'BPFI' && Math.abs(e.frequencyHz! - B.bpfi * FR) < 0.02 * B.bpfi * FR)).toBe(true);
    const sb = ev.filter((e) => e.kind === 'SIDEBAND');
    expect(sb.length).toBeGreaterThan(0);
    for (const s of sb) {
      const off = Math.abs(s.frequencyHz! - Math.round(s.frequencyHz! / (B.bpfi * FR)) * B.bpfi * FR);
      expect(Math.abs(off - FR)).toBeLessThan(0.05 * 3 * B.bpfi * FR);
    }
  });

  it('finds a rolling-element defect: 2×BSF with FTF sidebands', () => {
    const out = run(fault({ faultHz: 2 * B.bsf * FR, modulation: { hz: B.ftf * FR, depth: 0.8 }, seed: 3 }));
    expect(out.map((f) => f.bearingComponent)).toEqual(['rolling_element']);
    const ev = out[0]!.evidence;
    expect(ev.some((e) => e.kind === 'BSF')).toBe(true);
    expect(ev.some((e) => e.kind === 'SIDEBAND')).toBe(true);
  });

  it('finds a cage defect: FTF and its harmonics', () => {
    const out = run(fault({ faultHz: B.ftf * FR, impulseG: 1, seed: 5 }));
    expect(out.map((f) => f.bearingComponent)).toEqual(['cage']);
    expect(out[0]!.evidence[0]!.kind).toBe('FTF');
  });

  it('finds nothing in Gaussian noise', () => {
    for (const seed of [4, 5, 6]) expect(run(gaussianNoise(N, 0.1, seed))).toEqual([]);
  });

  it('needs more than the fundamental: one line alone is no pattern', () => {
    // a pure 107 Hz modulation of the noise's amplitude: a BPFO line in the SES, no harmonics
    const x = gaussianNoise(N, 0.1, 7);
    for (let i = 0; i < N; i++) x[i]! *= 1 + 0.3 * Math.cos((2 * Math.PI * B.bpfo * FR * i) / FS);
    const f = features(x);
    expect(f.axes.x.bearing!.lines.bpfo.h1.snr).toBeGreaterThan(30);
    expect(run(x)).toEqual([]);
  });

  it('calls it bearing_failure when the defect line shows in the acceleration spectrum too (stage 3)', () => {
    const out = run(fault({ faultHz: B.bpfo * FR, tones: [{ hz: B.bpfo * FR, amplitudeG: 0.02 }] }));
    expect(out[0]).toMatchObject({ fault: 'bearing_failure', bearingComponent: 'outer_race' });
    expect(out[0]!.evidence.some((e) => e.kind === 'BPFO' && e.domain === 'spectrum' && e.unit === 'g')).toBe(true);
  });

  it('takes severity from the ISO 10816 zone and caps an early stage at hazard', () => {
    // a 0.6 g 1× line: 31 mm/s r.m.s., zone D of class II
    const x = fault({ faultHz: B.bpfo * FR, tones: [{ hz: FR, amplitudeG: 0.6 }] });
    const f = run(x)[0]!;
    expect(f.fault).toBe('early_stage_bearing_failure');
    expect(f.severity).toBe('hazard');
    const stage3 = run(
      fault({
        faultHz: B.bpfo * FR,
        tones: [
          { hz: FR, amplitudeG: 0.6 },
          { hz: B.bpfo * FR, amplitudeG: 0.02 },
        ],
      }),
    )[0]!;
    expect(stage3).toMatchObject({ fault: 'bearing_failure', severity: 'critical' });
  });
});

describe('bearing.envelope and electrical lines', () => {
  it('does not take lines at harmonics of the mains frequency as bearing lines', () => {
    // impacts at 120 Hz = BPFO of a bearing whose BPFO order is 120/31 at 31 Hz: 2× a 60 Hz mains
    const fr = 31;
    const orders = { ...B, bpfo: 120 / fr };
    const x = bearingFaultSignal({ samples: N, samplingRateHz: FS, faultHz: 120, resonanceHz: 3000, impulseG: 0.2, noiseG: 0.1 });
    const m = bearingMeasurement(FS, N, fr, { x: extractBearingFeatures(x, FS, fr, orders) });
    const ctx = bearingContext(fr, orders);
    expect(bearingEnvelopeRule(m, ctx, ['x'])).toEqual([]);
    const at50 = bearingEnvelopeRule(m, { ...ctx, kinematics: { ...ctx.kinematics, mainsHz: 50 } }, ['x']);
    expect(at50.map((f) => f.bearingComponent)).toEqual(['outer_race']);
  });
});

describe('bearing.envelope against the baseline', () => {
  const signal = (impulseG: number, seed: number) => fault({ faultHz: B.bpfo * FR, impulseG, seed });
  const baselineOf = (impulseG: number) => learnBaseline([1, 2, 3, 4, 5].map((s) => features(signal(impulseG, 10 + s))))!;

  it('does not take a line the baseline already has as evidence', () => {
    expect(run(signal(0.2, 20), baselineOf(0.2))).toEqual([]);
  });

  it('reports a line that grew over its baseline by 6 dB or more, with the baseline amplitude', () => {
    const out = run(signal(0.2, 20), baselineOf(0.02));
    expect(out.map((f) => f.bearingComponent)).toEqual(['outer_race']);
    const ev = out[0]!.evidence[0]!;
    expect(ev.baselineAmplitude).not.toBeNull();
    expect(ev.amplitude).toBeGreaterThan(2 * ev.baselineAmplitude!);
  });
});

describe('bearing.lubrication', () => {
  const noise = (sigma: number, seed: number) => gaussianNoise(N, sigma, seed);
  const baseline = () => learnBaseline([1, 2, 3, 4, 5].map((s) => features(noise(0.05, 30 + s))))!;

  it('reports a broadband high-frequency rise of 6 dB or more over the baseline without bearing lines', () => {
    const out = bearingLubricationRule(features(noise(0.15, 40)), bearingContext(FR, B, baseline()), ['x']);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ fault: 'insufficient_lubrication', bearingComponent: null, rule: 'bearing.lubrication' });
    const ev = out[0]!.evidence[0]!;
    expect(ev).toMatchObject({ kind: 'BAND', label: 'band:1000-4688', unit: 'g', domain: 'spectrum', frequencyHz: null });
    expect(20 * Math.log10(ev.amplitude / ev.baselineAmplitude!)).toBeCloseTo(20 * Math.log10(3), 0);
    expect(out[0]!.score).toBeCloseTo(3, 0);
  });

  it('says nothing from one measurement alone, nor for a rise under 6 dB', () => {
    expect(bearingLubricationRule(features(noise(0.15, 40)), bearingContext(FR, B, null), ['x'])).toEqual([]);
    expect(bearingLubricationRule(features(noise(0.07, 41)), bearingContext(FR, B, baseline()), ['x'])).toEqual([]);
  });

  it('needs a broadband rise in the same band as the baseline', () => {
    // a rise in the upper half only (a resonance, not friction)
    const x = noise(0.05, 43);
    const tone = noise(0.15, 44);
    const X = features(x);
    const narrow = { ...X.axes.x.bearing!, hfUpperRmsG: 3 * X.axes.x.bearing!.hfUpperRmsG, hfRmsG: 3 * X.axes.x.bearing!.hfRmsG };
    expect(
      bearingLubricationRule(bearingMeasurement(FS, N, FR, { x: narrow }), bearingContext(FR, B, baseline()), ['x']),
    ).toEqual([]);
    // the same rise measured at another sampling rate (another band) is not compared
    const other = { ...features(tone).axes.x.bearing!, hfHighHz: 18750 };
    expect(bearingLubricationRule(bearingMeasurement(FS, N, FR, { x: other }), bearingContext(FR, B, baseline()), ['x'])).toEqual(
      [],
    );
  });

  it('leaves a rise that comes with bearing lines to the bearing rule', () => {
    const x = fault({ faultHz: B.bpfo * FR, impulseG: 1, noiseG: 0.15, seed: 42 });
    expect(bearingLubricationRule(features(x), bearingContext(FR, B, baseline()), ['x'])).toEqual([]);
    expect(bearingEnvelopeRule(features(x), bearingContext(FR, B, baseline()), ['x'])[0]?.bearingComponent).toBe('outer_race');
  });
});

describe('bearing rules without what they need', () => {
  it('return nothing without bearing orders, speed or features, and read only the sound axes', () => {
    const m = features(fault({ faultHz: B.bpfo * FR }));
    const ctx = bearingContext(FR, B);
    expect(bearingRules.flatMap((r) => r(m, { ...ctx, kinematics: { ...ctx.kinematics, bearing: null } }, ['x']))).toEqual([]);
    expect(bearingRules.flatMap((r) => r({ ...m, shaft: { hz: null, source: 'none' } }, ctx, ['x']))).toEqual([]);
    expect(bearingRules.flatMap((r) => r(m, ctx, ['y', 'z']))).toEqual([]);
  });
});
