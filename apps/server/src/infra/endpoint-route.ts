import type { z } from 'zod';
import { badRequestBody, errorBody, type Endpoint } from '@overtone/contract';

/** The statuses an endpoint answers besides 200, with their bodies: 400 `badRequestBody`, others `errorBody`. */
const errorBodies = (statuses: readonly number[] = [], own: Partial<Record<number, z.ZodType>> = {}) =>
  Object.fromEntries(statuses.map((s) => [s, own[s] ?? (s === 400 ? badRequestBody : errorBody)])) as Record<number, z.ZodType>;

/** The Fastify route options an endpoint of the contract's table stands for (what `routeOf` returns). */
export interface EndpointRoute<E extends Endpoint> {
  method: E['method'];
  url: E['path'];
  config: { access: E['access']; duringPasswordChange?: true };
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    params: E['params'];
    querystring: E['query'];
    body: E['body'];
    response: (E['response'] extends z.ZodType ? { 200: E['response'] } : unknown) & Record<number, z.ZodType>;
  };
}

/**
 * The route of an endpoint of the contract's table (packages/contract/src/endpoints): method, URL,
 * access and schemas come from the table, so a path, a body shape or an access is written once;
 * the module adds its handler (and any route option of its own):
 *
 *     r.route({ ...routeOf(ENDPOINTS.getPoint), handler: async (req) => ... })
 *
 * The handler's request and answer are typed from the endpoint's schemas (fastify-type-provider-zod).
 */
export function routeOf<E extends Endpoint>(e: E): EndpointRoute<E> {
  return {
    method: e.method,
    url: e.path,
    config: { access: e.access, ...(e.duringPasswordChange ? { duringPasswordChange: true as const } : {}) },
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...((e.params ? { params: e.params } : {}) as { params: E['params'] }),
      ...((e.query ? { querystring: e.query } : {}) as { querystring: E['query'] }),
      ...((e.body ? { body: e.body } : {}) as { body: E['body'] }),
      response: {
        ...(e.response ? { 200: e.response } : {}),
        ...errorBodies(e.errors, e.errorSchemas),
      } as EndpointRoute<E>['schema']['response'],
    },
  };
}
