import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { blankPoint } from '../features/points/blankPoint';
import { blankMeasurement } from '../features/measurement-detail/blankMeasurement';
import {
  FIRST_SPECTRUM,
  measurementQueryKey,
  measurementQueryOptions,
  spectrumQueryKey,
} from '../features/measurement-detail/measurementApi';
import { pointQueryKey } from '../features/points/pointApi';
import { mockApi, type ApiCall } from './testing/mockApi';
import { TEST_SESSION } from './testing/renderApp';
import { sessionStore } from '../core/session';
import { prefetchRoute } from './routePrefetch';
import { startEarlyReads } from './earlyReads';

const ID = 'a0000000000000000000000a';
const sine = (n: number, k: number) => Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * k * i) / n));
const m = blankMeasurement({
  _id: ID,
  measurementData: [
    { key: 'accelerometer_x', unit: 'g' },
    { key: 'accelerometer_y', unit: 'g' },
  ],
  data: { accelerometer_x: sine(1024, 50), accelerometer_y: sine(1024, 80) },
});

let calls: ApiCall[];
let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  calls = mockApi({
    [`GET /measurement/${ID}`]: [200, m],
    'GET /point/p1': [200, blankPoint({ _id: 'p1', name: 'Motor', path: ['Plant'] })],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  client.clear();
});

const requested = () => calls.map((c) => c.path);
const settled = async () => {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
};

describe('prefetchRoute', () => {
  it("starts a measurement's data before anything renders: the detail, its waveform, its point, its first spectra", async () => {
    sessionStore.set(TEST_SESSION);
    const done = prefetchRoute(client, `/measurement/${ID}`);
    await vi.waitFor(() => expect(requested()).toContain('/point/p1'), { timeout: 10_000 });
    await settled();
    await done; // the page's and the shell's chunks too: nothing may load after the test's environment is gone
    expect(requested()).toEqual(expect.arrayContaining([`/measurement/${ID}`, `/measurement/${ID}/signal`, '/point/p1']));
    expect(client.getQueryData(measurementQueryKey(ID))).toMatchObject({ _id: ID });
    expect(client.getQueryData(pointQueryKey('p1'))).toMatchObject({ _id: 'p1' });
    // the spectra the page opens with, computed already, under the page's own keys: the peak at bin k
    for (const [axis, k] of [
      ['accelerometer_x', 50],
      ['accelerometer_y', 80],
    ] as const) {
      const s = client.getQueryData<{ x: number[]; y: number[] }>(
        spectrumQueryKey({ measurementId: ID, axis, ...FIRST_SPECTRUM }),
      );
      expect(s).toBeDefined();
      const peak = s!.y.indexOf(Math.max(...s!.y));
      expect(s!.x[peak]).toBeCloseTo((k * m.calibratedSamplingRate!) / 1024, 6);
    }
    // the page's query finds the answer: nothing is asked again
    const before = calls.length;
    await client.fetchQuery(measurementQueryOptions(client, ID));
    expect(calls).toHaveLength(before);
  });

  it("with the early reads, the detail and the waveform leave before the page's code loads, and only once", async () => {
    sessionStore.set(TEST_SESSION);
    startEarlyReads(`/measurement/${ID}`, '');
    expect(requested()).toEqual([`/measurement/${ID}`, `/measurement/${ID}/signal`]); // at once, before any import
    expect(calls[0]!.query.get('samples')).toBe('none');
    await prefetchRoute(client, `/measurement/${ID}`);
    await settled();
    expect(requested().filter((p) => p.startsWith(`/measurement/${ID}`))).toEqual([
      `/measurement/${ID}`,
      `/measurement/${ID}/signal`,
    ]);
    expect(client.getQueryData(measurementQueryKey(ID))).toMatchObject({ _id: ID });
  });

  it('fetches nothing without a session, with a share link, on the login page, or for an address that is no measurement', async () => {
    await prefetchRoute(client, `/measurement/${ID}`);
    await prefetchRoute(client, `/measurement/${ID}`, '?token=share-token'); // a share link's visitor
    sessionStore.set(TEST_SESSION);
    await prefetchRoute(client, `/measurement/${ID}`, '?token=share-token'); // a share link opened while logged in
    await prefetchRoute(client, '/login');
    await prefetchRoute(client, '/admin'); // the shell's chunk only
    await prefetchRoute(client, '/measurement/%E0%A4%A');
    sessionStore.clear();
    const withoutSession: [path: string, search: string][] = [
      [`/measurement/${ID}`, ''],
      [`/measurement/${ID}`, '?token=share-token'],
    ];
    for (const [path, search] of withoutSession) startEarlyReads(path, search);
    sessionStore.set(TEST_SESSION);
    const notAMeasurement: [path: string, search: string][] = [
      [`/measurement/${ID}`, '?token=share-token'],
      ['/login', ''],
      ['/admin', ''],
      ['/measurement/%E0%A4%A', ''],
      [`/measurement/${ID}/photos`, ''],
    ];
    for (const [path, search] of notAMeasurement) startEarlyReads(path, search);
    expect(requested()).toEqual([]);
  });
});
