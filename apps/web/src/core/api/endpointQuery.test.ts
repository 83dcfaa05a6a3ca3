import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import i18n from '../i18n';
import { computedQueryKey, endpointQuery, endpointQueryKey, endpointsFilter } from './endpointQuery';
import { invalidatedKeys } from './queryCacheTestKit';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A client holding one answer under each key, none stale. */
function clientWith(keys: (readonly unknown[])[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  keys.forEach((k, i) => client.setQueryData(k, i));
  return client;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('endpointQueryKey', () => {
  it('names the operation by method and path template, then what the call sends', () => {
    expect(endpointQueryKey(ENDPOINTS.getPoint)).toEqual(['GET /point/:id']);
    expect(endpointQueryKey(ENDPOINTS.getPoint, { params: { id: 'p1' } })).toEqual(['GET /point/:id', { params: { id: 'p1' } }]);
    expect(
      endpointQueryKey(ENDPOINTS.listMeasurements, { query: { page: 1, pageSize: 20, points: undefined }, language: 'tr' }),
    ).toEqual(['GET /measurement', { query: { page: 1, pageSize: 20 }, language: 'tr' }]);
  });

  it('tells operations on the same path apart by method', () => {
    expect(endpointQueryKey(ENDPOINTS.getPoint)).not.toEqual(endpointQueryKey(ENDPOINTS.updatePoint));
  });

  it('matches, given partially, every answer that agrees with it and no other', async () => {
    const page = (id: string, n: number) =>
      endpointQueryKey(ENDPOINTS.listMeasurements, { query: { points: id, page: n, pageSize: 20 } });
    const client = clientWith([page('p1', 1), page('p1', 2), page('p2', 1), endpointQueryKey(ENDPOINTS.getTree)]);
    await client.invalidateQueries({
      queryKey: endpointQueryKey(ENDPOINTS.listMeasurements, { query: { points: 'p1' } }),
      refetchType: 'none',
    });
    expect(invalidatedKeys(client)).toEqual([page('p1', 1), page('p1', 2)]);
  });
});

describe('endpointsFilter', () => {
  it('selects every answer of the given operations', async () => {
    const tree = endpointQueryKey(ENDPOINTS.getTree);
    const point = endpointQueryKey(ENDPOINTS.getPoint, { params: { id: 'p1' } });
    const computed = computedQueryKey('spectrum', 'm1', 'x');
    const client = clientWith([tree, point, computed]);
    await client.invalidateQueries({ ...endpointsFilter([ENDPOINTS.getTree, ENDPOINTS.getPoint]), refetchType: 'none' });
    expect(invalidatedKeys(client)).toEqual([tree, point]);
  });
});

describe('endpointQuery', () => {
  it('calls the operation and caches its parsed answer under its key', async () => {
    fetchMock.mockResolvedValue(json([]));
    const client = new QueryClient();
    await client.fetchQuery(endpointQuery(ENDPOINTS.listRoles));
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/role$/);
    expect(client.getQueryData(endpointQueryKey(ENDPOINTS.listRoles, {}))).toEqual([]);
  });

  it('keys a translated answer by the interface language', async () => {
    const tr = endpointQuery(ENDPOINTS.listNotifications, {}, { translated: true }).queryKey;
    await i18n.changeLanguage('de');
    const de = endpointQuery(ENDPOINTS.listNotifications, {}, { translated: true }).queryKey;
    expect(tr).toEqual(['GET /notifications', { language: 'en' }]);
    expect(de).toEqual(['GET /notifications', { language: 'de' }]);
  });
});
