import { amplitudeSpectrum, computeTelemetry } from '@overtone/dsp';
import type { SpectrumBody } from '@overtone/contract';

/** The DSP tasks, runnable on any thread: plain data in, plain data out (structured-clonable). */
export type DspTask =
  { kind: 'spectrum'; body: SpectrumBody } | { kind: 'telemetry'; signalG: Float64Array; samplingRateHz: number };

export function runDspTask(task: DspTask) {
  if (task.kind === 'spectrum') {
    const b = task.body;
    const s = amplitudeSpectrum({
      signal: b.signal,
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      half: b.half,
      mode: b.mode,
    });
    return { x: Array.from(s.frequencyHz), y: Array.from(s.amplitude), unit: s.unit };
  }
  return computeTelemetry(task.signalG, task.samplingRateHz).map((t) => ({ name: t.name, value: t.value, unit: t.unit }));
}

export default runDspTask;
