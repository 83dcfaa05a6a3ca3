import { describe, expect, it } from 'vitest';
import { learnBaseline } from '../baseline.ts';
import { extractBearingFeatures } from '../features/bearing-features.ts';
import { bearingContext, bearingMeasurement } from '../test-support/bearing-signals.ts';
import { readRecording, type Recording } from '../test-support/recordings.ts';
import type { Baseline, Finding, MeasurementFeatures } from '../types.ts';
import { bearingRules } from './bearing.ts';
import { judgePattern } from './bearing-patterns.ts';

/**
 * The bearing rules on the real recordings (shared/data/vibration), each 24 000-sample segment of
 * the drive-end channel (2 s at 12 kHz, 0.5 s at 48 kHz) and the whole record, with the sidecar's
 * shaft speed and bearing orders. Expected outcomes: issue 15 "Measured" (Smith & Randall 2015
 * for 118). These check the outcome; the thresholds come from the sources (docs/diagnosis-parts/bearing.md).
 */

const SEGMENT = 24000;

function measure(r: Recording, x: Float64Array): MeasurementFeatures {
  return bearingMeasurement(r.samplingRateHz, x.length, r.shaftHz, {
    x: extractBearingFeatures(x, r.samplingRateHz, r.shaftHz, r.bearing),
  });
}
function segments(x: Float64Array): Float64Array[] {
  const out = [x];
  for (let i = 0; i + SEGMENT <= x.length; i += SEGMENT) out.push(x.slice(i, i + SEGMENT));
  return out;
}
function diagnoseBearing(r: Recording, m: MeasurementFeatures, baseline: Baseline | null = null): Finding[] {
  return bearingRules.flatMap((rule) => rule(m, bearingContext(r.shaftHz, r.bearing, baseline), ['x']));
}

describe('bearing rules on the real recordings', () => {
  it('CWRU 105 (inner race 0.007 in): inner race in every segment and the whole record, no other component', () => {
    const r = readRecording('cwru-105');
    for (const x of segments(r.channels.get('DE')!)) {
      const out = diagnoseBearing(r, measure(r, x));
      expect(out.map((f) => f.bearingComponent)).toEqual(['inner_race']);
      const bpfi = out[0]!.evidence.find((e) => e.kind === 'BPFI' && e.domain === 'envelope')!;
      expect(Math.abs(bpfi.frequencyHz! / (r.bearing.bpfi * r.shaftHz) - 1)).toBeLessThan(0.02);
    }
  });

  it('CWRU 130 (outer race 0.007 in @6:00): outer race in every segment and the whole record, no other component', () => {
    const r = readRecording('cwru-130');
    for (const x of segments(r.channels.get('DE')!)) {
      const out = diagnoseBearing(r, measure(r, x));
      expect(out.map((f) => f.bearingComponent)).toEqual(['outer_race']);
      expect(out[0]!.evidence[0]!.kind).toBe('BPFO');
    }
  });

  it('CWRU 118 (ball 0.007 in, not diagnosable in Smith & Randall 2015): never a wrong component', () => {
    const r = readRecording('cwru-118');
    for (const x of segments(r.channels.get('DE')!)) {
      const out = diagnoseBearing(r, measure(r, x));
      for (const f of out.filter((f) => f.bearingComponent !== 'rolling_element')) expect(f.confidence).toBeLessThan(0.5);
    }
  });

  it('CWRU 097 (normal, 48 kHz) and the IMS snapshot (20 kHz, all 8 channels): no bearing finding', () => {
    const normal = readRecording('cwru-097');
    for (const x of segments(normal.channels.get('DE')!)) expect(diagnoseBearing(normal, measure(normal, x))).toEqual([]);
    const ims = readRecording('ims-test1-2003.10.22.12.06.24');
    for (const x of ims.channels.values()) expect(diagnoseBearing(ims, measure(ims, x))).toEqual([]);
  });

  it("a baseline learned from five 097 segments suppresses 097's own BPFI-adjacent line; 105 is still inner race", () => {
    const normal = readRecording('cwru-097');
    const de = normal.channels.get('DE')!;
    const baseline = learnBaseline(
      segments(de)
        .slice(1, 6)
        .map((x) => measure(normal, x)),
    )!;
    expect(baseline.measurements).toBe(5);
    const orders = { ...normal.bearing, bsf2: 2 * normal.bearing.bsf };
    // the whole record (another resolution, same machine): its 161.6 Hz line, 0.3 % below BPFI
    const whole = measure(normal, de).axes.x.bearing!;
    const alone = judgePattern('inner_race', whole, 'x', normal.shaftHz, null, orders).spectrum[0]!;
    expect(alone.detected).toBe(true);
    expect(alone.hz / (normal.bearing.bpfi * normal.shaftHz)).toBeGreaterThan(0.99);
    const against = judgePattern('inner_race', whole, 'x', normal.shaftHz, baseline, orders).spectrum[0]!;
    expect(against.baselineAmp).not.toBeNull();
    expect(against.detected).toBe(false);

    const inner = readRecording('cwru-105');
    for (const x of segments(inner.channels.get('DE')!).slice(1)) {
      const out = diagnoseBearing(inner, measure(inner, x), baseline);
      expect(out.map((f) => f.bearingComponent)).toEqual(['inner_race']);
    }
  });
});
