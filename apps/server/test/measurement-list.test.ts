import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { api, login, request } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { OTHER_HOST } from './support/second-tenant.ts';
import { insertUser } from './support/users.ts';

import {
  server,
  token,
  otherToken,
  demoId,
  otherCustomerId,
  pointId,
  RANGE,
  insert,
  list,
  ids,
  m,
  useMeasurementListFixture,
} from './support/measurement-list-fixture.ts';

/**
 * GET /measurement, /measurement/tags, /measurement/download and DELETE /measurements against the
 * real embedded database and object storage, on measurements inserted straight into the tables
 * (dated in 2020, so the demo's own measurements never match the date-bounded queries).
 */

useMeasurementListFixture();

describe('GET /measurement filters', () => {
  const all = () =>
    Object.entries(m)
      .filter(([k]) => k !== 'foreign')
      .map(([, v]) => v)
      .sort();

  it('lists only the customer’s measurements in the date range, newest first, with user, point path, gateway and flags', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(8);
    expect(res.body.totalExact).toBe(true);
    expect(ids(res)).toEqual(all());
    expect(res.body.measurements[0]._id).toBe(m.wave);
    const byId = new Map(res.body.measurements.map((x) => [x._id, x as Record<string, unknown>]));
    expect(byId.get(m.wave)).toMatchObject({
      user: { name: expect.any(String), surname: expect.any(String) },
      point: { _id: pointId, path: ['Demo Plant', 'CWRU test rig', 'Inner race fault'] },
      gateway: 'CA:B8:28:00:00:01',
      macAddress: 'CA:B8:31:00:00:02',
      measurementType: 'MANUAL',
      favorite: false,
      upload: false,
      partial: false,
      error: null,
    });
    expect(byId.get(m.mac)!.user).toBeNull();
    expect(byId.get(m.error)).toMatchObject({ point: null, error: 'NO_DEVICE', partial: false });
    expect(byId.get(m.partial)).toMatchObject({ partial: true });
    const other = await list({}, otherToken, OTHER_HOST);
    expect(ids(other)).toEqual([m.foreign]);
  });

  it('reads startDate/endDate in the customer’s time zone (GMT+3): 00:30 local on the 11th is 21:30 UTC on the 10th', async () => {
    const res = await list({ startDate: '2020-01-11 00:00:00', endDate: '2020-01-11 23:59:59' });
    expect(ids(res)).toEqual([m.earlyJan11]);
    const before = await list({ startDate: '2020-01-10 00:00:00', endDate: '2020-01-10 23:59:59' });
    expect(ids(before)).toEqual([m.lateJan10]);
  });

  it('takes ISO 8601 dates with an offset as they are (what the web sends): the customer’s 11 January, however written', async () => {
    for (const [startDate, endDate] of [
      ['2020-01-11T00:00:00.000+03:00', '2020-01-11T23:59:59.999+03:00'],
      ['2020-01-10T21:00:00.000Z', '2020-01-11T20:59:59.999Z'],
      ['2020-01-10T16:00:00.000-05:00', '2020-01-11T15:59:59.999-05:00'],
    ])
      expect(ids(await list({ startDate, endDate })), startDate).toEqual([m.earlyJan11]);
    // Inclusive to the millisecond: 00:30:00.000 GMT+3 is the measurement's instant (21:30 UTC).
    const at = '2020-01-11T00:30:00.000+03:00';
    expect(ids(await list({ startDate: at, endDate: at }))).toEqual([m.earlyJan11]);
    expect(ids(await list({ startDate: '2020-01-11T00:00:00.000+03:00', endDate: '2020-01-11T00:29:59.999+03:00' }))).toEqual([]);
    // The download signs the same query and lists the same measurements.
    const res = await callApi(server.url, token, ENDPOINTS.downloadMeasurements, {
      query: { startDate: '2020-01-11T00:00:00.000+03:00', endDate: '2020-01-11T23:59:59.999+03:00' },
    });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await (await fetch(`${server.url}${res.body.url}`)).arrayBuffer()));
    const index = strFromU8(zip['index.csv']).trim().split('\n').slice(1);
    expect(index.map((l) => l.split(',')[0])).toEqual([m.earlyJan11]);
  });

  it('filters by tags (any of a comma list), MAC address (any case) and type', async () => {
    expect(ids(await list({ tags: 'pump' }))).toEqual([m.lateJan10, m.earlyJan11, m.partial].sort());
    expect(ids(await list({ tags: 'night,fan' }))).toEqual([m.lateJan10, m.trig].sort());
    expect(ids(await list({ macAddress: 'ca:b8:31:00:00:09' }))).toEqual([m.mac]);
    expect(ids(await list({ measurementType: 'TRIGGERED' }))).toEqual([m.trig]);
    expect(ids(await list({ measurementType: 'PERIODIC', tags: 'pump' }))).toEqual([]);
  });

  it('filters only mine, only uploaded, favorite, partial and error', async () => {
    const mine = await list({ onlyMine: true });
    expect(ids(mine)).toEqual(all().filter((id) => ![m.mac, m.trig, m.upload].includes(id)));
    expect(ids(await list({ upload: true }))).toEqual([m.upload]);
    expect(ids(await list({ favorite: true }))).toEqual([m.trig]);
    expect(ids(await list({ partial: true }))).toEqual([m.partial]);
    expect(ids(await list({ error: true }))).toEqual([m.error]);
    expect(ids(await list({ partial: true, error: true }))).toEqual([m.partial, m.error].sort());
    expect(ids(await list({ favorite: false, upload: 'false' as unknown as boolean }))).toHaveLength(8);
  });

  it('value filter: a measurement matches when any axis’s value lies within the active bounds (inclusive)', async () => {
    const v = (q: Record<string, string | number | boolean>) => list({ telemetry: 'GRMS', ...q });
    expect(ids(await v({ minValueActive: true, minValue: 3 }))).toEqual([m.earlyJan11, m.upload].sort());
    expect(ids(await v({ maxValueActive: true, maxValue: 0.5 }))).toEqual([m.lateJan10, m.wave].sort());
    expect(ids(await v({ minValueActive: true, minValue: 0.9, maxValueActive: true, maxValue: 1.5 }))).toEqual(
      [m.lateJan10, m.earlyJan11].sort(),
    );
    // An inactive bound is ignored, whatever its value.
    expect(ids(await v({ minValueActive: false, minValue: 100, maxValueActive: true, maxValue: 0.15 }))).toEqual([m.wave]);
    // No active bound: no value filter.
    expect((await v({ minValue: 100 })).body.total).toBe(8);
  });

  it('answers 400 admin.warningForValidationValue when both bounds are active and min ≥ max', async () => {
    for (const [min, max] of [
      [2, 1],
      [1, 1],
    ]) {
      const res = await api<{ errors: { msg: string; param?: string }[] }>(
        server.url,
        token,
        'GET',
        `/measurement?telemetry=GRMS&minValueActive=true&minValue=${min}&maxValueActive=true&maxValue=${max}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ msg: 'The minimum value must be less than the maximum value', param: 'minValue' });
    }
    const tr = await api<{ errors: { msg: string }[] }>(
      server.url,
      token,
      'GET',
      '/measurement?telemetry=GRMS&minValueActive=true&minValue=2&maxValueActive=true&maxValue=1',
      undefined,
      { language: 'tr' },
    );
    expect(tr.body.errors[0].msg).toBe('Minimum değer maksimum değerden küçük olmalıdır');
    const noTelemetry = await api(server.url, token, 'GET', '/measurement?minValueActive=true&minValue=1');
    expect(noTelemetry.status).toBe(400);
  });

  it('pages with page and pageSize (10/25/50/75 only)', async () => {
    const p1 = await list({ pageSize: 10, page: 1 });
    expect(p1.body.measurements).toHaveLength(8);
    for (let n = 0; n < 12; n++) await insert({ at: `2020-08-${String(n + 1).padStart(2, '0')}T10:00:00Z`, tags: ['bulk'] });
    const a = await list({ tags: 'bulk', pageSize: 10, page: 1 });
    const b = await list({ tags: 'bulk', pageSize: 10, page: 2 });
    expect(a.body.total).toBe(12);
    expect(a.body.measurements).toHaveLength(10);
    expect(b.body.measurements).toHaveLength(2);
    expect(new Set([...ids(a), ...ids(b)]).size).toBe(12);
    const dates = a.body.measurements.map((x) => (x as unknown as { createdAt: string }).createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await list({ pageSize: 20 })).status).toBe(400);
  });

  it('needs readMeasurement', async () => {
    await insertUser(server, { email: 'noread@demo.local', password: 'Noread-Password-1', permissions: ['readPoint'] });
    const t = await login(server.url, 'noread@demo.local', 'Noread-Password-1');
    expect((await list({}, t)).status).toBe(403);
    expect((await callApi(server.url, t, ENDPOINTS.listMeasurementTags)).status).toBe(403);
    expect((await callApi(server.url, t, ENDPOINTS.downloadMeasurements)).status).toBe(403);
    expect((await callApi(server.url, t, ENDPOINTS.deleteMeasurements, { body: { ids: [m.wave] } })).status).toBe(403);
  });
});

describe('GET /measurement/tags', () => {
  it('suggests the customer’s tags, most used first, and none of another customer’s', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.listMeasurementTags);
    expect(res.status).toBe(200);
    const pump = res.body.find((t) => t.tag === 'pump')!;
    expect(pump.count).toBeGreaterThanOrEqual(3);
    expect(res.body.findIndex((t) => t.tag === 'pump')).toBeLessThan(res.body.findIndex((t) => t.tag === 'night'));
    const other = await callApi(server.url, otherToken, ENDPOINTS.listMeasurementTags, { host: OTHER_HOST });
    expect(other.body).toEqual([{ tag: 'pump', count: 1 }]);
  });
});

describe('GET /measurement/download', () => {
  it('answers a signed URL whose GET streams a zip: index, per-measurement metadata with units, rate and axes, samples in g', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.downloadMeasurements, { query: { ...RANGE, tags: 'pump,fan' } });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());
    const zip = await fetch(`${server.url}${res.body.url}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    // named by the customer's wall clock (the demo customer is GMT+3), not UTC
    const stamp = /^attachment; filename="measurements-(\d{8})-(\d{6})\.zip"$/.exec(zip.headers.get('content-disposition') ?? '');
    expect(stamp).not.toBeNull();
    const named = Date.UTC(
      +stamp![1]!.slice(0, 4),
      +stamp![1]!.slice(4, 6) - 1,
      +stamp![1]!.slice(6, 8),
      +stamp![2]!.slice(0, 2),
      +stamp![2]!.slice(2, 4),
      +stamp![2]!.slice(4, 6),
    );
    expect(Math.abs(named - (Date.now() + 3 * 3600_000))).toBeLessThan(60_000);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const index = strFromU8(files['index.csv']).trim().split('\n');
    expect(index[0]).toBe(
      'id,createdAt,point,gateway,macAddress,measurementType,state,tags,samplingRateHz,sampleSize,rangeG,file',
    );
    expect(
      index
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([m.lateJan10, m.earlyJan11, m.trig, m.partial].sort());
    expect(index.find((l) => l.startsWith(m.partial))).toContain('"pump;shift ""A"", line 2"');
    expect(Object.keys(files).sort()).toEqual(
      ['index.csv', `${m.partial}.csv`, ...[m.lateJan10, m.earlyJan11, m.trig, m.partial].map((id) => `${id}.json`)].sort(),
    );
    const meta = JSON.parse(strFromU8(files[`${m.lateJan10}.json`]));
    expect(meta).toMatchObject({
      id: m.lateJan10,
      units: { time: 's', acceleration: 'g' },
      samplingRateHz: 12800,
      accelerometerRangeG: 4,
      gPerCount: senseway.gPerCount(2),
      point: { path: ['Demo Plant', 'CWRU test rig', 'Inner race fault'] },
      axes: [
        { column: 'accelerometer_x_g', sensorAxis: 'x', pointAxis: 'xAxis' },
        { column: 'accelerometer_y_g', sensorAxis: 'y', pointAxis: 'yAxis' },
        { column: 'accelerometer_z_g', sensorAxis: 'z', pointAxis: 'zAxis' },
      ],
      waveformFile: null,
    });
    expect(meta.telemetry.map((t: { value: number }) => t.value)).toEqual([0.5, 0.7, 0.9]);
    const csv = strFromU8(files[`${m.partial}.csv`]).trim().split('\n');
    const k = senseway.gPerCount(2);
    expect(csv[0]).toBe('time_s,accelerometer_x_g,accelerometer_y_g,accelerometer_z_g');
    expect(csv.slice(1).map((l) => l.split(',').map(Number))).toEqual([
      [0, 100 * k, -200 * k, 300 * k],
      [1 / 12800, 400 * k, -500 * k, 600 * k],
      [2 / 12800, 700 * k, 800 * k, -900 * k],
      [3 / 12800, 1000 * k, 1100 * k, -1200 * k],
    ]);
  });

  it('limits the archive to a selection (ids) and refuses a tampered, foreign-host or expired URL', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.downloadMeasurements, { query: { ids: `${m.wave},${m.foreign}` } });
    const files = unzipSync(new Uint8Array(await (await fetch(`${server.url}${res.body.url}`)).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['index.csv', `${m.wave}.csv`, `${m.wave}.json`].sort());
    const u = new URL(res.body.url, server.url);
    const tampered = new URL(u);
    tampered.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 1000));
    expect((await fetch(tampered)).status).toBe(403);
    expect((await request(u.toString(), 'GET', { host: OTHER_HOST })).status).toBe(403);
    const expired = new URL(u);
    expired.searchParams.set('expires', '1');
    expect((await fetch(expired)).status).toBe(403);
  });

  it('applies the min < max rule to the download query too', async () => {
    const res = await api(
      server.url,
      token,
      'GET',
      '/measurement/download?telemetry=GRMS&minValueActive=true&minValue=5&maxValueActive=true&maxValue=1',
    );
    expect(res.status).toBe(400);
  });
});

describe('DELETE /measurements', () => {
  it('removes the rows, their telemetry values and stored waveforms; another customer’s ids are ignored', async () => {
    const db = server.ctx.db;
    const target = [m.partial, m.lateJan10, m.foreign];
    const res = await callApi(server.url, token, ENDPOINTS.deleteMeasurements, { body: { ids: target } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    const left = await db.selectFrom('measurements').select('id').where('id', 'in', target).execute();
    expect(left.map((r) => r.id)).toEqual([m.foreign]);
    const values = await db
      .selectFrom('telemetry_values')
      .select('measurement_id')
      .where('measurement_id', 'in', [m.partial, m.lateJan10])
      .execute();
    expect(values).toEqual([]);
    expect(await server.ctx.storage.get(waveformKey(demoId, m.partial))).toBeNull();
    expect(await server.ctx.storage.get(waveformKey(otherCustomerId, m.foreign))).not.toBeNull();
    expect(await server.ctx.storage.get(waveformKey(demoId, m.wave))).not.toBeNull();
    expect(ids(await list({ tags: 'pump' }))).toEqual([m.earlyJan11]);
  });

  it('keeps everything when the transaction fails (no object removed before the commit)', async () => {
    const db = server.ctx.db;
    await db.schema
      .createTable('block_delete')
      .addColumn('mid', 'text', (c) => c.references('measurements.id'))
      .execute();
    await db
      .insertInto('block_delete' as never)
      .values({ mid: m.wave } as never)
      .execute();
    const res = await callApi(server.url, token, ENDPOINTS.deleteMeasurements, { body: { ids: [m.wave, m.earlyJan11] } });
    expect(res.status).toBe(500);
    await db.schema.dropTable('block_delete').execute();
    expect(await db.selectFrom('measurements').select('id').where('id', 'in', [m.wave, m.earlyJan11]).execute()).toHaveLength(2);
    expect(await db.selectFrom('telemetry_values').select('value').where('measurement_id', '=', m.wave).execute()).toHaveLength(
      3,
    );
    expect(await server.ctx.storage.get(waveformKey(demoId, m.wave))).not.toBeNull();
  });

  it('validates the body: a non-empty list of ids', async () => {
    expect((await api(server.url, token, 'DELETE', '/measurements', { ids: [] })).status).toBe(400);
    expect((await api(server.url, token, 'DELETE', '/measurements', {})).status).toBe(400);
  });
});
