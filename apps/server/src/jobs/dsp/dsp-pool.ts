import os from 'node:os';
import { Piscina } from 'piscina';
import { configureWorkerHeaps } from '../../infra/worker-heap.ts';
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
  /** Runs one task (see dsp-tasks.ts); signal buffers are moved to the worker. */
  run<T = unknown>(task: DspTask): Promise<T>;
  telemetry(signalG: Float64Array, samplingRateHz: number): Promise<TelemetryResult[]>;
  close(): Promise<void>;
}

const buffersOf = (task: DspTask) =>
  [
    'signal' in task ? task.signal : undefined,
    'signal2' in task ? task.signal2 : undefined,
    // an analysis request's body buffer belongs to that request alone (modules/analysis/body.ts)
    task.kind === 'analysisRequest' ? task.bytes : undefined,
  ]
    .filter((a): a is Float64Array | Uint8Array => a instanceof Float64Array || a instanceof Uint8Array)
    .map((a) => a.buffer as ArrayBuffer);

/** Worker-thread pool (piscina) of `threads` workers; default: one per core, at least one. */
export function createDspPool(threads = Math.max(1, os.availableParallelism())): DspPool {
  configureWorkerHeaps();
  const pool = new Piscina({
    filename: new URL('./dsp-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  const run = <T>(task: DspTask) => pool.run(task, { transferList: buffersOf(task) }) as Promise<T>;
  return {
    run,
    telemetry: (signal, samplingRateHz) => run<TelemetryResult[]>({ kind: 'telemetry', signal: signal.slice(), samplingRateHz }),
    close: () => pool.destroy(),
  };
}

/** Same tasks on the calling thread (`DSP_WORKERS=0`). */
export function createInlineDspPool(): DspPool {
  return {
    run: async <T>(task: DspTask) => runDspTask(task) as T,
    telemetry: async (signal, samplingRateHz) => runDspTask({ kind: 'telemetry', signal, samplingRateHz }) as TelemetryResult[],
    close: async () => {},
  };
}
