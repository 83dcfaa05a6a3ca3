import type { PredictionClass } from '@overtone/contract';
import { bearingFeatures, type BearingOrders } from './features.ts';
import { decide, type ModelFile } from './model.ts';

/**
 * The prediction of one record, free of I/O: runs on any thread (the API's for tests and tools, a
 * DSP worker when serving, see worker-task.ts). service.ts re-exports it.
 */

/** What the model needs to know about the point: its bearing's multipliers and shaft speed. */
export interface PointContext {
  bearing: BearingOrders | null;
  /** referenceFrequency of the point, Hz (0 when not set). */
  shaftHz: number;
}

/** One axis' verdict. */
interface AxisVerdict {
  source: string;
  prediction: PredictionClass;
  probability: number;
}

/** A measurement's verdict: class, its probability (null when the model was not run) and deciding axis. */
export interface RecordVerdict {
  prediction: PredictionClass;
  probability: number | null;
  source: string | null;
}

/**
 * Combines the axes of one measurement into its prediction: axes below the model's confidence
 * (class0) are ignored; a fault class on any axis wins over the normal class (the worst axis
 * decides, as in condition monitoring), ties by probability; no usable axis → class0.
 */
export function combineAxes(m: ModelFile, verdicts: AxisVerdict[]): RecordVerdict {
  const known = verdicts.filter((v) => v.prediction !== m.decision.unknownClass);
  if (known.length === 0) return { prediction: m.decision.unknownClass, probability: null, source: null };
  const faults = known.filter((v) => v.prediction !== m.decision.normalClass);
  const pool = faults.length ? faults : known;
  const best = pool.reduce((a, b) => (b.probability > a.probability ? b : a));
  return { prediction: best.prediction, probability: best.probability, source: best.source };
}

/**
 * Prediction of one tri-axial record: each axis' features ({@link bearingFeatures}), class
 * probabilities and decision, combined by {@link combineAxes}. Axes whose features cannot be computed
 * (no bearing or speed on the point, fs < 10 kHz, shorter than 0.5 s, constant) count as class0.
 * The one implementation of a prediction: the DSP worker's task (worker-task.ts), the training
 * tools (tools/bearing-model/evaluate-served.ts) and the tests call it.
 *
 * @param axes  Axis key → samples in g.
 * @param fs    Sampling rate, Hz.
 */
export function predictRecord(
  m: ModelFile,
  axes: Record<string, ArrayLike<number>>,
  fs: number,
  point: PointContext,
): RecordVerdict {
  const verdicts: AxisVerdict[] = [];
  for (const [source, x] of Object.entries(axes)) {
    const f = bearingFeatures(x, fs, point.shaftHz, point.bearing);
    if (!f.ok) continue;
    verdicts.push({ source, ...decide(m, f.features) });
  }
  return combineAxes(m, verdicts);
}
