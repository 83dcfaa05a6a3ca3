import { vi } from 'vitest';

/** One recorded call of the mocked API. */
export interface ApiCall {
  method: string;
  /** Path after `/api`, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** An answer: status and JSON body. */
export type MockAnswer = [status: number, body?: unknown];
type Handler = MockAnswer | ((call: ApiCall) => MockAnswer | Promise<MockAnswer>);

/**
 * Replaces `fetch` by a table of answers keyed `'METHOD /path'` (path after `/api`; a `*` segment
 * matches any one segment). Unknown calls answer 404. Returns the recorded calls.
 * Call `vi.unstubAllGlobals()` after the test.
 */
export function mockApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const patterns = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    const re = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);
    return { method, re, handler };
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const match = patterns.find((p) => p.method === call.method && p.re.test(call.path));
      const [status, body] = match
        ? typeof match.handler === 'function'
          ? await match.handler(call)
          : match.handler
        : [404, { message: 'Not found', code: 'NOT_FOUND' }];
      return new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
