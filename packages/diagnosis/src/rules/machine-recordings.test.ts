import { describe, expect, test } from 'vitest';
import { learnBaseline } from '../baseline.ts';
import { extractFeatures } from '../features/extract.ts';
import { runMachine } from '../test-support/machine-run.ts';
import { readRecording, type Recording } from '../test-support/recordings.ts';
import { kinematicsOf } from '../test-support/synthetic.ts';
import type { MeasurementSignal, PointKinematics } from '../types.ts';

/**
 * The machine part of the diagnosis on the real recordings (outcomes, not thresholds: the
 * thresholds come from their sources). CWRU: drive-end and fan-end accelerometers of a 2 hp
 * induction motor on 60 Hz mains (class I, < 15 kW); IMS: bearing 1 x/y and bearing 2 x of a
 * shaft at 2000 r/min driven through rub belts (not a motor point).
 */
const RECORDS = ['cwru-097', 'cwru-105', 'cwru-118', 'cwru-130', 'ims-test1-2003.10.22.12.06.24'];

function segment(r: Recording, startS: number): MeasurementSignal {
  const ch = [...r.channels.values()];
  const fs = r.samplingRateHz;
  const len = Math.min(Math.round(2 * fs), ch[0]!.length);
  const at = (c: Float64Array, s: number) => {
    const a = Math.max(0, Math.min(Math.round(s * fs), c.length - len));
    return c.slice(a, a + len);
  };
  const third = ch.length > 2 ? at(ch[2]!, startS) : at(ch[0]!, startS + 0.25);
  return { samplingRateHz: fs, x: at(ch[0]!, startS), y: at(ch[1]!, startS), z: third, temperatureC: null };
}

function kinematicsFor(r: Recording): PointKinematics {
  const cwru = r.id.startsWith('cwru');
  return kinematicsOf({
    shaftHz: r.shaftHz,
    bearing: r.bearing,
    electricMotor: cwru,
    mainsHz: 60,
    axialAxis: null,
    rangeG: 50,
    machineClass: 'I',
  });
}

describe('machine rules on the real recordings', () => {
  for (const id of RECORDS)
    test(`${id}: no machine or sensor finding without a baseline, nor against its own baseline`, () => {
      const r = readRecording(id);
      const k = kinematicsFor(r);
      const context = { kinematics: k, baseline: null, falsePositives: [] };
      const now = extractFeatures(segment(r, 0), k);
      expect(runMachine(now, context).map((f) => `${f.fault}:${f.rule}`)).toEqual([]);
      const duration = r.channels.values().next().value!.length / r.samplingRateHz;
      const starts = [0, 1, 2, 3, 4].map((i) => (i * Math.max(0, duration - 2)) / 5); // IMS (1 s): one segment
      const baseline = learnBaseline(starts.map((s) => extractFeatures(segment(r, s), k)));
      const later = extractFeatures(segment(r, duration - 2), k);
      expect(runMachine(later, { ...context, baseline }).map((f) => `${f.fault}:${f.rule}`)).toEqual([]);
    }, 60_000);
});
