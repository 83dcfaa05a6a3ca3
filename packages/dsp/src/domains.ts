/**
 * The analysis domains of the measurement page and of `POST /vibration/signal/*`, as ONE function
 * both sides call: the server's endpoint (apps/server/src/modules/analysis/worker-task.ts) and the
 * browser's Web Worker (apps/web/src/features/measurement-detail/domains/domains.worker.ts). Same
 * code, same WebAssembly kernels, so the page shows exactly what the API answers. Definitions,
 * units and sources of each analysis: docs/dsp.md.
 */
import { autocorrelation } from './autocorrelation.ts';
import { realCepstrum } from './cepstrum.ts';
import { envelopeSpectrum } from './envelope.ts';
import { orbitAnalysis, polarAnalysis } from './polar.ts';
import { spectrogram } from './spectrogram.ts';
import { amplitudeSpectrum, type SpectrumMode } from './spectrum.ts';
import type { WindowName } from './windows.ts';

/** One domain request: the analysis, its settings and its signal(s) in g at `samplingRateHz`. */
export type DomainRequest =
  | {
      kind: 'spectrum';
      signal: ArrayLike<number>;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      half: boolean;
      mode: SpectrumMode;
    }
  | {
      kind: 'envelope';
      signal: ArrayLike<number>;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      bandHz: [number, number];
      xlimHz: number;
    }
  | { kind: 'cepstrum'; signal: ArrayLike<number>; samplingRateHz: number; window: WindowName; removeDc: boolean }
  | {
      kind: 'spectrogram';
      signal: ArrayLike<number>;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      nfft: number;
      overlap: number;
    }
  | { kind: 'autocorrelation'; signal: ArrayLike<number>; window: WindowName; lagSize: number }
  | {
      kind: 'polar';
      signal: ArrayLike<number>;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      referenceFrequencyHz: number;
    }
  | {
      kind: 'orbit';
      signal: ArrayLike<number>;
      signal2: ArrayLike<number>;
      samplingRateHz: number;
      window: WindowName;
      removeDc: boolean;
      referenceFrequencyHz: number;
    };

/** A curve: `x` in Hz (spectrum, envelope) or s (cepstrum quefrency), `y` in `unit`. */
export interface DomainCurve {
  x: Float64Array;
  y: Float64Array;
  unit: string;
}
/** Polar result of one axis: `r` (g) and `phase` (degrees) per revolution and their vector mean. */
export interface DomainPolarPart {
  r: Float64Array;
  phase: Float64Array;
  r_mean: number;
  phase_mean: number;
}
export interface DomainResults {
  spectrum: DomainCurve;
  envelope: DomainCurve;
  cepstrum: DomainCurve;
  spectrogram: { f: Float64Array; t: Float64Array; sxx: Float64Array[]; unit: string };
  autocorrelation: { r: Float64Array; lags: Float64Array };
  polar: DomainPolarPart & { unit: string };
  orbit: DomainPolarPart & { unit: string; x: DomainPolarPart; y: DomainPolarPart };
}
export type DomainResult<K extends DomainRequest['kind']> = DomainResults[K];

const part = (p: { r: Float64Array; phase: Float64Array; rMean: number; phaseMean: number }): DomainPolarPart => ({
  r: p.r,
  phase: p.phase,
  r_mean: p.rMean,
  phase_mean: p.phaseMean,
});

/**
 * Computes one analysis domain.
 *
 * Parameters
 * ----------
 * request : DomainRequest
 *     `signal` (and an orbit's `signal2`) in g; `samplingRateHz` > 0; the settings of each analysis
 *     as its function takes them (amplitudeSpectrum, envelopeSpectrum, realCepstrum, spectrogram,
 *     autocorrelation, polarAnalysis, orbitAnalysis).
 *
 * Returns
 * -------
 * The answer's shape of the endpoint (contract analysis.ts) with typed arrays: spectrum, envelope
 * and cepstrum `{x, y, unit}` (cepstrum unit 's'), spectrogram `{f, t, sxx, unit}`, autocorrelation
 * `{r, lags}`, polar `{r, phase, r_mean, phase_mean, unit}`, orbit the same with `x` and `y` parts.
 *
 * Raises
 * ------
 * RangeError / TypeError from the analysis on bad arguments (too short a signal, lagSize ≥ N …).
 */
export function computeDomain<R extends DomainRequest>(request: R): DomainResult<R['kind']>;
export function computeDomain(task: DomainRequest): DomainResults[keyof DomainResults] {
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
      return { ...part(p), unit: p.unit };
    }
    case 'orbit': {
      const o = orbitAnalysis({ ...task });
      return { ...part(o), unit: o.unit, x: part(o.x), y: part(o.y) };
    }
  }
}
