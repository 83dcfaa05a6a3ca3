import type { Endpoint, EndpointAnswer, EndpointBody, EndpointParams, EndpointQuery } from '@overtone/contract';
import { endpointPath } from '@overtone/contract';
import { apiRequest, type RequestOptions } from './apiClient';

/** What a call of an endpoint sends, typed from the endpoint's schemas. */
export interface EndpointCall<E extends Endpoint> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
}

/** How the answer is read: the endpoint's own schema (default), another read model, or not at all (`null`). */
type AnswerSchema<T> = NonNullable<RequestOptions<T>['schema']> | null;

/** How {@link callEndpoint} sends the call and reads its answer. */
export type EndpointCallOptions<T> = Omit<RequestOptions<T>, 'method' | 'query' | 'body' | 'schema'> & {
  schema?: AnswerSchema<T>;
};

/**
 * Calls an operation of the contract's endpoint table (packages/contract/src/endpoints): its method
 * and path (with the `params` filled in, URI-encoded) come from the table, so a path is written
 * once; the answer is parsed with the endpoint's response schema unless `schema` gives another
 * read model of it (or `null` to ignore it). Errors are handled as `apiRequest` handles them.
 * @example callEndpoint(ENDPOINTS.getPoint, { params: { id } }, { signal })
 */
export function callEndpoint<E extends Endpoint, T = EndpointAnswer<E>>(
  e: E,
  call: EndpointCall<E> = {},
  options: EndpointCallOptions<T> = {},
): Promise<NoInfer<T>> {
  const { schema, ...rest } = options;
  return apiRequest<T>(endpointPath(e, call.params as Record<string, string> | undefined), {
    ...rest,
    method: e.method,
    query: call.query as RequestOptions<T>['query'],
    body: call.body,
    schema: schema === null ? undefined : ((schema ?? e.response) as RequestOptions<T>['schema']),
  });
}
