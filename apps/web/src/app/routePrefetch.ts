import type { QueryClient } from '@tanstack/react-query';
import { queryToken, sessionStore } from '../core/session';
import { measurementIdOfRoute } from './earlyReads';
import { mainShellChunk, measurementDetailChunk } from './routeChunks';

/**
 * Starts, while the entry's modules still load, what the page at the address will need, instead of
 * after the customer, the shell and the page have each been loaded and rendered in turn (issue 18: a
 * measurement's spectrum appears at once). Only for a logged-in user (a stored session): without one
 * the route guard sends the visitor to the login page; and not with a `?token=` in the address
 * (`measurementIdOfRoute`).
 * - every page behind the login: the shell's chunk with the screens' texts (routeChunks.ts);
 * - `/measurement/{id}`: the measurement query (its detail and waveform, already asked for by
 *   earlyReads.ts, and once the detail is in, its point: `measurementQueryOptions`), the page's
 *   chunk, then its DSP worker and chart code (`warmUpMeasurementPage`). The page's queries then
 *   find their answers in the cache or in flight (TanStack Query `prefetchQuery`).
 * Failures are left to the pages, which ask again and show them.
 * @param client the app's query cache
 * @param path the address's path (default: the current one)
 * @param search the address's query string (default: the current one)
 * @returns a promise that settles (never rejects) once everything started has settled: the app does
 *   not wait for it; a test does, so that no module still loads after it ends.
 */
export function prefetchRoute(
  client: QueryClient,
  path: string = window.location.pathname,
  search: string = window.location.search,
): Promise<void> {
  if (path === '/login' || !sessionStore.get() || queryToken(search)) return Promise.resolve();
  const code: Promise<unknown>[] = [mainShellChunk.preload()];
  const data: Promise<unknown>[] = [];
  const id = measurementIdOfRoute(path, search);
  if (id) {
    data.push(
      import('../features/measurement-detail/measurementApi').then((api) =>
        client.prefetchQuery(api.measurementQueryOptions(client, id)),
      ),
    );
    code.push(
      measurementDetailChunk.preload(),
      import('../features/measurement-detail/pageWarmUp').then((w) => w.warmUpMeasurementPage()),
    );
  }
  codeReady = Promise.allSettled(code).then(() => undefined);
  return Promise.allSettled([...code, ...data]).then(() => undefined);
}

let codeReady: Promise<void> = Promise.resolve();

/**
 * Settles (never rejects) once the code the last {@link prefetchRoute} started is loaded: the shell's
 * chunk and, on a measurement's address, the page's and its charts'. main.tsx renders the app no
 * sooner (within a bound). A first render that finds them loaded renders them at once
 * (core/chunks/lazyPreloadable.tsx), where one that suspends on them commits a fallback, and React
 * then reveals the content no sooner than 300 ms after it (react-dom's `FALLBACK_THROTTLE_MS`).
 * The data is not waited for: the first render (~0.2 s here) runs while it comes, and waiting for
 * the measurement and its spectra as well made the spectrum later, not sooner (measured warm with
 * `npm run bench -- measurement-page`: docs/architecture.md "Issue 18's figures").
 */
export const routeCodeReady = (): Promise<void> => codeReady;
