import os from 'node:os';
import { Piscina } from 'piscina';
import { configureHeaps } from '../../infra/heaps.ts';
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
  /**
   * Runs one task (see dsp-tasks.ts). Its buffers (`signal`, `signal2`, `bytes`) are moved to the
   * worker: the caller must not read them afterwards (they are detached; a view into a larger
   * buffer is copied instead, see `movedTask`).
   */
  run<T = unknown>(task: DspTask): Promise<T>;
  telemetry(signalG: Float64Array, samplingRateHz: number): Promise<TelemetryResult[]>;
  close(): Promise<void>;
}

type Movable = Float64Array | Uint8Array;
/** The fields of a task that hold its signal buffers. */
const BUFFER_FIELDS = ['signal', 'signal2', 'bytes'] as const;

/**
 * A view whose memory may be moved to another thread: one that spans its whole `ArrayBuffer`. A view
 * into a larger buffer (a slice of Node's shared `Buffer` pool, a `subarray`) is copied first, so a
 * move never takes memory the caller shares with anything else.
 */
const owned = <T extends Movable>(a: T): T =>
  a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer ? a : (a.slice() as T);

/**
 * The task as it is posted, and the buffers moved with it (`transferList`): every signal, every
 * raw measurement's bytes (`bytes`: ingest's telemetry, the diagnosis' features, the AI
 * predictions, an analysis request's body). Moving costs no copy on either thread; posted by
 * structured clone, a 300 000-byte measurement cost ~0.18 ms on the event loop and as much again in
 * the worker (docs/architecture.md "Fifth pass").
 */
function movedTask(task: DspTask): { task: DspTask; transferList: ArrayBuffer[] } {
  const moved: Record<string, unknown> = { ...task };
  const transferList: ArrayBuffer[] = [];
  for (const field of BUFFER_FIELDS) {
    const a = moved[field];
    if (!(a instanceof Float64Array || a instanceof Uint8Array)) continue;
    const own = owned(a);
    moved[field] = own;
    // the same array in two fields (an orbit of one axis against itself) is moved once
    if (!transferList.includes(own.buffer as ArrayBuffer)) transferList.push(own.buffer as ArrayBuffer);
  }
  return { task: moved as DspTask, transferList };
}

/** Worker-thread pool (piscina) of `threads` workers; default: one per core, at least one. */
export function createDspPool(threads = Math.max(1, os.availableParallelism())): DspPool {
  configureHeaps();
  const pool = new Piscina({
    filename: new URL('./dsp-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  const run = <T>(task: DspTask) => {
    const { task: posted, transferList } = movedTask(task);
    return pool.run(posted, { transferList }) as Promise<T>;
  };
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
