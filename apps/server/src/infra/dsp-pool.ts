import { amplitudeSpectrum, computeTelemetry } from '@overtone/dsp';
import type { SpectrumBody } from '@overtone/contract';

/** Telemetry of one axis: name (GRMS, VRMS, ...), value and unit. */
export interface TelemetryResult {
  name: string;
  value: number;
  unit: string;
}

/**
 * The DSP work of the server behind one interface, so it can move off the request thread
 * (worker pool) or to other hosts without touching callers (ARCHITECTURE.md "heavy DSP").
 */
export interface DspPool {
  spectrum(body: SpectrumBody): Promise<{ x: number[]; y: number[]; unit: string }>;
  telemetry(signalG: Float64Array, samplingRateHz: number): Promise<TelemetryResult[]>;
  close(): Promise<void>;
}

/** In-process implementation (the default; see docs/architecture.md for the worker pool plan). */
export function createInlineDspPool(): DspPool {
  return {
    async spectrum(b) {
      const s = amplitudeSpectrum({
        signal: b.signal,
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
        half: b.half,
        mode: b.mode,
      });
      return { x: Array.from(s.frequencyHz), y: Array.from(s.amplitude), unit: s.unit };
    },
    async telemetry(signalG, fs) {
      return computeTelemetry(signalG, fs).map((t) => ({ name: t.name, value: t.value, unit: t.unit }));
    },
    async close() {},
  };
}
