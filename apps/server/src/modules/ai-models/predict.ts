import type { PredictionClass } from '@overtone/contract';
import { bearingFeatures, MIN_DURATION_S, type BearingOrders } from './features.ts';
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

/** Length of the windows a record is judged in, s: the training segments' (tools/bearing-model). */
export const WINDOW_S = MIN_DURATION_S;
/** Windows judged per axis at most, spread evenly over a long record. */
export const MAX_WINDOWS = 8;

/**
 * The windows of one axis the model judges: as many whole {@link WINDOW_S} windows as the record
 * holds (at most {@link MAX_WINDOWS}, spread evenly from its start to its end), each exactly as long
 * as a training segment — the features (envelope line heights over the background, kurtosis of the
 * band) depend on the record's length, so a 2 s record judged whole was out of the model's
 * experience. A record shorter than one window is returned whole (and refused by the features).
 */
export function windowsOf(x: ArrayLike<number>, fs: number): ArrayLike<number>[] {
  const len = Math.round(WINDOW_S * fs);
  const count = Math.min(MAX_WINDOWS, Math.floor(x.length / len));
  if (count < 1 || !(len > 0)) return [x];
  const step = count > 1 ? (x.length - len) / (count - 1) : 0;
  const slice = (start: number) =>
    ArrayBuffer.isView(x)
      ? (x as unknown as Float64Array).subarray(start, start + len)
      : Array.prototype.slice.call(x, start, start + len);
  return Array.from({ length: count }, (_, i) => slice(Math.round(i * step)));
}

/**
 * One axis' verdict from its windows' decisions: the class most windows give (class0 windows do not
 * vote), ties to the higher mean probability; its probability is the mean over the windows that gave
 * it. No window decided → class0.
 */
export function voteWindows(m: ModelFile, decisions: { prediction: PredictionClass; probability: number }[]) {
  const votes = new Map<PredictionClass, number[]>();
  for (const d of decisions)
    if (d.prediction !== m.decision.unknownClass) votes.set(d.prediction, [...(votes.get(d.prediction) ?? []), d.probability]);
  let best: { prediction: PredictionClass; probability: number; n: number } | null = null;
  for (const [prediction, ps] of votes) {
    const probability = ps.reduce((a, b) => a + b, 0) / ps.length;
    if (!best || ps.length > best.n || (ps.length === best.n && probability > best.probability))
      best = { prediction, probability, n: ps.length };
  }
  return best ? { prediction: best.prediction, probability: best.probability } : null;
}

/**
 * Prediction of one tri-axial record: each axis judged in training-length windows
 * ({@link windowsOf}; features {@link bearingFeatures}, class probabilities and decision per window,
 * {@link voteWindows}), the axes combined by {@link combineAxes}. Windows whose features cannot be
 * computed (no bearing or speed on the point, fs < 10 kHz, shorter than 0.5 s, constant) do not
 * vote; an axis without a vote counts as class0. The one implementation of a prediction: the DSP
 * worker's task (worker-task.ts), the training tools (tools/bearing-model/evaluate-served.ts) and the
 * tests call it.
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
    const decisions = [];
    for (const w of windowsOf(x, fs)) {
      const f = bearingFeatures(w, fs, point.shaftHz, point.bearing);
      if (f.ok) decisions.push(decide(m, f.features));
    }
    const v = voteWindows(m, decisions);
    if (v) verdicts.push({ source, ...v });
  }
  return combineAxes(m, verdicts);
}
