import type { Endpoint, EndpointAnswer, EndpointParams, EndpointQuery } from '@overtone/contract';
import { currentLanguage } from '../i18n';
import { callEndpoint, type EndpointCall, type EndpointCallOptions } from './callEndpoint';

/**
 * What names one cached answer of an operation: its path parameters and query (the body is not
 * part of it: a query that posts one names its inputs in `query` of the key, see
 * {@link endpointQuery}'s `key`), and the interface language for an answer written in it.
 * Every field may be partial, to match many answers at once (an invalidation).
 */
export interface EndpointKeyCall<E extends Endpoint> {
  params?: Partial<NonNullable<EndpointParams<E>>>;
  query?: Partial<NonNullable<EndpointQuery<E>>>;
  /** the interface language the answer is written in (answers that hold translated texts) */
  language?: string;
  /** what else tells two answers apart (a read-only page's copy, the inputs of a posted computation) */
  variant?: unknown;
}

/** The identity of an operation in a query key: its method and path template (`GET /point/:id`). */
export const endpointId = (e: Endpoint): string => `${e.method} ${e.path}`;

/** `o` without its undefined fields (a key's undefined field would not match a filter's absent one). */
function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/**
 * The React Query key of an operation's answers, derived from the endpoint table (issue 20: a path
 * is written once, a key is never spelled by hand).
 *
 * `[endpointId(e)]` names every cached answer of the operation; `[endpointId(e), {params, query,
 * language, variant}]` one of them, or, given partially, all that agree with it: React Query
 * matches a filter's key by prefix and its objects by their given fields (`partialMatchKey`), so
 * `endpointQueryKey(ENDPOINTS.listPointAlarmTransactions, { params: { id } })` invalidates every
 * page of one point's transactions. Undefined fields are dropped.
 *
 * @example queryClient.invalidateQueries({ queryKey: endpointQueryKey(ENDPOINTS.getTree) })
 */
export function endpointQueryKey<E extends Endpoint>(e: E, call?: EndpointKeyCall<E>): readonly unknown[] {
  if (!call) return [endpointId(e)];
  const part = defined({
    params: call.params && defined(call.params as Record<string, unknown>),
    query: call.query && defined(call.query as Record<string, unknown>),
    language: call.language,
    variant: call.variant,
  });
  return [endpointId(e), part];
}

/** How {@link endpointQuery} calls and keys the operation. */
export type EndpointQueryOptions<T> = EndpointCallOptions<T> & {
  /** the answer is written in the interface language: the key holds it, so a switch reads it again */
  translated?: boolean;
  /** what else tells two answers apart in the key (see {@link EndpointKeyCall.variant}) */
  variant?: unknown;
};

/**
 * The `queryKey` and `queryFn` of a read of an operation, for `useQuery`, a prefetch or
 * `fetchQuery`: the call is {@link callEndpoint}'s, the key {@link endpointQueryKey}'s of the
 * call's params and query (and the language when `translated`).
 * @example useQuery({ ...endpointQuery(ENDPOINTS.getPoint, { params: { id } }), enabled: !!id })
 */
export function endpointQuery<E extends Endpoint, T = EndpointAnswer<E>>(
  e: E,
  call: EndpointCall<E> = {},
  options: EndpointQueryOptions<T> = {},
) {
  const { translated, variant, ...callOptions } = options;
  return {
    queryKey: endpointQueryKey(e, {
      params: call.params ?? undefined,
      query: call.query ?? undefined,
      language: translated ? currentLanguage() : undefined,
      variant,
    } as EndpointKeyCall<E>),
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<NoInfer<T>> =>
      callEndpoint<E, T>(e, call, { ...callOptions, signal }),
  };
}

/**
 * A filter of every cached answer of the given operations (a page's reads that one change makes
 * stale), for `invalidateQueries`, `removeQueries` or `cancelQueries`.
 * @example queryClient.invalidateQueries(endpointsFilter([ENDPOINTS.listFaultReports, ENDPOINTS.getTree]))
 */
export function endpointsFilter(endpoints: readonly Endpoint[]) {
  const ids = new Set(endpoints.map(endpointId));
  return { predicate: (q: { queryKey: readonly unknown[] }) => ids.has(q.queryKey[0] as string) };
}

/**
 * The key of a result the browser computes itself and no operation answers (a spectrum computed
 * by the DSP worker from a measurement's samples, a PDF's preview…): `['computed', name, ...inputs]`,
 * never equal to an operation's key.
 */
export const computedQueryKey = (name: string, ...inputs: unknown[]): readonly unknown[] => ['computed', name, ...inputs];
