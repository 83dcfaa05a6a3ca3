/**
 * CPU of the diagnosis (issue 15 "Measured": at most 20 ms added to a 3 × 24 000-sample
 * measurement). For 2-s segments (24 000 samples per axis) of each real recording in
 * ../shared/data/vibration, with the recording's own speed and bearing orders, prints the median
 * time per measurement of: the reference, the telemetry of the three axes (what ingest computed
 * before the diagnosis existed), then `extractFeatures` and `diagnose`, and the ratio of the
 * diagnosis to the reference, all measured in the same run on this thread. Also prints the size of
 * the stored features (JSON bytes). The samples are quantised as a ±4 g sensor's int16 counts, the
 * way ingest decodes a stored measurement (float recordings would flatter some of the features).
 */
import { computeTelemetry } from '@overtone/dsp';
import { diagnose, extractFeatures, type PointKinematics } from '@overtone/diagnosis';
import { readRecording, recordingIds } from '../packages/diagnosis/src/test-support/recordings.ts';
import { median, timeBatches } from './timing.ts';

const SAMPLES = 24_000;
/** Full scale of the stored measurements, g: the bench quantises the recordings as a ±4 g sensor's int16 counts, as ingest decodes them. */
const RANGE_G = 4;
const quantise = (a: Float64Array) => {
  const step = RANGE_G / 32768;
  return Float64Array.from(a, (v) => Math.max(-32768, Math.min(32767, Math.round(v / step))) * step);
};

export default function diagnosisCpuBench() {
  console.log('record                          fs(Hz)  telemetry ms  features ms  diagnose ms  added/telemetry  features bytes');
  const added: number[] = [];
  for (const id of recordingIds()) {
    const r = readRecording(id);
    const channels = [...r.channels.values()];
    const axis = (i: number) => {
      const c = channels[i % channels.length]!;
      const start = Math.floor(i / channels.length) * SAMPLES;
      return quantise(c.subarray(start, start + SAMPLES));
    };
    const signal = { samplingRateHz: r.samplingRateHz, x: axis(0), y: axis(1), z: axis(2), temperatureC: null };
    const kinematics: PointKinematics = {
      shaftHz: r.shaftHz,
      shaftSpeedVariable: false,
      bearing: r.bearing,
      gearMeshes: [],
      belt: null,
      electricMotor: true,
      pump: false,
      fan: false,
      mainsHz: 60,
      axialAxis: null,
      rangeG: RANGE_G,
      machineClass: 'II',
    };
    const telemetry = median(
      timeBatches(() => [signal.x, signal.y, signal.z].forEach((a) => computeTelemetry(a, r.samplingRateHz)), { batches: 15 }),
    );
    const features = extractFeatures(signal, kinematics);
    const extract = median(timeBatches(() => extractFeatures(signal, kinematics), { batches: 15 }));
    const context = { kinematics, baseline: null, falsePositives: [] };
    const rules = median(timeBatches(() => diagnose(features, context), { batches: 15 }));
    added.push(extract + rules);
    console.log(
      `${id.padEnd(31)} ${String(r.samplingRateHz).padStart(6)}  ${telemetry.toFixed(2).padStart(12)}  ${extract
        .toFixed(2)
        .padStart(11)}  ${rules.toFixed(3).padStart(11)}  ${((extract + rules) / telemetry).toFixed(2).padStart(15)}  ${String(
        JSON.stringify(features).length,
      ).padStart(14)}`,
    );
  }
  console.log(`diagnosis added per measurement: median ${median(added).toFixed(2)} ms (budget 20 ms on the reference machine)`);
}
