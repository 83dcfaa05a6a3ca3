import { z } from 'zod';
import type { Permission } from '../permissions.ts';

/**
 * Who may call an operation (spec 000 §6); the server enforces it on every request
 * (apps/server/src/modules/auth/access.ts):
 * - `{ public: true }`: anyone (login, captcha, customer lookup, health);
 * - `{ session: true }`: any logged-in user of the customer;
 * - `{ permission: [...] }`: a logged-in user whose role grants at least one of them;
 * - `{ shareToken: true }`: the holder of a share link's token (no session; docs/share-links.md): the
 *   server answers 401 SHARE_LINK_INVALID without a valid token of the host's customer, 404 for any
 *   measurement but the shared one, 403 SHARE_NOT_ALLOWED for an extra the link does not grant.
 */
export type EndpointAccess = { public: true } | { session: true } | { permission: readonly Permission[] } | { shareToken: true };

/** The statuses an operation may answer besides 200: 400 with `badRequestBody`, the others with `errorBody` unless `errorSchemas` says otherwise (a 204's empty body). */
export type ErrorStatus = 204 | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/**
 * One operation of the HTTP API, written once (issue 20 "One endpoint table"): the server registers
 * its route from it (apps/server/src/infra/endpoint-route.ts), the web calls it through it
 * (apps/web/src/core/api/callEndpoint.ts) and the tests' client too (test/support/endpoint-client.ts);
 * `docs/openapi.json` is generated from the routes the server registered, so from this.
 *
 * `path` is relative to `/api`, with `:name` parameters (e.g. `/point/:id`), each named in `params`.
 * `params`, `query` and `body` are the zod schemas the request is validated with (a mismatch is a
 * 400 `badRequestBody`); `response` the schema of the 200 answer; `errors` the other statuses the
 * operation documents.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/${string}`;
  readonly access: EndpointAccess;
  /** OpenAPI grouping */
  readonly tags: readonly string[];
  readonly summary: string;
  /** what the operation does, its rules and errors (OpenAPI description) */
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** the 200 answer's schema; absent for an answer that is not JSON (bytes, a stream, a redirect) */
  readonly response?: z.ZodType;
  /** the statuses answered besides 200 (400 `badRequestBody`, others `errorBody`) */
  readonly errors?: readonly ErrorStatus[];
  /** a status whose body is not the usual one (e.g. a 401 that says more), by status */
  readonly errorSchemas?: Partial<Record<ErrorStatus, z.ZodType>>;
  /**
   * The operation stays open to a caller who must choose a new password first (a reset link's token,
   * or a first login); every other non-public one answers them 403 PASSWORD_CHANGE_REQUIRED.
   */
  readonly duringPasswordChange?: true;
}

/** The path parameters of an operation on one thing named by its id (`/…/:id`). */
export const idParams = z.object({ id: z.string() });

/** Declares an endpoint, keeping its schemas' exact types (so callers and handlers are typed from them). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** The values of an endpoint's path parameters, as its callers give them. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
/** An endpoint's query, as its callers give it. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
/** An endpoint's body, as its callers give it. */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** An endpoint's 200 answer, parsed (unknown for an answer that is not JSON). */
export type EndpointAnswer<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : unknown;

/** The names of a path's `:name` parameters, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/**
 * The path of a call: every `:name` replaced by its value, URI-encoded.
 * @throws Error when a parameter has no value
 * @example endpointPath(ENDPOINTS.getPoint, { id: 'a b' }) // '/point/a%20b'
 */
export function endpointPath(e: Endpoint, params?: Record<string, string | number>): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === '') throw new Error(`${e.method} ${e.path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
}
