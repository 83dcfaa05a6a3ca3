import { badRequestBody, errorBody, LANGUAGE_HEADER, TOKEN_HEADER } from '@overtone/contract';
import { currentLanguage } from '../i18n';
import { currentToken, sessionStore } from '../session';
import { ApiError } from './ApiError';
import { fetchGet } from './earlyGet';
import { errorMessage, fieldErrorMessage, genericErrorMessage } from './errorMessage';

/** Base path of the API; the dev server proxies it to apps/server. */
export const API_BASE = '/api';

/** Anything that parses an unknown JSON value into `T` (a zod schema of the contract). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** Contract schema of the answer; without it the answer is ignored and `undefined` returned. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Show no toast for a failure (the caller handles it or it is only logged). */
  silent?: boolean;
  /**
   * On a 401, remove the stored user and go to login (default true, spec 000 §2). False for calls
   * whose 401 is an answer the caller handles (an expired reset link, a best-effort logout, the
   * customer's full record whose fallback is the summary).
   */
  redirectOnUnauthorized?: boolean;
}

/** What the API client does with a failure besides throwing it; set once by the app (ApiBridge). */
export interface ApiHandlers {
  /** Shows an error toast. */
  notifyError(text: string): void;
  /** Goes to `/login?returnUrl=<returnUrl>` after a 401 (the stored user is already removed). */
  redirectToLogin(returnUrl: string): void;
}

let handlers: ApiHandlers = {
  notifyError: (text) => console.error(text),
  redirectToLogin: (returnUrl) => window.location.assign(`/login?returnUrl=${encodeURIComponent(returnUrl)}`),
};

export function configureApiClient(next: Partial<ApiHandlers>): void {
  handlers = { ...handlers, ...next };
}

/** Pages on which a 401 is an answer to the user (a failed login), not an expired session. */
const isOpenAuthPage = (pathname: string) => pathname === '/login' || pathname.startsWith('/verify-mfa');

/**
 * Where to come back after logging in again: the current location without a `token` query
 * parameter (the server just refused it; carrying it along would refuse the next login too).
 */
function returnUrlAfter401(): string {
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(search);
  params.delete('token');
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ''}${hash}`;
}

/**
 * The headers of every API call (spec 000 §7): `Accept`, the interface language and, with a
 * session or a share link's token, the token. A new object each call (callers add theirs).
 * @param accept the media type asked for (`application/json`, the signal's, a PDF…)
 */
export function apiHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, [LANGUAGE_HEADER]: currentLanguage() };
  const token = currentToken();
  if (token) headers[TOKEN_HEADER] = token;
  return headers;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Turns a failed answer into an {@link ApiError}, after the side effects the spec asks for
 * (spec 000 §2, §8): 400 → each `errors[].msg` as an error toast (a message key is translated
 * through the `errors` namespace); 401 → the stored user is removed and the browser goes to login
 * with a returnUrl (on login/verify-mfa, or when the caller asks for it, the message is shown
 * instead); 403 → nothing; other 4xx (404, 409, 429 …) → the answer's message (the translation of
 * its code when the client knows it) as an error toast; 5xx → a translated generic message.
 */
function handleFailure(status: number, json: unknown, silent: boolean, redirectOnUnauthorized: boolean): ApiError {
  const notify = (text: string) => {
    if (!silent) handlers.notifyError(text);
  };

  if (status === 400) {
    const bad = badRequestBody.safeParse(json);
    const items = bad.success ? bad.data.errors : [];
    const texts = items.map((e) => fieldErrorMessage(e.msg));
    const fallback = errorBody.safeParse(json);
    if (!texts.length)
      texts.push(fallback.success ? errorMessage(fallback.data.code, fallback.data.message) : genericErrorMessage());
    texts.forEach(notify);
    return new ApiError(400, texts.join('\n'), fallback.success ? fallback.data.code : 'VALIDATION', items, json);
  }

  const parsed = errorBody.safeParse(json);
  const code = parsed.success ? parsed.data.code : undefined;
  const text =
    status >= 500 ? (code ? errorMessage(code, undefined) : genericErrorMessage()) : errorMessage(code, parsed.data?.message);

  if (status === 401) {
    // A share link that expired while its page is open is no session failure: said, no logout.
    if (!redirectOnUnauthorized || code === 'SHARE_LINK_INVALID' || isOpenAuthPage(window.location.pathname)) notify(text);
    else {
      sessionStore.clear();
      handlers.redirectToLogin(returnUrlAfter401());
    }
  } else if (status !== 403) notify(text);

  return new ApiError(status, text, code, [], json);
}

/**
 * Calls the API with the `token` and `language` headers (spec 000 §7) and parses the answer with
 * its contract schema.
 * @throws ApiError for any failure (after showing it as the spec says, unless `silent`); an
 *   aborted request rethrows the AbortError untouched.
 */
export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, schema, signal, silent = false, redirectOnUnauthorized = true } = options;
  const headers = apiHeaders('application/json');
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const url = buildUrl(path, query);

  let res: Response;
  try {
    res = await (method === 'GET' && body === undefined
      ? fetchGet(url, headers, signal)
      : fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal }));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const text = genericErrorMessage();
    if (!silent) handlers.notifyError(text);
    throw new ApiError(0, text, 'NETWORK');
  }

  const json = await readJson(res);
  if (!res.ok) throw handleFailure(res.status, json, silent, redirectOnUnauthorized);
  if (!schema) return undefined as T;
  try {
    return schema.parse(json);
  } catch (e) {
    console.error(`Answer of ${method} ${path} does not match the contract`, e);
    const text = genericErrorMessage();
    if (!silent) handlers.notifyError(text);
    throw new ApiError(0, text, 'INVALID_RESPONSE');
  }
}
