import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decimate } from '@overtone/dsp';
import { shippedModels } from './model.ts';
import { MAX_WINDOWS, predictRecord, windowsOf } from './predict.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const REC = path.join(ROOT, 'apps/gateway-sim/recordings/cwru');
/** CWRU drive-end bearing SKF 6205 (data/vibration README), shaft ≈ 1797 r/min. */
const DE_6205 = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.35675 };
const SHAFT_HZ = 29.95;

function channel(stem: string, ch: string): Float64Array {
  const buf = fs.readFileSync(path.join(REC, `${stem}_${ch}.f32`));
  return Float64Array.from(new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4));
}

describe('predictRecord judges a record in training-length windows', () => {
  it('cuts whole 0.5 s windows, at most MAX_WINDOWS, spread from start to end', () => {
    const x = Float64Array.from({ length: 24_000 }, (_, i) => i);
    const w = windowsOf(x, 12_000);
    expect(w.map((s) => [s[0], s.length])).toEqual([
      [0, 6000],
      [6000, 6000],
      [12_000, 6000],
      [18_000, 6000],
    ]);
    const long = windowsOf(new Float64Array(12_000 * 30), 12_000);
    expect(long).toHaveLength(MAX_WINDOWS);
    expect(long.at(-1)!.length).toBe(6000);
    expect(windowsOf(new Float64Array(5000), 12_000)).toHaveLength(1); // shorter: whole (refused later)
  });

  // The demo's sensors measure 24,000 samples at 12 kHz (2 s): judged whole, such records were
  // never right (the features depend on the length); judged in 0.5 s windows, as trained, they are.
  it.each([
    ['cwru_097_Normal_0HP', 4, 'class1'],
    ['cwru_105_IR007_0HP', 1, 'class2'],
    ['cwru_118_B007_0HP', 1, 'class3'],
    ['cwru_130_OR007at6_0HP', 1, 'class4'],
  ] as const)('%s, 2 s at 12 kHz → %s', (stem, decimation, expected) => {
    const model = [...shippedModels().values()][0]!.file;
    const de = channel(stem, 'DE');
    const x = decimation > 1 ? decimate(de, decimation) : de;
    const verdicts = [0, 1, 2].map((k) => {
      const rec = x.subarray(k * 24_000, (k + 1) * 24_000);
      return predictRecord(model, { accelerometer_x: rec }, 12_000, { bearing: DE_6205, shaftHz: SHAFT_HZ }).prediction;
    });
    expect(verdicts.filter((v) => v === expected).length).toBeGreaterThanOrEqual(2);
  });
});
