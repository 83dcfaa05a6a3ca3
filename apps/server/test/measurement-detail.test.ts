import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, measurementJsonExport } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { photoPrefix } from '../src/modules/measurements/detail-repo.ts';
import { api, login, request, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId, insertUser } from './support/users.ts';

/**
 * The measurement detail page's calls (spec 002 §2, §7): favorite, note, tags, photos, delete with
 * the adjacent measurement, the JSON download and the (empty) alarm transactions, against the real
 * embedded database, on measurements inserted straight into the tables.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let otherToken: string;
let demoId: string;
let pointId: string;
const MISSING = '0123456789abcdef01234567';

async function newPoint(customerId: string): Promise<string> {
  const db = server.ctx.db;
  const template = await db
    .selectFrom('tree_nodes')
    .select(['parent_id', 'point'])
    .where('customer_id', '=', demoId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  const id = newId();
  await db
    .insertInto('tree_nodes')
    .values({
      id,
      customer_id: customerId,
      parent_id: customerId === demoId ? template.parent_id : null,
      node_type: 'point',
      name: `Detail point ${id.slice(-4)}`,
      tag_code: `DT-${id}`,
      point: JSON.stringify(template.point),
    })
    .execute();
  return id;
}

async function insert(r: { at: string; customer?: string; point?: string | null; wave?: boolean; grms?: boolean }) {
  const id = newId();
  const customer = r.customer ?? demoId;
  let key: string | null = null;
  if (r.wave) {
    key = waveformKey(customer, id);
    const counts = new Int16Array([100, -200, 300, 400, -500, 600]);
    await server.ctx.storage.put(key, new Uint8Array(counts.buffer));
  }
  await server.ctx.db
    .insertInto('measurements')
    .values({
      id,
      customer_id: customer,
      object_id: id,
      point_id: r.point === undefined ? pointId : r.point,
      device_mac: 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: null,
      measurement_type: 'MANUAL',
      state: 'persisted',
      range_index: 2,
      rate_index: 9,
      sample_size: 2,
      calibrated_sampling_rate: 12800,
      waveform_key: key,
      created_at: new Date(r.at),
    })
    .execute();
  if (r.grms)
    await server.ctx.db
      .insertInto('telemetry_values')
      .values({
        measurement_id: id,
        customer_id: customer,
        point_id: r.point === undefined ? pointId : r.point,
        telemetry: 'GRMS',
        source: 'accelerometer_x',
        device_reported: false,
        value: 0.42,
        unit: 'g',
        measured_at: new Date(r.at),
      })
      .execute();
  return id;
}

async function addPhoto(customerId: string, measurementId: string, name: string) {
  const key = photoPrefix(customerId, measurementId) + name;
  await server.ctx.storage.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  await server.ctx.db
    .insertInto('measurement_photos')
    .values({ key, customer_id: customerId, measurement_id: measurementId })
    .execute();
  return key;
}

const tokenWith = async (email: string, permissions: string[]) => {
  await insertUser(server, { email, password: 'Detail-Password-1', permissions });
  return login(server.url, email, 'Detail-Password-1');
};

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  const other = await createSecondTenant(server);
  otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
  pointId = await newPoint(demoId);
});
afterAll(async () => server?.close());

describe('favorite, note and tags', () => {
  it('sets the favorite star (true, then false); another customer’s measurement is 404', async () => {
    const id = await insert({ at: '2021-01-01T10:00:00Z' });
    expect(
      await callApi(server.url, token, ENDPOINTS.setMeasurementFavorite, { params: { id }, body: { favorite: true } }),
    ).toMatchObject({
      status: 200,
      body: { favorite: true },
    });
    expect((await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body.favorite).toBe(true);
    const unset = await callApi(server.url, token, ENDPOINTS.setMeasurementFavorite, {
      params: { id },
      body: { favorite: false },
    });
    expect(unset.body).toEqual({ favorite: false });
    expect((await api(server.url, token, 'PUT', `/measurement/${id}/favorite`, {})).status).toBe(400);
    const foreign = await callApi(server.url, otherToken, ENDPOINTS.setMeasurementFavorite, {
      params: { id },
      body: { favorite: true },
      host: OTHER_HOST,
    });
    const missing = await callApi(server.url, otherToken, ENDPOINTS.setMeasurementFavorite, {
      params: { id: MISSING },
      body: { favorite: true },
      host: OTHER_HOST,
    });
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ status: 404, body: { code: 'MEASUREMENT_NOT_FOUND' } });
  });

  it('saves a note of 1000 characters (result 1); 1001 answers 400 {errors:[{msg}]}', async () => {
    const id = await insert({ at: '2021-01-02T10:00:00Z' });
    const ok = await callApi(server.url, token, ENDPOINTS.setMeasurementNote, {
      params: { id },
      body: { note: 'n'.repeat(1000) },
    });
    expect(ok).toMatchObject({ status: 200, body: { result: 1 } });
    expect((await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body.note).toHaveLength(1000);
    const tooLong = await api<{ errors: { msg: string; param?: string }[] }>(
      server.url,
      token,
      'PUT',
      `/measurement/${id}/note`,
      {
        note: 'n'.repeat(1001),
      },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ msg: 'The note can be at most 1000 characters', param: 'note' }]);
    expect((await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body.note).toHaveLength(1000);
    const cleared = await callApi(server.url, token, ENDPOINTS.setMeasurementNote, { params: { id }, body: { note: '' } });
    expect(cleared.body).toEqual({ result: 1, note: '' });
  });

  it('replaces tags (trimmed, no empties or duplicates) with updateMeasurementTags; 403 without', async () => {
    const id = await insert({ at: '2021-01-03T10:00:00Z' });
    const res = await callApi(server.url, token, ENDPOINTS.setMeasurementTags, {
      params: { id },
      body: { tags: [' Unbalance ', '', 'pump', 'pump', 'Unbalance'] },
    });
    expect(res).toMatchObject({ status: 200, body: { tags: ['Unbalance', 'pump'] } });
    expect((await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body.tags).toEqual([
      'Unbalance',
      'pump',
    ]);
    const reader = await tokenWith('tag-reader@demo.local', ['readMeasurement']);
    const denied = await callApi(server.url, reader, ENDPOINTS.setMeasurementTags, { params: { id }, body: { tags: ['x'] } });
    expect(denied).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const tagger = await tokenWith('tagger@demo.local', ['updateMeasurementTags']);
    const emptied = await callApi(server.url, tagger, ENDPOINTS.setMeasurementTags, { params: { id }, body: { tags: [] } });
    expect(emptied.body).toEqual({ tags: [] });
    expect(
      (
        await callApi(server.url, otherToken, ENDPOINTS.setMeasurementTags, {
          params: { id },
          body: { tags: ['x'] },
          host: OTHER_HOST,
        })
      ).status,
    ).toBe(404);
  });
});

describe('photos', () => {
  it('lists photos with signed URLs; deletes one with deleteMeasurementPhoto, 403 without', async () => {
    const id = await insert({ at: '2021-02-01T10:00:00Z' });
    const k1 = await addPhoto(demoId, id, 'a.jpg');
    await addPhoto(demoId, id, 'b.jpg');
    const list = await callApi(server.url, token, ENDPOINTS.listMeasurementPhotos, { params: { id } });
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.key).sort()).toEqual([k1, photoPrefix(demoId, id) + 'b.jpg']);
    const bytes = await request(`${server.url}${list.body[0]!.url}`, 'GET');
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    const tampered = await request(`${server.url}${list.body[0]!.url.replace(/signature=[^&]+/, 'signature=abc')}`, 'GET');
    expect(tampered.status).toBe(403);

    const reader = await tokenWith('photo-reader@demo.local', ['readMeasurement']);
    const photoA = { id, photoKeyPart: 'a.jpg' };
    expect((await callApi(server.url, reader, ENDPOINTS.deleteMeasurementPhoto, { params: photoA })).status).toBe(403);
    const deleter = await tokenWith('photo-deleter@demo.local', ['deleteMeasurementPhoto']);
    expect(await callApi(server.url, deleter, ENDPOINTS.deleteMeasurementPhoto, { params: photoA })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await callApi(server.url, deleter, ENDPOINTS.deleteMeasurementPhoto, { params: photoA })).body).toMatchObject({
      code: 'PHOTO_NOT_FOUND',
    });
    expect(await server.ctx.storage.get(k1)).toBeNull();
    expect((await request(`${server.url}${list.body.find((p) => p.key === k1)!.url}`, 'GET')).status).toBe(404);
    const after = await callApi(server.url, token, ENDPOINTS.listMeasurementPhotos, { params: { id } });
    expect(after.body.map((p) => p.key)).toEqual([photoPrefix(demoId, id) + 'b.jpg']);
    // Another customer: 404 for the list and the delete; the photo stays.
    expect(
      (await callApi(server.url, otherToken, ENDPOINTS.listMeasurementPhotos, { params: { id }, host: OTHER_HOST })).status,
    ).toBe(404);
    expect(
      (
        await callApi(server.url, otherToken, ENDPOINTS.deleteMeasurementPhoto, {
          params: { id, photoKeyPart: 'b.jpg' },
          host: OTHER_HOST,
        })
      ).status,
    ).toBe(404);
    expect((await callApi(server.url, token, ENDPOINTS.listMeasurementPhotos, { params: { id } })).body).toHaveLength(1);
  });
});

describe('delete one measurement', () => {
  it('answers the adjacent measurement of the point: next newer, else next older, else null', async () => {
    const point = await newPoint(demoId);
    const a = await insert({ at: '2022-01-01T10:00:00Z', point, wave: true });
    const b = await insert({ at: '2022-01-02T10:00:00Z', point });
    const c = await insert({ at: '2022-01-03T10:00:00Z', point });
    await addPhoto(demoId, b, 'p.jpg');
    const reader = await tokenWith('delete-reader@demo.local', ['readMeasurement']);
    expect((await callApi(server.url, reader, ENDPOINTS.deleteMeasurement, { params: { id: b } })).status).toBe(403);
    expect(
      (await callApi(server.url, otherToken, ENDPOINTS.deleteMeasurement, { params: { id: b }, host: OTHER_HOST })).status,
    ).toBe(404);

    const deleter = await tokenWith('deleter@demo.local', ['deleteMeasurement']);
    expect((await callApi(server.url, deleter, ENDPOINTS.deleteMeasurement, { params: { id: b } })).body).toEqual({
      deleted: true,
      pointId: point,
      adjacent: { _id: c, createdAt: '2022-01-03T10:00:00.000Z' },
    });
    expect((await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id: b } })).status).toBe(404);
    expect(await server.ctx.storage.get(photoPrefix(demoId, b) + 'p.jpg')).toBeNull();
    expect((await callApi(server.url, deleter, ENDPOINTS.deleteMeasurement, { params: { id: c } })).body).toMatchObject({
      adjacent: { _id: a },
    });
    expect((await callApi(server.url, deleter, ENDPOINTS.deleteMeasurement, { params: { id: a } })).body).toEqual({
      deleted: true,
      pointId: point,
      adjacent: null,
    });
    expect(await server.ctx.storage.get(waveformKey(demoId, a))).toBeNull();
    expect((await callApi(server.url, deleter, ENDPOINTS.deleteMeasurement, { params: { id: a } })).status).toBe(404);

    const loose = await insert({ at: '2022-01-04T10:00:00Z', point: null });
    expect((await callApi(server.url, deleter, ENDPOINTS.deleteMeasurement, { params: { id: loose } })).body).toEqual({
      deleted: true,
      pointId: null,
      adjacent: null,
    });
  });
});

describe('JSON download and alarm transactions', () => {
  it('downloads one measurement as a JSON attachment with metadata and samples', async () => {
    const id = await insert({ at: '2021-03-01T10:00:00Z', wave: true, grms: true });
    // no `language` header, as this download was always asked for
    const res = await callApi(server.url, token, ENDPOINTS.getMeasurementJson, { params: { id }, language: null });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="measurement-${id}.json"`);
    const body = measurementJsonExport.parse(res.body);
    expect(body.format).toBe('overtone.measurement.v1');
    expect(body.measurement).toMatchObject({
      _id: id,
      createdAt: '2021-03-01T10:00:00.000Z',
      samplingRateHz: 12800,
      sampleSize: 2,
    });
    expect(body.measurement.point?._id).toBe(pointId);
    expect(body.units).toEqual({ accelerometer_x: 'g', accelerometer_y: 'g', accelerometer_z: 'g' });
    expect(Object.keys(body.data).sort()).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
    expect(body.data.accelerometer_x).toHaveLength(2);
    expect(body.telemetry).toMatchObject([{ telemetry: 'GRMS', source: 'accelerometer_x', value: 0.42 }]);
    expect(
      (await callApi(server.url, otherToken, ENDPOINTS.getMeasurementJson, { params: { id }, host: OTHER_HOST })).status,
    ).toBe(404);
  });

  it('answers an empty alarm-transaction page with the 10/25/50/75 paging (readAlarm)', async () => {
    expect((await callApi(server.url, token, ENDPOINTS.listAlarmTransactions, { query: { points: pointId } })).body).toEqual({
      total: 0,
      pageNumber: 1,
      pageSize: 10,
      transactions: [],
    });
    expect(
      (await callApi(server.url, token, ENDPOINTS.listAlarmTransactions, { query: { pageSize: 75, pageNumber: 3 } })).body,
    ).toMatchObject({
      pageSize: 75,
      pageNumber: 3,
    });
    expect((await api(server.url, token, 'GET', '/alarm-transactions?pageSize=20')).status).toBe(400);
    const reader = await tokenWith('alarm-less@demo.local', ['readMeasurement']);
    expect((await callApi(server.url, reader, ENDPOINTS.listAlarmTransactions)).status).toBe(403);
  });
});
