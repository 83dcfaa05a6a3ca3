/// <reference lib="webworker" />
/**
 * The ALTCHA widget's solver worker, replaced (registered by `altchaWorker.ts`): the same messages
 * as the widget's own worker (altcha 2.3, `dist_external/worker.js`), so the widget splits the search
 * over its workers and stops the others when one finds the number, exactly as before:
 * - in: `{ type: 'work', payload: { algorithm, challenge, salt }, start, max }`: search `[start, max]`;
 *   `{ type: 'abort' }`: stop;
 * - out: one message per `work`, `{ number, took, worker: true }` or `null` (not found, stopped,
 *   or a payload this solver does not handle, such as an obfuscated one; the widget then shows its
 *   error state).
 * The search itself is `solveAltchaRange` (synchronous hashing, looks at the abort flag between slices).
 */
import { solveAltchaRange, type AltchaChallenge } from './altchaSolve';

interface WorkMessage {
  type: 'work' | 'abort';
  payload?: Partial<AltchaChallenge>;
  start?: number;
  max?: number;
}

let aborted = false;
/** Lets the abort message in between slices (a macrotask: a message event can run). */
const yieldToMessages = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(aborted), 0));

self.onmessage = async (ev: MessageEvent<WorkMessage>) => {
  const { type, payload, start = 0, max = 0 } = ev.data ?? {};
  if (type === 'abort') {
    aborted = true;
    return;
  }
  if (type !== 'work') return;
  aborted = false;
  const t0 = performance.now();
  let found: number | null = null;
  try {
    if (payload?.algorithm && payload.challenge && payload.salt !== undefined)
      found = await solveAltchaRange(payload as AltchaChallenge, start, max + 1, yieldToMessages);
  } catch {
    found = null;
  }
  self.postMessage(found === null ? null : { number: found, took: Math.round(performance.now() - t0), worker: true });
};
