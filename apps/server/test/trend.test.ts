import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, trendResponse, trendTelemetriesResponse, type TrendQuery } from '@overtone/contract';
import {
  SEED_DIP_VALUE,
  SEED_PERIOD_MS,
  SEED_SPIKE_VALUE,
  seedTrendYear,
  type SeededYear,
} from '../src/modules/trend/seed-year.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { insertPoint } from './support/points.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId, insertUser } from './support/users.ts';

/**
 * The trend (spec 001 §2 "Trend panel", §3, §5, §7): a seeded year of periodic data (17,520
 * measurements, every 30 min, two telemetries on three axes) through the real server on the
 * embedded database: shape, decimation keeping the excursions, filters, notes, validation,
 * permissions and tenant isolation.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let demoId: string;
let pointId: string;
let seeded: SeededYear;
const NEWEST = new Date('2026-06-30T12:00:00Z');
const MISSING = '0123456789abcdef01234567';

/** `YYYY-MM-DD HH:mm:ss` of an instant in the demo customer's zone (its preferences; UTC offset read below). */
let zoneOffsetMs = 0;
const wall = (d: Date) => new Date(d.getTime() + zoneOffsetMs).toISOString().slice(0, 19).replace('T', ' ');

const newPoint = (customerId: string, name: string) => insertPoint(server, customerId, { name });

const trend = (query: TrendQuery, t = token, point = pointId, host?: string) =>
  callApi(server.url, t, ENDPOINTS.getPointTrend, { params: { id: point }, query, host });

/** A query the contract refuses, sent as written (the validation tests). */
const badTrend = (q: Record<string, string | number | boolean>) =>
  api<{ errors: { msg: string; param?: string }[] }>(
    server.url,
    token,
    'GET',
    `/point/${pointId}/trend?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

const YEAR = () => ({ startDate: wall(new Date(NEWEST.getTime() - 365 * 86_400_000)), endDate: wall(NEWEST) });

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  const c = await server.ctx.db.selectFrom('customers').select('preferences').where('id', '=', demoId).executeTakeFirstOrThrow();
  const zone = (c.preferences as { localization?: { timeZone?: string } }).localization?.timeZone ?? 'GMT+0';
  const m = /^GMT([+-])(\d+)(?::(\d+))?$/.exec(zone);
  zoneOffsetMs = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000 : 0;
  pointId = await newPoint(demoId, 'Trend year');
  seeded = await seedTrendYear(server.ctx.db, { customerId: demoId, pointId, newest: NEWEST, derived: false });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /point/{id}/trend/telemetries', () => {
  it('lists the point’s telemetries with their sources, names and units from the definitions', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.listPointTrendTelemetries, { params: { id: pointId } });
    expect(res.status).toBe(200);
    const list = trendTelemetriesResponse.parse(res.body);
    expect(list.map((t) => t.name)).toEqual(['GRMS', 'VRMS_ISO10816']); // the built-in display order
    const iso = list.find((t) => t.name === 'VRMS_ISO10816')!;
    expect(iso).toMatchObject({
      unit: 'mm/s',
      displayName: 'VRMS ISO 10816',
      signal: 'accelerometer',
      calculated: true,
      hidden: false,
    });
    expect(iso.telemetrySources.map((s) => s.code)).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
  });

  it('is empty for a point without values', async () => {
    const empty = await newPoint(demoId, 'Empty');
    const res = await callApi(server.url, token, ENDPOINTS.listPointTrendTelemetries, { params: { id: empty } });
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('GET /point/{id}/trend', () => {
  it('answers a seeded year decimated to maxPoints per source, keeping the alarm-level spike and the dip', async () => {
    const t0 = performance.now();
    const res = await trend({ ...YEAR(), filters: 'VRMS_ISO10816', maxPoints: 2000 });
    const ms = performance.now() - t0;
    expect(res.status).toBe(200);
    const body = trendResponse.parse(res.body);
    expect(body.hasMeasurement).toBe(true);
    expect(body.series).toHaveLength(1);
    const s = body.series[0]!;
    expect(s.telemetry).toMatchObject({ name: 'VRMS_ISO10816', unit: 'mm/s' });
    expect(s.total).toBe(seeded.count * 3);
    expect(s.decimated).toBe(true);
    for (const source of ['accelerometer_x', 'accelerometer_y', 'accelerometer_z']) {
      const n = s.data.filter((d) => d.source === source).length;
      // ≤ 2000 per source, plus the noted measurements that are always kept
      expect(n).toBeLessThanOrEqual(2000 + Math.ceil(seeded.count / seeded.noteEvery));
      expect(n).toBeGreaterThan(1500);
    }
    const y = s.data.filter((d) => d.source === 'accelerometer_y');
    const spike = y.find((d) => d.measurement._id === seeded.spikeId);
    const dip = y.find((d) => d.measurement._id === seeded.dipId);
    expect(spike?.value).toBe(SEED_SPIKE_VALUE);
    expect(dip?.value).toBe(SEED_DIP_VALUE);
    expect(Math.max(...y.map((d) => d.value))).toBe(SEED_SPIKE_VALUE);
    expect(Math.min(...y.map((d) => d.value))).toBe(SEED_DIP_VALUE);
    expect(spike!.createdAt).toBe(new Date(NEWEST.getTime() - seeded.spikeIndex * SEED_PERIOD_MS).toISOString());
    // oldest first
    const times = s.data.map((d) => Date.parse(d.createdAt));
    expect(times.every((x, i) => i === 0 || x >= times[i - 1]!)).toBe(true);
    // notes: every 500th measurement, listed and attached to its values (kept by the decimation)
    expect(body.notes.length).toBe(Math.ceil(seeded.count / seeded.noteEvery));
    const noted = body.notes[0]!;
    expect(s.data.filter((d) => d.measurement._id === noted.measurement).map((d) => d.measurement.note)).toEqual([
      noted.note,
      noted.note,
      noted.note,
    ]);
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t1 = performance.now();
      await trend({ ...YEAR(), filters: 'VRMS_ISO10816', maxPoints: 2000 });
      warm.push(performance.now() - t1);
    }
    console.log(
      `trend of a seeded year (3 × 17,520 values → ${s.data.length}) over HTTP, never vacuumed: first ${ms.toFixed(0)} ms, then ${warm.map((w) => w.toFixed(0)).join(', ')} ms`,
    );
  });

  it('answers every value undecimated when the range holds fewer than maxPoints', async () => {
    const res = await trend({ startDate: wall(new Date(NEWEST.getTime() - 86_400_000)), endDate: wall(NEWEST), filters: 'GRMS' });
    expect(res.status).toBe(200);
    const s = res.body.series[0]!;
    expect(s.decimated).toBe(false);
    expect(s.total).toBe(49 * 3); // 24 h every 30 min, both ends inclusive
    expect(s.data).toHaveLength(49 * 3);
  });

  it('defaults to VRMS_ISO10816 (the spec’s VRMS_ISO10816_OVERALL is not a telemetry we compute)', async () => {
    const res = await trend(YEAR());
    expect(res.body.series.map((s) => s.telemetry.name)).toEqual(['VRMS_ISO10816']);
  });

  it('applies the value filters and the measurement type', async () => {
    const range = { startDate: wall(new Date(NEWEST.getTime() - 7 * 86_400_000)), endDate: wall(NEWEST), filters: 'GRMS' };
    const all = (await trend(range)).body.series[0]!.data;
    const filtered = (await trend({ ...range, minValueActive: true, minValue: 2.4, maxValueActive: true, maxValue: 2.8 })).body
      .series[0]!.data;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    expect(filtered.every((d) => d.value >= 2.4 && d.value <= 2.8)).toBe(true);
    expect(filtered).toHaveLength(all.filter((d) => d.value >= 2.4 && d.value <= 2.8).length);
    const manual = (await trend({ ...range, measurementType: 'MANUAL' })).body.series[0]!.data;
    const manualIds = new Set(
      (
        await server.ctx.db
          .selectFrom('measurements')
          .select('id')
          .where('point_id', '=', pointId)
          .where('measurement_type', '=', 'MANUAL')
          .execute()
      ).map((m) => m.id),
    );
    expect(manual.length).toBeGreaterThan(0);
    expect(manual.every((d) => manualIds.has(d.measurement._id))).toBe(true);
    expect(manual).toHaveLength(all.filter((d) => manualIds.has(d.measurement._id)).length);
  });

  it('says hasMeasurement false for a point without values', async () => {
    const empty = await newPoint(demoId, 'Empty 2');
    const res = await trend(YEAR(), token, empty);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMeasurement: false, series: [], notes: [] });
  });

  it('refuses bad dates, min ≥ max and a bad maxPoints with 400 errors:[{msg}]', async () => {
    for (const q of [
      { startDate: '2026-13-01', endDate: wall(NEWEST) },
      { startDate: '01.06.2026 00:00:00' },
      { startDate: wall(NEWEST), endDate: wall(new Date(NEWEST.getTime() - 1000)) },
      { minValueActive: true, minValue: 3, maxValueActive: true, maxValue: 3 },
      { maxPoints: 5 },
      { measurementType: 'SOMETIMES' },
    ]) {
      const res = await badTrend(q as unknown as Record<string, string | number | boolean>);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.errors[0]!.msg).toBeTruthy();
    }
    const errors = async (q: Record<string, string | number | boolean>) => (await badTrend(q)).body;
    expect((await errors({ minValueActive: true, minValue: 3, maxValueActive: true, maxValue: 2 })).errors).toContainEqual({
      msg: 'The minimum value must be less than the maximum value',
      param: 'minValue',
    });
    expect((await errors({ startDate: '2026-06-01' })).errors[0]!.msg).toBe('The date must be YYYY-MM-DD HH:mm:ss');
    expect((await errors({ startDate: '2026-06-02 00:00:00', endDate: '2026-06-01 00:00:00' })).errors[0]!.msg).toBe(
      'The start date must not be after the end date',
    );
  });

  it('answers 404 for another customer’s point and a missing one; 403 without Readtrend', async () => {
    const other = await createSecondTenant(server);
    const otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
    const otherPoint = await newPoint(other.customerId, 'Theirs');
    expect((await trend({}, otherToken, pointId, OTHER_HOST)).status).toBe(404);
    expect(
      (await callApi(server.url, otherToken, ENDPOINTS.listPointTrendTelemetries, { params: { id: pointId }, host: OTHER_HOST }))
        .status,
    ).toBe(404);
    expect((await trend({}, token, otherPoint)).status).toBe(404);
    expect((await trend({}, token, MISSING)).status).toBe(404);

    await insertUser(server, {
      email: 'no-trend@demo.local',
      password: 'Trend-Password-1',
      permissions: ['readMeasurement', 'readPoint'],
    });
    const t = await login(server.url, 'no-trend@demo.local', 'Trend-Password-1');
    expect((await trend({}, t)).status).toBe(403);
    expect((await callApi(server.url, t, ENDPOINTS.listPointTrendTelemetries, { params: { id: pointId } })).status).toBe(403);
    await insertUser(server, {
      email: 'trend-reader@demo.local',
      password: 'Trend-Password-1',
      permissions: ['Readtrend'],
    });
    const reader = await login(server.url, 'trend-reader@demo.local', 'Trend-Password-1');
    expect((await trend({ filters: 'GRMS' }, reader)).status).toBe(200);
    expect((await callApi(server.url, null, ENDPOINTS.getPointTrend, { params: { id: pointId } })).status).toBe(401);
  });
});
