/// <reference lib="webworker" />
/**
 * The measurement page's DSP worker (docs/signals.md): every analysis domain computed off the main
 * thread by @overtone/dsp's `computeDomain`, the very function `POST /vibration/signal/*` runs on
 * the server (same code, same WebAssembly kernels, same numbers). In: `{id, request}`; out:
 * `{id, result}` (typed arrays, moved not copied) or `{id, error: {name, message}}`.
 */
import { computeDomain, type DomainRequest } from '@overtone/dsp';

declare const self: DedicatedWorkerGlobalScope;

/** The typed arrays of a result, to move them to the page instead of copying. */
function buffersOf(v: unknown, out: ArrayBuffer[] = []): ArrayBuffer[] {
  if (ArrayBuffer.isView(v)) {
    if (v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer);
  } else if (Array.isArray(v)) for (const x of v) buffersOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) buffersOf(x, out);
  return out;
}

self.onmessage = (e: MessageEvent<{ id: number; request: DomainRequest }>) => {
  const { id, request } = e.data;
  try {
    const result = computeDomain(request);
    self.postMessage({ id, result }, buffersOf(result));
  } catch (err) {
    const x = err as Error;
    self.postMessage({ id, error: { name: x?.name ?? 'Error', message: String(x?.message ?? err) } });
  }
};
