import {
  endpointPath,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
} from '@overtone/contract';
import { api, type RequestOptions } from './test-server.ts';

/** What a test sends to an endpoint of the contract's table, typed from its schemas. */
export interface TestCall<E extends Endpoint> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** the Host header (the tenant) */
  host?: string;
  /** the `language` header ('en' unless told; null: none) */
  language?: RequestOptions['language'];
  /** more headers (e.g. `accept`) */
  headers?: Record<string, string>;
}

/**
 * One call of an endpoint of the contract's table (packages/contract/src/endpoints), as the tests'
 * `api` makes it: method and path (parameters filled in) come from the table, the query is encoded,
 * the 200 answer is typed as the endpoint's (not parsed: a test asserts what the server sent).
 * A request the contract would refuse (a test of validation) is sent with `api` and its path.
 * @example await callApi(server.url, token, ENDPOINTS.getPoint, { params: { id } })
 */
export function callApi<E extends Endpoint>(baseUrl: string, token: string | null, e: E, call: TestCall<E> = {}) {
  // a value left undefined is not sent (as the web's client does)
  const pairs = Object.entries((call.query ?? {}) as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, string] => [k, String(v)]);
  const query = pairs.length ? `?${new URLSearchParams(pairs)}` : '';
  return api<EndpointAnswer<E>>(
    baseUrl,
    token,
    e.method,
    endpointPath(e, call.params as Record<string, string>) + query,
    call.body,
    { host: call.host, language: call.language, headers: call.headers },
  );
}

/**
 * The body of an answer that is not the endpoint's 200 (`callApi` types only that one): an error's
 * `{ code, message }`, or a 400's `{ errors: [{ msg, param }] }` (the spec's shapes).
 */
export const failureOf = (res: { body: unknown }) =>
  res.body as { code: string; message: string; errors?: { msg: string; param?: string }[] };
