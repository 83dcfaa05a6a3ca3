/**
 * Computes an analysis domain in the browser (docs/signals.md): in the page's Web Worker
 * (domains.worker.ts) where the browser has workers, otherwise (tests under jsdom) on this thread
 * with the same function, loaded on first use. Nothing is sent to the server.
 */
import type { DomainRequest, DomainResult } from '@overtone/dsp';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
let worker: Worker | null | undefined;
let seq = 0;
const pending = new Map<number, Pending>();

function workerOf(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./domains.worker.ts', import.meta.url), { type: 'module', name: 'overtone-dsp' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (e: MessageEvent<{ id: number; result?: unknown; error?: { name: string; message: string } }>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.error) p.reject(Object.assign(new Error(e.data.error.message), { name: e.data.error.name }));
    else p.resolve(e.data.result);
  };
  worker.onerror = (e) => {
    // a worker that cannot start (e.g. a CSP without worker-src): compute here from now on
    e.preventDefault();
    const waiting = [...pending.values()];
    pending.clear();
    worker?.terminate();
    worker = null;
    for (const p of waiting) p.reject(new Error('DSP worker failed'));
  };
  return worker;
}

/**
 * One analysis domain of a signal, computed by @overtone/dsp's `computeDomain`.
 *
 * Parameters
 * ----------
 * request : DomainRequest
 *     The analysis and its settings; the signal(s) in g (copied to the worker).
 *
 * Returns
 * -------
 * Promise of the result (typed arrays; shapes in packages/dsp/src/domains.ts). Rejects with the
 * analysis' RangeError / TypeError on bad arguments.
 */
export function computeInBrowser<R extends DomainRequest>(request: R): Promise<DomainResult<R['kind']>> {
  const w = workerOf();
  if (!w) return import('@overtone/dsp').then((d) => d.computeDomain(request) as DomainResult<R['kind']>);
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    w.postMessage({ id, request });
  }).catch((e: Error) =>
    // the worker died under this request: the same computation on this thread
    e.message === 'DSP worker failed' ? import('@overtone/dsp').then((d) => d.computeDomain(request)) : Promise.reject(e),
  ) as Promise<DomainResult<R['kind']>>;
}

/**
 * Starts the page's DSP worker and warms it up while the measurement is still loading: the worker's
 * script, the WebAssembly kernels' compilation and the first plan are then ready when the samples
 * arrive, instead of coming after them (issue 18: the spectrum appears at once). A small spectrum
 * (256 zeros) is computed and its answer dropped. Nothing happens where there is no Worker.
 */
export function warmUpDomains(): void {
  const w = workerOf();
  if (!w) return;
  const request: DomainRequest = {
    kind: 'spectrum',
    signal: new Float64Array(256),
    samplingRateHz: 1000,
    window: 'hanning',
    removeDc: true,
    half: true,
    mode: 'accelerometer',
  };
  w.postMessage({ id: 0, request });
}

/** Samples as the worker takes them (a typed array; number[] is copied once). */
export const samplesOf = (s: ArrayLike<number>): Float64Array => (s instanceof Float64Array ? s : Float64Array.from(s));
