import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import fc from 'fast-check';
import { sql } from 'kysely';
import { measurementFilterQuery, senseway } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { listMeasurements } from '../src/modules/measurements/repo.ts';
import { insertFinalMeasurement, persistFinalMeasurement, type TelemetryRow } from '../src/jobs/ingest/persist-measurement.ts';
import { api, login, request, startTestServer } from './support/test-server.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId, insertUser } from './support/users.ts';

/**
 * GET /measurement, /measurement/tags, /measurement/download and DELETE /measurements against the
 * real embedded database and object storage, on measurements inserted straight into the tables
 * (dated in 2020, so the demo's own measurements never match the date-bounded queries).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let otherToken: string;
let demoId: string;
let adminId: string;
let otherCustomerId: string;
let pointId: string;

interface Row {
  id?: string;
  at: string;
  mac?: string;
  type?: 'MANUAL' | 'PERIODIC' | 'TRIGGERED';
  state?: 'persisted' | 'partial' | 'error' | 'receiving';
  tags?: string[];
  favorite?: boolean;
  upload?: boolean;
  user?: string | null;
  grms?: [number, number, number];
  wave?: boolean;
  customer?: string;
  point?: string | null;
}
const RANGE = { startDate: '2020-01-01 00:00:00', endDate: '2020-12-31 23:59:59' };

async function insert(r: Row): Promise<string> {
  const id = r.id ?? newId();
  const customer = r.customer ?? demoId;
  const db = server.ctx.db;
  let key: string | null = null;
  if (r.wave) {
    key = waveformKey(customer, id);
    const counts = new Int16Array([100, -200, 300, 400, -500, 600, 700, 800, -900, 1000, 1100, -1200]);
    await server.ctx.storage.put(key, new Uint8Array(counts.buffer));
  }
  await db
    .insertInto('measurements')
    .values({
      id,
      customer_id: customer,
      object_id: id,
      point_id: r.point === undefined ? (customer === demoId ? pointId : null) : r.point,
      device_mac: r.mac ?? 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: r.user === undefined ? adminId : r.user,
      measurement_type: r.type ?? 'MANUAL',
      state: r.state ?? 'persisted',
      tags: r.tags ?? [],
      favorite: r.favorite ?? false,
      upload: r.upload ?? false,
      error: r.state === 'error' ? 'NO_DEVICE' : null,
      range_index: 2,
      rate_index: 9,
      sample_size: 4,
      calibrated_sampling_rate: 12800,
      waveform_key: key,
      created_at: new Date(r.at),
    })
    .execute();
  if (r.grms)
    await db
      .insertInto('telemetry_values')
      .values(
        (['accelerometer_x', 'accelerometer_y', 'accelerometer_z'] as const).map((source, i) => ({
          measurement_id: id,
          customer_id: customer,
          point_id: null,
          telemetry: 'GRMS',
          source,
          device_reported: false,
          value: r.grms![i],
          unit: 'g',
          measured_at: new Date(r.at),
        })),
      )
      .execute();
  return id;
}

type List = { total: number; totalExact?: boolean; measurements: { _id: string; user: unknown; point: unknown }[] };
const list = async (query: Record<string, string | number | boolean>, tok = token, host?: string) => {
  const qs = new URLSearchParams(
    Object.entries({ ...RANGE, pageSize: 75, ...query }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return api<List>(server.url, tok, 'GET', `/measurement?${qs}`, undefined, { host });
};
const ids = (res: { body: List }) => res.body.measurements.map((m) => m._id).sort();

const m: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  adminId = (
    await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()
  ).id;
  const other = await createSecondTenant(server);
  otherCustomerId = other.customerId;
  otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
  const tree = await api<Array<{ _id: string; name: string; nodeType: string }>>(server.url, token, 'GET', '/tree');
  pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
  const someone = await insertUser(server, { email: 'someone@demo.local', password: 'Some-Password-1' });

  // Demo customer: GMT+3 (the default time zone).
  m.lateJan10 = await insert({ at: '2020-01-10T20:30:00Z', tags: ['pump', 'night'], grms: [0.5, 0.7, 0.9] }); // 23:30 local
  m.earlyJan11 = await insert({ at: '2020-01-10T21:30:00Z', tags: ['pump'], grms: [1.5, 2.5, 3.5] }); // 00:30 local
  m.mac = await insert({ at: '2020-02-01T10:00:00Z', mac: 'CA:B8:31:00:00:09', type: 'PERIODIC', user: null });
  m.trig = await insert({ at: '2020-03-01T10:00:00Z', type: 'TRIGGERED', favorite: true, user: someone.userId, tags: ['fan'] });
  m.upload = await insert({ at: '2020-04-01T10:00:00Z', upload: true, user: someone.userId, grms: [4, 5, 6] });
  m.partial = await insert({ at: '2020-05-01T10:00:00Z', state: 'partial', wave: true, tags: ['pump', 'shift "A", line 2'] });
  m.error = await insert({ at: '2020-06-01T10:00:00Z', state: 'error', point: null });
  m.wave = await insert({ at: '2020-07-01T10:00:00Z', wave: true, grms: [0.1, 0.2, 0.3] });
  // Another customer: never visible, never deleted.
  m.foreign = await insert({
    at: '2020-05-02T10:00:00Z',
    customer: otherCustomerId,
    user: other.userId,
    wave: true,
    tags: ['pump'],
  });
});
afterAll(async () => {
  await server?.close();
});

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
    const res = await api<{ url: string }>(
      server.url,
      token,
      'GET',
      `/measurement/download?${new URLSearchParams({ startDate: '2020-01-11T00:00:00.000+03:00', endDate: '2020-01-11T23:59:59.999+03:00' })}`,
    );
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
    expect((await api(server.url, t, 'GET', '/measurement/tags')).status).toBe(403);
    expect((await api(server.url, t, 'GET', '/measurement/download')).status).toBe(403);
    expect((await api(server.url, t, 'DELETE', '/measurements', { ids: [m.wave] })).status).toBe(403);
  });
});

describe('GET /measurement/tags', () => {
  it('suggests the customer’s tags, most used first, and none of another customer’s', async () => {
    const res = await api<{ tag: string; count: number }[]>(server.url, token, 'GET', '/measurement/tags');
    expect(res.status).toBe(200);
    const pump = res.body.find((t) => t.tag === 'pump')!;
    expect(pump.count).toBeGreaterThanOrEqual(3);
    expect(res.body.findIndex((t) => t.tag === 'pump')).toBeLessThan(res.body.findIndex((t) => t.tag === 'night'));
    const other = await api<{ tag: string; count: number }[]>(server.url, otherToken, 'GET', '/measurement/tags', undefined, {
      host: OTHER_HOST,
    });
    expect(other.body).toEqual([{ tag: 'pump', count: 1 }]);
  });
});

describe('GET /measurement/download', () => {
  it('answers a signed URL whose GET streams a zip: index, per-measurement metadata with units, rate and axes, samples in g', async () => {
    const res = await api<{ url: string; expiresAt: string }>(
      server.url,
      token,
      'GET',
      `/measurement/download?${new URLSearchParams({ ...RANGE, tags: 'pump,fan' })}`,
    );
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
    const res = await api<{ url: string }>(server.url, token, 'GET', `/measurement/download?ids=${m.wave},${m.foreign}`);
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
    const res = await api<{ deleted: number }>(server.url, token, 'DELETE', '/measurements', { ids: target });
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
    const res = await api(server.url, token, 'DELETE', '/measurements', { ids: [m.wave, m.earlyJan11] });
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

describe('measurement_values (the value filter’s table, migration 0011)', () => {
  type Value = { telemetry: string; source: string; value: number; device?: boolean };
  const addValues = (id: string, at: string, values: Value[], db = server.ctx.db) =>
    db
      .insertInto('telemetry_values')
      .values(
        values.map((v) => ({
          measurement_id: id,
          customer_id: demoId,
          point_id: null,
          telemetry: v.telemetry,
          source: v.source,
          device_reported: v.device ?? false,
          value: v.value,
          unit: 'g',
          measured_at: new Date(at),
        })),
      )
      .execute();
  const kept = async (id: string) =>
    (
      await sql<{ telemetry: string; value: number; below: number | null; customer_id: string; created_at: Date; week: number }>`
        SELECT telemetry, value, below, customer_id, created_at, week FROM measurement_values
        WHERE measurement_id = ${id} ORDER BY telemetry, value`.execute(server.ctx.db)
    ).rows;
  const week = (at: string) => Math.floor(Date.parse(at) / 604_800_000);
  const YEAR_2019 = { startDate: '2019-01-01 00:00:00', endDate: '2019-12-31 23:59:59' };

  it('keeps each measurement’s distinct computed values of a telemetry, each with the next smaller one, in the insert’s transaction', async () => {
    const at = '2019-03-01T10:00:00Z';
    const id = await insert({ at });
    await addValues(id, at, [
      { telemetry: 'GRMS', source: 'accelerometer_x', value: 2 },
      { telemetry: 'GRMS', source: 'accelerometer_y', value: 1 },
      { telemetry: 'GRMS', source: 'accelerometer_z', value: 2 },
      { telemetry: 'GRMS', source: 'device', value: 9, device: true },
      { telemetry: 'VRMS_TEST', source: 'accelerometer_x', value: 5 },
    ]);
    const same = { customer_id: demoId, created_at: new Date(at), week: week(at) };
    expect(await kept(id)).toEqual([
      { telemetry: 'GRMS', value: 1, below: null, ...same },
      { telemetry: 'GRMS', value: 2, below: 1, ...same },
      { telemetry: 'VRMS_TEST', value: 5, below: null, ...same },
    ]);
    // A later insert for the same telemetry (another channel) recomputes the chain.
    await addValues(id, at, [{ telemetry: 'GRMS', source: 'channel_1', value: 1.5 }]);
    expect((await kept(id)).filter((r) => r.telemetry === 'GRMS').map((r) => [r.value, r.below])).toEqual([
      [1, null],
      [1.5, 1],
      [2, 1.5],
    ]);
    // Without dates (the customer's first to last week), and in the download (weeks in SQL).
    const vrms = { telemetry: 'VRMS_TEST', minValueActive: true, minValue: 4.5, maxValueActive: true, maxValue: 5.5 };
    expect(ids(await list({ ...vrms, startDate: '', endDate: '' }))).toEqual([id]);
    for (const range of [YEAR_2019, {}]) {
      const query = new URLSearchParams(Object.entries({ ...vrms, ...range }).map(([k, x]): [string, string] => [k, String(x)]));
      const res = await api<{ url: string }>(server.url, token, 'GET', `/measurement/download?${query}`);
      const zip = unzipSync(new Uint8Array(await (await fetch(`${server.url}${res.body.url}`)).arrayBuffer()));
      expect(
        strFromU8(zip['index.csv'])
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual([id]);
    }
    // An updated value too.
    await server.ctx.db
      .updateTable('telemetry_values')
      .set({ value: 0.5 })
      .where('measurement_id', '=', id)
      .where('source', '=', 'channel_1')
      .execute();
    expect((await kept(id)).filter((r) => r.telemetry === 'GRMS').map((r) => [r.value, r.below])).toEqual([
      [0.5, null],
      [1, 0.5],
      [2, 1],
    ]);
    // A device-reported value is never filtered on; a failed transaction leaves nothing.
    const v = (q: Record<string, string | number | boolean>) => list({ ...YEAR_2019, telemetry: 'GRMS', ...q });
    expect(ids(await v({ minValueActive: true, minValue: 3 }))).toEqual([]);
    expect(ids(await v({ minValueActive: true, minValue: 0.4, maxValueActive: true, maxValue: 0.6 }))).toEqual([id]);
    expect(ids(await v({ minValueActive: true, minValue: 1.2, maxValueActive: true, maxValue: 1.6 }))).toEqual([]);
    const other = await insert({ at });
    await expect(
      server.ctx.db.transaction().execute(async (trx) => {
        await addValues(other, at, [{ telemetry: 'GRMS', source: 'accelerometer_x', value: 3 }], trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept(other)).toEqual([]);
    await server.ctx.db.deleteFrom('measurements').where('id', 'in', [id, other]).execute();
  });

  it('replaces them when a partial measurement’s telemetry is replaced (ingest: delete, then insert, one transaction)', async () => {
    const at = '2019-04-01T10:00:00Z';
    const id = await insert({ at, state: 'partial', grms: [0.1, 0.2, 0.3] });
    expect((await kept(id)).map((r) => r.value)).toEqual([0.1, 0.2, 0.3]);
    await server.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('measurements').set({ state: 'persisted' }).where('id', '=', id).execute();
      await trx.deleteFrom('telemetry_values').where('measurement_id', '=', id).execute();
      await addValues(
        id,
        at,
        (['accelerometer_x', 'accelerometer_y', 'accelerometer_z'] as const).map((source, i) => ({
          telemetry: 'GRMS',
          source,
          value: [1.1, 1.3, 1.2][i],
        })),
        trx,
      );
    });
    expect((await kept(id)).map((r) => [r.value, r.below])).toEqual([
      [1.1, null],
      [1.2, 1.1],
      [1.3, 1.2],
    ]);
    const v = (lo: number, hi: number) =>
      list({ ...YEAR_2019, telemetry: 'GRMS', minValueActive: true, minValue: lo, maxValueActive: true, maxValue: hi });
    expect((await v(0, 0.5)).body.total).toBe(0);
    expect(ids(await v(1.25, 2))).toEqual([id]);
    await server.ctx.db.deleteFrom('measurements').where('id', '=', id).execute();
  });

  it('are written by ingest itself (migration 0014) exactly as the trigger computes them, and a later statement of the transaction still gets the trigger', async () => {
    const at = '2019-06-01T10:00:00Z';
    const owner = { customer_id: demoId, point_id: null };
    const values: TelemetryRow[] = [
      { telemetry: 'GRMS', source: 'x', value: 2, unit: 'g', device_reported: false },
      { telemetry: 'GRMS', source: 'y', value: 1, unit: 'g', device_reported: false },
      { telemetry: 'GRMS', source: 'z', value: 2, unit: 'g', device_reported: false },
      { telemetry: 'GRMS', source: 'device', value: 9, unit: 'g', device_reported: true },
      { telemetry: 'KURTOSIS', source: 'x', value: 3.5, unit: '', device_reported: false },
    ];
    const final = {
      state: 'persisted' as const,
      error: null,
      sample_size: 4,
      calibrated_sampling_rate: 12800,
      started_at: null,
      waveform_key: null,
      gateway_mac: null,
      device_telemetry: {},
    };
    const created = newId();
    const create = () =>
      insertFinalMeasurement(
        server.ctx.db,
        {
          ...owner,
          id: created,
          object_id: created,
          device_mac: 'CA:B8:31:00:00:09',
          range_index: 2,
          rate_index: 9,
          created_at: new Date(at),
        },
        final,
        new Date(at),
        values,
      );
    expect(await create()).toBe(true);
    const fromTrigger = await insert({ at });
    await addValues(
      fromTrigger,
      at,
      values.map((v) => ({ telemetry: v.telemetry, source: v.source, value: v.value, device: v.device_reported })),
    );
    expect(await kept(created)).toEqual(await kept(fromTrigger));
    expect((await kept(created)).map((r) => [r.telemetry, r.value, r.below])).toEqual([
      ['GRMS', 1, null],
      ['GRMS', 2, 1],
      ['KURTOSIS', 3.5, null],
    ]);
    // A repeated finalization changes nothing.
    expect(await create()).toBe(false);
    expect(await kept(created)).toHaveLength(3);

    // An existing (receiving) measurement finalized, then, in the same transaction, another insert:
    // the skip applies to the writer's own statement only.
    const finalized = await insert({ at, state: 'receiving' });
    await server.ctx.db.transaction().execute(async (trx) => {
      expect(await persistFinalMeasurement(trx, { ...owner, id: finalized }, final, ['persisted'], new Date(at), values)).toBe(
        true,
      );
      await addValues(finalized, at, [{ telemetry: 'GRMS', source: 'channel_1', value: 1.5 }], trx);
    });
    expect((await kept(finalized)).filter((r) => r.telemetry === 'GRMS').map((r) => [r.value, r.below])).toEqual([
      [1, null],
      [1.5, 1],
      [2, 1.5],
    ]);
    const setting = await sql<{
      v: string | null;
    }>`SELECT current_setting('overtone.measurement_values_written', true) AS v`.execute(server.ctx.db);
    expect(setting.rows[0]?.v ?? '').toBe('');
    await server.ctx.db.deleteFrom('measurements').where('id', 'in', [created, fromTrigger, finalized]).execute();
  });

  it('drops them with their measurement (DELETE /measurements, or a cascade) and follows its creation time', async () => {
    const byApi = await insert({ at: '2019-05-01T10:00:00Z', grms: [1, 2, 3] });
    const byCascade = await insert({ at: '2019-05-02T10:00:00Z', grms: [1, 2, 3] });
    const moved = await insert({ at: '2019-05-03T10:00:00Z', grms: [1, 2, 3] });
    expect((await api(server.url, token, 'DELETE', '/measurements', { ids: [byApi] })).body).toEqual({ deleted: 1 });
    await server.ctx.db.deleteFrom('measurements').where('id', '=', byCascade).execute();
    expect(await kept(byApi)).toEqual([]);
    expect(await kept(byCascade)).toEqual([]);
    const later = '2019-08-20T10:00:00Z';
    await server.ctx.db
      .updateTable('measurements')
      .set({ created_at: new Date(later) })
      .where('id', '=', moved)
      .execute();
    expect((await kept(moved)).map((r) => [r.created_at, r.week])).toEqual(Array(3).fill([new Date(later), week(later)]));
    const august = { startDate: '2019-08-01 00:00:00', endDate: '2019-08-31 23:59:59', telemetry: 'GRMS' };
    expect(ids(await list({ ...august, minValueActive: true, minValue: 2.5 }))).toEqual([moved]);
    await server.ctx.db.deleteFrom('measurements').where('id', '=', moved).execute();
  });

  it('value filter: list and count equal a direct reading of the values, whatever the values, bounds and row filters', async () => {
    // Values on a coarse grid so that bounds often equal a value and axes often share one.
    const grid = fc.integer({ min: 0, max: 8 }).map((n) => n / 4);
    const measurements = fc.array(fc.array(grid, { minLength: 1, maxLength: 4 }), { minLength: 11, maxLength: 24 });
    const rowFilters = ['none', 'tagged', 'periodic', 'partial', 'favorite'] as const;
    const bounds = fc.record({ min: fc.option(grid), max: fc.option(grid), rows: fc.constantFrom(...rowFilters) });
    await fc.assert(
      fc.asyncProperty(measurements, fc.array(bounds, { minLength: 1, maxLength: 4 }), async (sets, queries) => {
        const made: { id: string; values: number[]; odd: boolean; periodic: boolean; partial: boolean; favorite: boolean }[] = [];
        for (const [i, values] of sets.entries()) {
          const at = `2019-10-${String(1 + i).padStart(2, '0')}T10:00:00Z`;
          const periodic = i % 3 === 0;
          const partial = i % 5 === 0;
          const id = await insert({
            at,
            tags: i % 2 ? ['odd'] : [],
            type: periodic ? 'PERIODIC' : 'MANUAL',
            state: partial ? 'partial' : 'persisted',
          });
          await addValues(
            id,
            at,
            values.map((value, k) => ({ telemetry: 'GRMS', source: `channel_${k}`, value })),
          );
          // Changed after its values were written: the copies in measurement_values follow (0018).
          const favorite = i % 4 === 0;
          if (favorite) await server.ctx.db.updateTable('measurements').set({ favorite: true }).where('id', '=', id).execute();
          made.push({ id, values, odd: i % 2 === 1, periodic, partial, favorite });
        }
        try {
          for (const { min, max, rows } of queries) {
            if (min === null && max === null) continue;
            if (min !== null && max !== null && !(min < max)) continue;
            const query = {
              startDate: '2019-10-01 00:00:00',
              endDate: '2019-10-31 23:59:59',
              telemetry: 'GRMS',
              ...(min !== null ? { minValueActive: true, minValue: min } : {}),
              ...(max !== null ? { maxValueActive: true, maxValue: max } : {}),
              ...(rows === 'tagged' ? { tags: 'odd' } : {}),
              ...(rows === 'periodic' ? { measurementType: 'PERIODIC' } : {}),
              ...(rows === 'partial' ? { partial: true } : {}),
              ...(rows === 'favorite' ? { favorite: true } : {}),
            };
            const rowMatches = (x: (typeof made)[number]) =>
              rows === 'none' ||
              (rows === 'tagged' ? x.odd : rows === 'periodic' ? x.periodic : rows === 'partial' ? x.partial : x.favorite);
            const res = await list(query);
            // The same query read value first whatever the row filters (the route reads these few
            // measurements row first): the value rows' copies of the row columns answer alike.
            const valueFirst = await listMeasurements(
              server.ctx.db,
              { customerId: demoId, userId: adminId, zoneOffsetMinutes: 180 },
              measurementFilterQuery.parse({ page: 1, pageSize: 75, ...query }),
              { rowFirstMax: 0 },
            );
            const expected = made
              .filter((x) => rowMatches(x) && x.values.some((v) => (min === null || v >= min) && (max === null || v <= max)))
              .map((x) => x.id)
              .sort();
            expect(res.status).toBe(200);
            expect(ids(res)).toEqual(expected);
            expect(res.body.total).toBe(expected.length);
            expect(valueFirst.measurements.map((x) => x._id).sort()).toEqual(expected);
            expect(valueFirst.total).toBe(expected.length);
            // Pages of 10, newest first (one measurement a day).
            const pages = [];
            for (const page of [1, 2, 3])
              pages.push(...(await list({ ...query, pageSize: 10, page })).body.measurements.map((x) => x._id));
            const newestFirst = made.filter((x) => expected.includes(x.id)).map((x) => x.id);
            expect(pages).toEqual(newestFirst.reverse());
          }
        } finally {
          await server.ctx.db
            .deleteFrom('measurements')
            .where(
              'id',
              'in',
              made.map((x) => x.id),
            )
            .execute();
        }
      }),
      { numRuns: 40 },
    );
  });
});
