/**
 * GET requests started while the app's code still loads (app/earlyReads.ts: a measurement's detail
 * and waveform), handed to the first caller that asks for the same URL with the same headers
 * (`apiRequest`, the measurement's signal), so the answer is on its way 0.15–0.2 s before the
 * page's code could have asked (issue 18: a measurement's spectrum appears at once). Each is taken
 * once; one nobody took within {@link EARLY_GET_KEEP_MS} is forgotten (its answer could be stale).
 */

/** How long an early answer waits to be taken, ms. */
export const EARLY_GET_KEEP_MS = 15_000;

const waiting = new Map<string, { response: Promise<Response>; until: number }>();

const keyOf = (url: string, headers: Record<string, string>) =>
  [
    url,
    ...Object.entries(headers)
      .map(([k, v]) => `${k.toLowerCase()}:${v}`)
      .sort(),
  ].join('\n');

/**
 * Starts `GET url` with `headers` now, unless the same request is already waiting.
 * @param url as `buildUrl` makes it (path and query string)
 * @param headers the exact headers the later caller will send (`apiHeaders`)
 */
export function startEarlyGet(url: string, headers: Record<string, string>): void {
  const key = keyOf(url, headers);
  if (waiting.has(key)) return;
  const response = fetch(url, { headers });
  response.catch(() => undefined); // a network failure reaches the caller that takes it
  waiting.set(key, { response, until: Date.now() + EARLY_GET_KEEP_MS });
}

/**
 * `GET url` with `headers`: the early request's answer when one is waiting (taken: a second call
 * fetches again), else a new request.
 * @param signal aborts a new request (an early one is already under way and is not aborted)
 */
export function fetchGet(url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  const key = keyOf(url, headers);
  const early = waiting.get(key);
  if (early) {
    waiting.delete(key);
    if (early.until >= Date.now()) return early.response;
  }
  return fetch(url, { headers, signal });
}
