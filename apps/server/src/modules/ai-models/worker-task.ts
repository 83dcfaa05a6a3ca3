import { performance } from 'node:perf_hooks';
import { AXIS_KEYS, senseway } from '@overtone/contract';
import { shippedModels, type ModelFile } from './model.ts';
import { predictRecord, type PointContext, type RecordVerdict } from './predict.ts';

/**
 * The DSP-pool task of the AI predictions (jobs/dsp/dsp-tasks.ts kind `aiPrediction`): one stored
 * measurement's waveform in, the verdict of each requested model out. Runs in a worker thread, so
 * the 3–20 ms of FFTs per record never block the API's event loop (docs/ai-model.md "Serving").
 */

/**
 * A model of the task. Shipped models travel by id and version (the worker loads the shipped files
 * once, {@link shippedModels}); `file` carries any other model (tests, tools) whole.
 */
export interface ModelRef {
  id: string;
  version: number;
  file?: ModelFile;
}

/** Task `aiPrediction`: a measurement's raw waveform as stored (int16 LE X,Y,Z) and its context. */
export interface AiPredictionTask {
  kind: 'aiPrediction';
  /** The stored waveform bytes (`raw.i16le`, interleaved X,Y,Z int16 little-endian counts). */
  bytes: Uint8Array;
  /** Range index of the measurement (decodes counts to g). */
  rangeIndex: number;
  /** calibrated sampling rate, Hz. */
  samplingRateHz: number;
  /** The point's bearing multipliers and reference frequency. */
  point: PointContext;
  models: ModelRef[];
}

/** Result of {@link runAiPredictionTask}. */
export interface AiPredictionTaskResult {
  /** One verdict per `task.models` entry, same order. */
  verdicts: RecordVerdict[];
  /** Time spent computing in the worker (decode + predictions), ms: the warmer paces itself on it. */
  computeMs: number;
}

/** The model of a reference: its file, or the shipped model of that id and version. */
function modelOf(ref: ModelRef): ModelFile {
  if (ref.file) return ref.file;
  const m = shippedModels().get(ref.id)?.file;
  if (!m || m.version !== ref.version)
    throw new Error(`AI model ${ref.id}@${ref.version} is not the shipped one (${m ? `version ${m.version}` : 'unknown'})`);
  return m;
}

/** A reference to a model for a task: by id and version when it is the shipped file, else the file itself. */
export const modelRef = (m: ModelFile): ModelRef =>
  shippedModels().get(m.id)?.file === m ? { id: m.id, version: m.version } : { id: m.id, version: m.version, file: m };

/**
 * Decodes the waveform (senseway.decodeTriaxial, g) and runs {@link predictRecord} of each model on
 * its three axes (`accelerometer_x`, `_y`, `_z`).
 *
 * @throws Error for a model reference the worker does not have (shipped file changed since start-up).
 */
export function runAiPredictionTask(task: AiPredictionTask): AiPredictionTaskResult {
  const t0 = performance.now();
  const models = task.models.map(modelOf);
  const w = senseway.decodeTriaxial(task.bytes, task.rangeIndex);
  const axes = { [AXIS_KEYS[0]]: w.x, [AXIS_KEYS[1]]: w.y, [AXIS_KEYS[2]]: w.z };
  const verdicts = models.map((m) => predictRecord(m, axes, task.samplingRateHz, task.point));
  return { verdicts, computeMs: performance.now() - t0 };
}
