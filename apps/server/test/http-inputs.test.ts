import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { strFromU8, unzipSync } from 'fflate';
import { newId } from '../src/infra/ids.ts';
import { startTestServer } from './support/test-server.ts';
import { adminToken } from './support/http-session.ts';

/**
 * Bad input never answers 500 (issue 14): NUL characters in any string (query, body, params), dates
 * outside what the database stores (year 0, JavaScript's largest date), path parameters that are `.`
 * or `..` or end in them (storage keys). Every API route is walked with each of them.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let realIds: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  token = await adminToken(server);
  const db = server.ctx.db;
  const point = await db.selectFrom('tree_nodes').select('id').where('node_type', '=', 'point').executeTakeFirstOrThrow();
  const m = await db.selectFrom('measurements').select('id').executeTakeFirst();
  realIds = { point: point.id, measurement: m?.id ?? '0123456789abcdef01234567' };
});
afterAll(async () => server?.close());

const NUL = 'a\u0000b';
const BAD_DATES = [
  '0000-01-01 00:00:00',
  '0000-01-01',
  '+275760-09-14T00:00:00.000Z',
  '275760-09-14 00:00:00',
  '9999-99-99 99:99:99',
];
const BAD_PARAMS = ['a%00b', '..', '.', 'x..', 'x.', '%2e%2e', 'a%2F..'];
/** Routes whose call would end the test's session. */
const SKIP = new Set(['/api/auth/logout']);

const methodsOf = (m: string | string[]) => (Array.isArray(m) ? m : [m]).filter((x) => x !== 'HEAD');
const keysOf = (schema: unknown): string[] => {
  const s = schema as { shape?: Record<string, z.ZodType> } | undefined;
  return s?.shape ? Object.keys(s.shape) : [];
};
const realParam = (url: string) =>
  url.startsWith('/api/point')
    ? realIds.point
    : url.startsWith('/api/measurement')
      ? realIds.measurement
      : '0123456789abcdef01234567';
const withParams = (url: string, value: (name: string) => string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'host' ? 'localhost' : value(name)));

async function call(route: RouteOptions, method: string, url: string, query?: Record<string, string>, payload?: unknown) {
  const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
  const res = await server.app.inject({
    method: method as 'GET',
    url: url + qs,
    headers: { token, language: 'en' },
    payload: payload as object,
  });
  const what = `${method} ${route.url} ${url}${qs} ${JSON.stringify(payload)?.slice(0, 120)}`;
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode === 400) expect(res.json().errors?.[0]?.msg, what).toBeTruthy();
}

const routes = () => server.app.routeTable.filter((r) => !SKIP.has(r.url));

describe('bad input answers 4xx with a message on every API route, never 500', () => {
  it('NUL and dot-segment path parameters', async () => {
    for (const r of routes())
      if (r.url.includes(':'))
        for (const method of methodsOf(r.method))
          for (const p of BAD_PARAMS)
            await call(
              r,
              method,
              withParams(r.url, () => p),
              undefined,
              method === 'GET' ? undefined : {},
            );
  }, 120_000);

  it('NUL characters and out-of-range dates in every query field', async () => {
    for (const r of routes()) {
      const keys = keysOf(r.schema?.querystring);
      if (!keys.length) continue;
      for (const method of methodsOf(r.method))
        for (const v of [NUL, ...BAD_DATES])
          await call(
            r,
            method,
            withParams(r.url, () => realParam(r.url)),
            Object.fromEntries(keys.map((k) => [k, v])),
          );
    }
  }, 120_000);

  it('NUL characters and out-of-range dates in every body field', async () => {
    for (const r of routes()) {
      const keys = keysOf(r.schema?.body);
      if (!keys.length) continue;
      for (const method of methodsOf(r.method))
        for (const v of [NUL, ...BAD_DATES]) {
          await call(
            r,
            method,
            withParams(r.url, () => realParam(r.url)),
            undefined,
            Object.fromEntries(keys.map((k) => [k, v])),
          );
          // one field at a time: the others absent, so the bad one is not hidden behind another's error
          for (const k of keys)
            await call(
              r,
              method,
              withParams(r.url, () => realParam(r.url)),
              undefined,
              { [k]: v },
            );
        }
    }
  }, 240_000);

  it('a NUL nested in an otherwise valid body answers 400 with a message', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/measurement/${realIds.measurement}/note`,
      headers: { token, language: 'en' },
      payload: { note: NUL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBeTruthy();
  });
});

describe('the classes of issue 14 answer 400 with a message', () => {
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { token, language: 'en' } });
  it.each(['0000-01-01 00:00:00', '275760-09-14 00:00:00', '+275760-09-14T00:00:00.000Z'])(
    'a measurement list from %s',
    async (d) => {
      const res = await get(`/api/measurement?${new URLSearchParams({ startDate: d })}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].msg).toBeTruthy();
    },
  );
  it('a trend from year 0', async () => {
    const res = await get(`/api/point/${realIds.point}/trend?${new URLSearchParams({ startDate: '0000-01-01 00:00:00' })}`);
    expect(res.statusCode, res.body).toBe(400);
  });
  it('a NUL in a query string and in a path parameter', async () => {
    for (const url of [`/api/measurement?tags=a%00b`, `/api/point/a%00b`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].msg).toBe('Text must not contain NUL characters');
    }
  });
  it('a path parameter ending in . or ..', async () => {
    for (const p of ['abc.', 'x..']) {
      const res = await server.app.inject({
        method: 'DELETE',
        url: `/api/measurement/${realIds.measurement}/photo/${p}`,
        headers: { token, language: 'en' },
      });
      expect(res.statusCode, p).toBe(400);
      expect(res.json().errors[0].msg).toBe('Invalid identifier in the address');
    }
  });
});

describe('CSV downloads', () => {
  it('escape cells a spreadsheet would run as a formula (tags are user text) and keep numbers as numbers', async () => {
    const db = server.ctx.db;
    const u = await db
      .selectFrom('users')
      .select(['id', 'customer_id'])
      .where('email', '=', 'admin@demo.local')
      .executeTakeFirstOrThrow();
    const id = newId();
    await db
      .insertInto('measurements')
      .values({
        id,
        customer_id: u.customer_id,
        object_id: id,
        point_id: realIds.point,
        device_mac: 'CA:B8:31:00:00:02',
        gateway_mac: 'CA:B8:28:00:00:01',
        user_id: u.id,
        measurement_type: 'MANUAL',
        state: 'persisted',
        tags: ['=HYPERLINK("http://evil.example","x")', '@SUM(1)'],
        range_index: 2,
        rate_index: 9,
        sample_size: 4,
        calibrated_sampling_rate: 12800,
        created_at: new Date('2020-06-01T00:00:00Z'),
      })
      .execute();
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/measurement/download?ids=${id}`,
      headers: { token, language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const zip = await server.app.inject({ method: 'GET', url: res.json().url });
    const index = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['index.csv']!)
      .trim()
      .split('\n');
    expect(index[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"");@SUM(1)"`);
    expect(index[1]).toMatch(/,12800,4,/);
  });
});
