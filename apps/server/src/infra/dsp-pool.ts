import os from 'node:os';
import { Piscina } from 'piscina';
import type { SpectrumBody } from '@overtone/contract';
import { runDspTask, type DspTask } from './dsp-tasks.ts';

/** Telemetry of one axis: name (GRMS, VRMS, ...), value and unit. */
export interface TelemetryResult {
  name: string;
  value: number;
  unit: string;
}

/**
 * The DSP work of the server behind one interface (ARCHITECTURE.md "heavy DSP"): a worker-thread
 * pool by default, so long analyses never block the API's event loop; the same tasks can move to
 * other hosts without touching callers.
 */
export interface DspPool {
  spectrum(body: SpectrumBody): Promise<{ x: number[]; y: number[]; unit: string }>;
  telemetry(signalG: Float64Array, samplingRateHz: number): Promise<TelemetryResult[]>;
  close(): Promise<void>;
}

/** Worker-thread pool (piscina) of `threads` workers; default: one per core, at least one. */
export function createDspPool(threads = Math.max(1, os.availableParallelism())): DspPool {
  const pool = new Piscina({
    filename: new URL('./dsp-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    spectrum: (body) => pool.run({ kind: 'spectrum', body } satisfies DspTask),
    telemetry: (signalG, samplingRateHz) => pool.run({ kind: 'telemetry', signalG, samplingRateHz } satisfies DspTask),
    close: () => pool.destroy(),
  };
}

/** Same tasks on the calling thread (`DSP_WORKERS=0`). */
export function createInlineDspPool(): DspPool {
  return {
    spectrum: async (body) => runDspTask({ kind: 'spectrum', body }) as { x: number[]; y: number[]; unit: string },
    telemetry: async (signalG, samplingRateHz) => runDspTask({ kind: 'telemetry', signalG, samplingRateHz }) as TelemetryResult[],
    close: async () => {},
  };
}
