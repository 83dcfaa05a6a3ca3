import { ENDPOINTS, SIGNAL_MEDIA_TYPE, endpointPath } from '@overtone/contract';
import { apiHeaders, buildUrl } from '../core/api/apiClient';
import { startEarlyGet } from '../core/api/earlyGet';
import { queryToken, sessionStore } from '../core/session';
import { DETAIL_WITHOUT_SAMPLES, signalPathOf } from '../features/measurement-detail/measurementReads';

/**
 * The measurement a `/measurement/{id}` address opens, for a logged-in user (a stored session;
 * without one the route guard sends the visitor to the login page), and not with a `?token=` in
 * the address, which may be a share link, whose page reads the measurement under `/share`
 * (docs/share-links.md). Null for any other address, or an id that is not valid percent-encoding
 * (the page says so).
 */
export function measurementIdOfRoute(path: string, search: string): string | null {
  if (!sessionStore.get() || queryToken(search)) return null;
  const m = /^\/measurement\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/**
 * Starts the reads the page at the address begins with, as the entry's modules are evaluated and
 * before React and Ant Design are (main.tsx imports this module first after the captcha's): on a
 * measurement's address its detail and its waveform, the two requests of `measurementQueryOptions`,
 * with the same URLs and headers, which take their answers (core/api/earlyGet.ts). Measured warm
 * (`npm run bench -- measurement-page`): the two requests now leave 0.24–0.28 s after navigation,
 * as the entry's evaluation ends; before, at 0.39–0.46 s, once the page's API module had loaded and
 * the first render had run (docs/architecture.md "Issue 18's figures").
 * @param path the address's path (default: the current one)
 * @param search the address's query string (default: the current one)
 */
export function startEarlyReads(path: string = window.location.pathname, search: string = window.location.search): void {
  const id = measurementIdOfRoute(path, search);
  if (!id) return;
  startEarlyGet(buildUrl(endpointPath(ENDPOINTS.getMeasurement, { id }), DETAIL_WITHOUT_SAMPLES), apiHeaders('application/json'));
  startEarlyGet(buildUrl(signalPathOf(id)), apiHeaders(SIGNAL_MEDIA_TYPE));
}

if (import.meta.env.MODE !== 'test') startEarlyReads();
