import { computeDomain, computeTelemetry, type DomainRequest } from '@overtone/dsp';
import { senseway } from '@overtone/contract';
import { extractFeatures, type MeasurementFeatures, type PointKinematics } from '@overtone/diagnosis';
import { runAiPredictionTask, type AiPredictionTask } from '../../modules/ai-models/worker-task.ts';
import { runAnalysisRequest, type AnalysisRequestTask } from '../../modules/analysis/worker-task.ts';
import { runReportDocumentTask, type ReportDocumentTask } from '../../modules/fault-reports/document-task.ts';

/**
 * The DSP tasks, runnable on any thread: typed arrays and plain numbers in, typed arrays and plain
 * numbers out (structured-clonable; buffers are moved, not copied, across threads).
 */
export type DspTask =
  /** an analysis domain (spectrum, envelope, cepstrum, spectrogram, autocorrelation, polar, orbit): packages/dsp `computeDomain` */
  | DomainRequest
  | { kind: 'telemetry'; signal: Float64Array; samplingRateHz: number }
  /** ingest post-processing: int16 LE X,Y,Z bytes of a measurement → telemetry of each axis */
  | { kind: 'measurementTelemetry'; bytes: Uint8Array; rangeIndex: number; samplingRateHz: number }
  /**
   * ingest post-processing (ARCHITECTURE.md "A measurement, end to end" 4–5): the measurement's
   * int16 LE X,Y,Z bytes decoded ONCE → telemetry of each axis and the diagnosis' features
   * ({@link MeasurementAnalysis})
   */
  | MeasurementAnalysisTask
  /** the diagnosis (jobs/diagnosis): a stored measurement's bytes → its features ({@link measurementFeatures}) */
  | MeasurementFeaturesTask
  /** AI-model predictions of a stored measurement (modules/ai-models/worker-task.ts) */
  | AiPredictionTask
  /** a whole `POST /vibration/signal/*` request, raw JSON in, JSON out (modules/analysis/worker-task.ts) */
  | AnalysisRequestTask
  /** a fault report's PDF or spectrum picture (modules/fault-reports/document-task.ts) */
  | ReportDocumentTask;

/** The task of {@link measurementAnalysis}. */
export interface MeasurementAnalysisTask {
  kind: 'measurementAnalysis';
  bytes: Uint8Array;
  rangeIndex: number;
  samplingRateHz: number;
  /** The point's kinematics (modules/fault-reports/kinematics.ts; a point-less measurement gets defaults). */
  kinematics: PointKinematics;
  /** The sensor's temperature reported with the measurement, °C; null unknown. */
  temperatureC: number | null;
}

/** What {@link measurementAnalysis} answers. */
export interface MeasurementAnalysis {
  /** Telemetry of each axis (x, y, z), as `measurementTelemetry`. */
  telemetry: { name: string; value: number; unit: string }[][];
  /** The diagnosis' features; null with fewer than 2 samples per axis or when extraction failed. */
  features: MeasurementFeatures | null;
  /** Why extraction failed (the message), null otherwise: the measurement is stored without features. */
  featuresError: string | null;
}

/**
 * Decodes a measurement once and computes everything its consumers need: each axis' telemetry and
 * the diagnosis' features (`extractFeatures` of @overtone/diagnosis).
 *
 * Parameters
 * ----------
 * task : MeasurementAnalysisTask
 *     Bytes: int16 LE X,Y,Z counts (6 per sample) at `rangeIndex`; `samplingRateHz` > 0.
 *
 * Returns
 * -------
 * MeasurementAnalysis
 *     A failure of the feature extraction never fails the measurement: features null, the
 *     message in `featuresError` (ingest logs it).
 */
export function measurementAnalysis(task: MeasurementAnalysisTask): MeasurementAnalysis {
  const w = senseway.decodeTriaxial(task.bytes, task.rangeIndex);
  const telemetry = [w.x, w.y, w.z].map((axis) =>
    computeTelemetry(axis, task.samplingRateHz).map((t) => ({ name: t.name, value: t.value, unit: t.unit })),
  );
  if (w.x.length < 2) return { telemetry, features: null, featuresError: null };
  try {
    const features = extractFeatures(
      { samplingRateHz: task.samplingRateHz, x: w.x, y: w.y, z: w.z, temperatureC: task.temperatureC },
      task.kinematics,
    );
    return { telemetry, features, featuresError: null };
  } catch (e) {
    return { telemetry, features: null, featuresError: String((e as Error)?.message ?? e).slice(0, 200) };
  }
}

/** The task of {@link measurementFeatures}. */
export interface MeasurementFeaturesTask {
  kind: 'measurementFeatures';
  bytes: Uint8Array;
  rangeIndex: number;
  samplingRateHz: number;
  kinematics: PointKinematics;
  temperatureC: number | null;
}

/**
 * The diagnosis' features of a stored measurement (`extractFeatures` of @overtone/diagnosis), for
 * the diagnosis, which computes them in the background after ingest (jobs/diagnosis).
 *
 * Parameters
 * ----------
 * task : MeasurementFeaturesTask
 *     Bytes: int16 LE X,Y,Z counts (6 per sample) at `rangeIndex`; `samplingRateHz` > 0.
 *
 * Returns
 * -------
 * Pick<MeasurementAnalysis, 'features' | 'featuresError'>
 *     features null with fewer than 2 samples per axis, or when extraction failed (its message in
 *     `featuresError`).
 */
export function measurementFeatures(task: MeasurementFeaturesTask): Pick<MeasurementAnalysis, 'features' | 'featuresError'> {
  const w = senseway.decodeTriaxial(task.bytes, task.rangeIndex);
  if (w.x.length < 2) return { features: null, featuresError: null };
  try {
    const features = extractFeatures(
      { samplingRateHz: task.samplingRateHz, x: w.x, y: w.y, z: w.z, temperatureC: task.temperatureC },
      task.kinematics,
    );
    return { features, featuresError: null };
  } catch (e) {
    return { features: null, featuresError: String((e as Error)?.message ?? e).slice(0, 200) };
  }
}

export function runDspTask(task: DspTask) {
  switch (task.kind) {
    case 'spectrum':
    case 'envelope':
    case 'cepstrum':
    case 'spectrogram':
    case 'autocorrelation':
    case 'polar':
    case 'orbit':
      return computeDomain(task);
    case 'measurementFeatures':
      return measurementFeatures(task);
    case 'measurementTelemetry': {
      const w = senseway.decodeTriaxial(task.bytes, task.rangeIndex);
      return [w.x, w.y, w.z].map((axis) =>
        computeTelemetry(axis, task.samplingRateHz).map((t) => ({ name: t.name, value: t.value, unit: t.unit })),
      );
    }
    case 'measurementAnalysis':
      return measurementAnalysis(task);
    case 'aiPrediction':
      return runAiPredictionTask(task);
    case 'faultReportDocument':
      return runReportDocumentTask(task);
    case 'analysisRequest':
      return runAnalysisRequest(task);
    case 'telemetry':
      return computeTelemetry(task.signal, task.samplingRateHz).map((t) => ({ name: t.name, value: t.value, unit: t.unit }));
  }
}

export default runDspTask;
