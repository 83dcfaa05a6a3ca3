import type { QueryClient } from '@tanstack/react-query';
import { queryToken, sessionStore } from '../core/session';
import { mainShellChunk, measurementDetailChunk } from './routeChunks';

/**
 * Starts, while the entry's modules still load, what the page at the address will need, instead of
 * after the customer, the shell and the page have each been loaded and rendered in turn (issue 18: a
 * measurement's spectrum appears at once). Only for a logged-in user (a stored session): without one
 * the route guard sends the visitor to the login page; and not with a `?token=` in the address, which
 * may be a share link, whose page reads the measurement under `/share` (docs/share-links.md).
 * - every page behind the login: the shell's chunk with the screens' texts (routeChunks.ts);
 * - `/measurement/{id}`: the measurement with its waveform (and, once the detail is in, its point:
 *   `measurementQueryOptions`), the page's chunk, then its DSP worker and chart code
 *   (`warmUpMeasurementPage`). The page's queries then find their answers in the cache or in flight
 *   (TanStack Query `prefetchQuery`).
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
  const started: Promise<unknown>[] = [mainShellChunk.preload()];
  const measurement = /^\/measurement\/([^/]+)\/?$/.exec(path);
  const id = measurement && safeDecode(measurement[1]!);
  if (id) {
    started.push(
      import('../features/measurement-detail/measurementApi').then((api) =>
        client.prefetchQuery(api.measurementQueryOptions(client, id)),
      ),
      measurementDetailChunk.preload(),
      import('../features/measurement-detail/pageWarmUp').then((w) => w.warmUpMeasurementPage()),
    );
  }
  return Promise.allSettled(started).then(() => undefined);
}

/** The decoded path segment, or null when it is not valid percent-encoding (the page says so). */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
