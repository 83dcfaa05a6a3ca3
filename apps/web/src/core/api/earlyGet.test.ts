import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_GET_KEEP_MS, fetchGet, startEarlyGet } from './earlyGet';

const HEADERS = { Accept: 'application/json', 'x-language': 'de', token: 't1' };
let fetched: string[];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetched.push(`${url} ${JSON.stringify(init.headers)}`);
      if (url.endsWith('/down')) throw new TypeError('Failed to fetch');
      return new Response(`answer ${fetched.length}`);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early GET requests', () => {
  it('are taken once by the first request with the same URL and headers (in any order or case); later ones fetch again', async () => {
    startEarlyGet('/api/measurement/m1', HEADERS);
    startEarlyGet('/api/measurement/m1', HEADERS); // already waiting: not sent twice
    expect(fetched).toHaveLength(1);
    const res = await fetchGet('/api/measurement/m1', { TOKEN: 't1', accept: 'application/json', 'x-language': 'de' });
    expect(await res.text()).toBe('answer 1');
    expect(fetched).toHaveLength(1);
    expect(await (await fetchGet('/api/measurement/m1', HEADERS)).text()).toBe('answer 2');
  });

  it('are not given to a request with other headers (another session or language) or another URL', async () => {
    startEarlyGet('/api/measurement/m1', HEADERS);
    expect(await (await fetchGet('/api/measurement/m1', { ...HEADERS, token: 't2' })).text()).toBe('answer 2');
    expect(await (await fetchGet('/api/measurement/m1', { ...HEADERS, 'x-language': 'tr' })).text()).toBe('answer 3');
    expect(await (await fetchGet('/api/measurement/m1?samples=none', HEADERS)).text()).toBe('answer 4');
    expect(await (await fetchGet('/api/measurement/m1', HEADERS)).text()).toBe('answer 1'); // still there for its own
  });

  it('are forgotten when nobody took them in time; a failed one fails its taker', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startEarlyGet('/api/measurement/m1', HEADERS);
    vi.setSystemTime(Date.now() + EARLY_GET_KEEP_MS + 1);
    expect(await (await fetchGet('/api/measurement/m1', HEADERS)).text()).toBe('answer 2');
    startEarlyGet('/api/down', HEADERS);
    await expect(fetchGet('/api/down', HEADERS)).rejects.toThrow('Failed to fetch');
    expect(fetched).toHaveLength(3);
  });
});
