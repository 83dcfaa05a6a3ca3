import {
  amplitudeSpectrum,
  autocorrelation,
  computeTelemetry,
  envelopeSpectrum,
  orbitAnalysis,
  polarAnalysis,
  realCepstrum,
  spectrogram,
} from '@overtone/dsp';
import { senseway, type WindowName } from '@overtone/contract';
import { runAiPredictionTask, type AiPredictionTask } from '../modules/ai-models/worker-task.ts';
import { runAnalysisRequest, type AnalysisRequestTask } from '../modules/analysis/worker-task.ts';

/**
 * The DSP tasks, runnable on any thread: typed arrays and plain numbers in, typed arrays and plain
 * numbers out (structured-clonable; buffers are moved, not copied, across threads).
 */
export type DspTask =
  | {
      kind: 'spectrum';
      signal: Float64Array;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      half: boolean;
      mode: 'accelerometer' | 'velocity';
    }
  | {
      kind: 'envelope';
      signal: Float64Array;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      bandHz: [number, number];
      xlimHz: number;
    }
  | { kind: 'cepstrum'; signal: Float64Array; samplingRateHz: number; window: WindowName; removeDc: boolean }
  | {
      kind: 'spectrogram';
      signal: Float64Array;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      nfft: number;
      overlap: number;
    }
  | { kind: 'autocorrelation'; signal: Float64Array; window: WindowName; lagSize: number }
  | {
      kind: 'polar';
      signal: Float64Array;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      referenceFrequencyHz: number;
    }
  | {
      kind: 'orbit';
      signal: Float64Array;
      signal2: Float64Array;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      referenceFrequencyHz: number;
    }
  | { kind: 'telemetry'; signal: Float64Array; samplingRateHz: number }
  /** ingest post-processing: int16 LE X,Y,Z bytes of a measurement → telemetry of each axis */
  | { kind: 'measurementTelemetry'; bytes: Uint8Array; rangeIndex: number; samplingRateHz: number }
  /** AI-model predictions of a stored measurement (modules/ai-models/worker-task.ts) */
  | AiPredictionTask
  /** a whole `POST /vibration/signal/*` request, raw JSON in, JSON out (modules/analysis/worker-task.ts) */
  | AnalysisRequestTask;

export function runDspTask(task: DspTask) {
  switch (task.kind) {
    case 'spectrum': {
      const s = amplitudeSpectrum({ ...task });
      return { x: s.frequencyHz, y: s.amplitude, unit: s.unit };
    }
    case 'envelope': {
      const s = envelopeSpectrum({ ...task });
      return { x: s.frequencyHz, y: s.amplitude, unit: s.unit };
    }
    case 'cepstrum': {
      const c = realCepstrum({ ...task });
      return { x: c.quefrencyS, y: c.amplitude, unit: 's' };
    }
    case 'spectrogram': {
      const s = spectrogram({ ...task });
      return { f: s.frequencyHz, t: s.timeS, sxx: s.sxx, unit: s.unit };
    }
    case 'autocorrelation': {
      const a = autocorrelation({ ...task });
      return { r: a.r, lags: a.lags };
    }
    case 'polar': {
      const p = polarAnalysis({ ...task });
      return { r: p.r, phase: p.phase, r_mean: p.rMean, phase_mean: p.phaseMean, unit: p.unit };
    }
    case 'orbit': {
      const o = orbitAnalysis({ ...task });
      const part = (p: { r: Float64Array; phase: Float64Array; rMean: number; phaseMean: number }) => ({
        r: p.r,
        phase: p.phase,
        r_mean: p.rMean,
        phase_mean: p.phaseMean,
      });
      return { ...part(o), unit: o.unit, x: part(o.x), y: part(o.y) };
    }
    case 'measurementTelemetry': {
      const w = senseway.decodeTriaxial(task.bytes, task.rangeIndex);
      return [w.x, w.y, w.z].map((axis) =>
        computeTelemetry(axis, task.samplingRateHz).map((t) => ({ name: t.name, value: t.value, unit: t.unit })),
      );
    }
    case 'aiPrediction':
      return runAiPredictionTask(task);
    case 'analysisRequest':
      return runAnalysisRequest(task, runDspTask);
    case 'telemetry':
      return computeTelemetry(task.signal, task.samplingRateHz).map((t) => ({ name: t.name, value: t.value, unit: t.unit }));
  }
}

export default runDspTask;
