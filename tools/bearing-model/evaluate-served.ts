/**
 * Step 3 of the bearing-condition model (README.md beside this file): runs the SERVER's prediction
 * path (apps/server/src/modules/ai-models: features, model, axis combination) on every 0.5 s window
 * of the four CWRU recordings stored the way ingest stores a measurement: int16 counts of the ±4 g
 * range, at the recording's own sampling rate (the normal baseline at its native 48 kHz, NOT the
 * decimated 12 kHz the model was trained on). Writes served-evaluation.json.
 *
 * These windows are the training recordings: the numbers show what the served decision rule
 * (confidence threshold, novelty limit, worst axis) does with them, not how it generalises.
 *
 * Usage: node --import tsx tools/bearing-model/evaluate-served.ts [out.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { senseway } from '@overtone/contract';
import { loadShippedModels } from '../../apps/server/src/modules/ai-models/model.ts';
import { predictRecord } from '../../apps/server/src/modules/ai-models/service.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const REC = path.join(repoRoot, 'apps/gateway-sim/recordings/cwru');
const outFile = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, 'served-evaluation.json'));
const RANGE_INDEX = 2;
const BEARING_6205 = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.35675 };
const RECORDS = [
  { id: 'cwru-097', stem: 'cwru_097_Normal_0HP', fsHz: 48000, shaftHz: 29.9333, classKey: 'class1' },
  { id: 'cwru-105', stem: 'cwru_105_IR007_0HP', fsHz: 12000, shaftHz: 29.95, classKey: 'class2' },
  { id: 'cwru-118', stem: 'cwru_118_B007_0HP', fsHz: 12000, shaftHz: 29.9333, classKey: 'class3' },
  { id: 'cwru-130', stem: 'cwru_130_OR007at6_0HP', fsHz: 12000, shaftHz: 29.9333, classKey: 'class4' },
];
const CLASSES = ['class0', 'class1', 'class2', 'class3', 'class4'];

const model = loadShippedModels().get('bearing-condition-cwru')!.file;
const stored = (stem: string, ch: string) => {
  const buf = fs.readFileSync(path.join(REC, `${stem}_${ch}.f32`));
  const k = senseway.gPerCount(RANGE_INDEX);
  return Float64Array.from(
    senseway.quantizeG(new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4), RANGE_INDEX),
    (c) => c * k,
  );
};

const setups = {
  'x=DE, y=FE': (de: Float64Array, fe: Float64Array) => ({ accelerometer_x: de, accelerometer_y: fe }),
  'DE only': (de: Float64Array) => ({ accelerometer_x: de }),
  'FE only': (_de: Float64Array, fe: Float64Array) => ({ accelerometer_y: fe }),
};
const results: Record<string, { confusion: number[][]; accuracy: number; unknownShare: number; windows: number }> = {};
for (const [name, axesOf] of Object.entries(setups)) {
  const confusion = CLASSES.map(() => CLASSES.map(() => 0));
  for (const r of RECORDS) {
    const de = stored(r.stem, 'DE'),
      fe = stored(r.stem, 'FE');
    const len = Math.round(0.5 * r.fsHz);
    for (let s = 0; (s + 1) * len <= de.length; s++) {
      const p = predictRecord(model, axesOf(de.subarray(s * len, (s + 1) * len), fe.subarray(s * len, (s + 1) * len)), r.fsHz, {
        bearing: BEARING_6205,
        shaftHz: r.shaftHz,
      });
      confusion[CLASSES.indexOf(r.classKey)][CLASSES.indexOf(p.prediction)]++;
    }
  }
  const total = confusion.flat().reduce((a, b) => a + b, 0);
  const right = CLASSES.reduce((a, _c, i) => a + confusion[i][i], 0);
  const unknown = confusion.reduce((a, row) => a + row[0], 0);
  results[name] = {
    windows: total,
    accuracy: +(right / total).toFixed(6),
    unknownShare: +(unknown / total).toFixed(6),
    confusion,
  };
  console.log(
    `${name.padEnd(12)} accuracy ${(right / total).toFixed(3)}  unknown ${(unknown / total).toFixed(3)}  (${total} windows)`,
  );
}
fs.writeFileSync(
  outFile,
  JSON.stringify(
    {
      model: `${model.id}@${model.version}`,
      description:
        'served prediction path on every 0.5 s window of the CWRU training recordings (in-sample), int16 at ±4 g, native sampling rates',
      confusionAxes: 'rows true class, columns predicted class, class0 … class4',
      results,
    },
    null,
    2,
  ) + '\n',
);
