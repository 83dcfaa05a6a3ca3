import {
  endpointPath,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
} from '@overtone/contract';
import { api } from './test-server.ts';

/** What a test sends to an endpoint of the contract's table, typed from its schemas. */
export interface TestCall<E extends Endpoint> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** the Host header (the tenant) */
  host?: string;
}

/**
 * One call of an endpoint of the contract's table (packages/contract/src/endpoints), as the tests'
 * `api` makes it: method and path (parameters filled in) come from the table, the query is encoded,
 * the 200 answer is typed as the endpoint's (not parsed: a test asserts what the server sent).
 */
export function callApi<E extends Endpoint>(baseUrl: string, token: string | null, e: E, call: TestCall<E> = {}) {
  const query = call.query
    ? `?${new URLSearchParams(Object.entries(call.query as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  return api<EndpointAnswer<E>>(
    baseUrl,
    token,
    e.method,
    endpointPath(e, call.params as Record<string, string>) + query,
    call.body,
    {
      host: call.host,
    },
  );
}
