import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AXIS_KEYS, senseway } from '@overtone/contract';
import { runDspTask } from '../../jobs/dsp/dsp-tasks.ts';
import { shippedModels } from './model.ts';
import { predictRecord, type PointContext } from './predict.ts';
import { modelRef, runAiPredictionTask, type AiPredictionTask, type AiPredictionTaskResult } from './worker-task.ts';

/** The DSP-pool task `aiPrediction` on a real CWRU inner-race record stored as ingest stores it. */
const REC = path.resolve(import.meta.dirname, '../../../../gateway-sim/recordings/cwru');
const model = shippedModels().get('bearing-condition-cwru')!.file;
const pc: PointContext = { bearing: { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.35675 }, shaftHz: 29.95 };

function stored(stem: string, fsHz: number): Uint8Array {
  const ch = (c: string) => {
    const b = fs.readFileSync(path.join(REC, `${stem}_${c}.f32`));
    return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)).subarray(0, fsHz / 2);
  };
  const de = senseway.quantizeG(ch('DE'), 2),
    fe = senseway.quantizeG(ch('FE'), 2);
  const xyz = new Int16Array(3 * de.length);
  for (let i = 0; i < de.length; i++) {
    xyz[3 * i] = de[i];
    xyz[3 * i + 1] = fe[i];
  }
  return new Uint8Array(xyz.buffer);
}

const bytes = stored('cwru_105_IR007_0HP', 12000);
const task = (models: AiPredictionTask['models']): AiPredictionTask => ({
  kind: 'aiPrediction',
  bytes,
  rangeIndex: 2,
  samplingRateHz: 12000,
  point: pc,
  models,
});

describe('aiPrediction task', () => {
  const w = senseway.decodeTriaxial(bytes, 2);
  const direct = predictRecord(model, { [AXIS_KEYS[0]]: w.x, [AXIS_KEYS[1]]: w.y, [AXIS_KEYS[2]]: w.z }, 12000, pc);

  it('equals predictRecord on the decoded axes, through runDspTask as a worker runs it', () => {
    expect(direct.prediction).toBe('class2');
    const res = runDspTask(task([modelRef(model)])) as AiPredictionTaskResult;
    expect(res.verdicts).toEqual([direct]);
    expect(res.computeMs).toBeGreaterThan(0);
  });

  it('names a shipped model by id and version, sends any other model whole', () => {
    expect(modelRef(model)).toEqual({ id: model.id, version: model.version });
    const copy = structuredClone(model);
    expect(modelRef(copy)).toEqual({ id: model.id, version: model.version, file: copy });
    // a model of its own (normal class made impossible): answered by that model, not the shipped one
    const other = { ...copy, decision: { ...copy.decision, minProbability: 1 } };
    expect(runAiPredictionTask(task([modelRef(model), modelRef(other)])).verdicts).toEqual([
      direct,
      { prediction: 'class0', probability: null, source: null },
    ]);
  });

  it('refuses a shipped model reference of another version (the file changed since start-up)', () => {
    expect(() => runAiPredictionTask(task([{ id: model.id, version: model.version + 1 }]))).toThrow(/is not the shipped one/);
    expect(() => runAiPredictionTask(task([{ id: 'no-such-model', version: 1 }]))).toThrow(/unknown/);
  });
});
