import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type CreateShareBody } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { translate } from '../src/infra/i18n.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { demoCustomerId } from './support/users.ts';

/**
 * What the share-link page reads (issue 17 item 10, docs/share-links.md): the point's chart settings
 * (reference frequency, bearing, axis mapping) with the shared measurement and nothing more of the
 * point, alarm names in the reader's language, and a translated answer to a wrong or expired link.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let demoId: string;
let pointId: string;
let bearingId: string;
let shared: string;
let pointless: string;

async function insertMeasurement(point: string | null) {
  const id = newId();
  const key = waveformKey(demoId, id);
  await server.ctx.storage.put(key, new Uint8Array(new Int16Array([100, -200, 300, 400, -500, 600]).buffer));
  await server.ctx.db
    .insertInto('measurements')
    .values({
      id,
      customer_id: demoId,
      object_id: id,
      point_id: point,
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
      created_at: new Date(),
    })
    .execute();
  return id;
}

const linkOf = async (measurementId: string, extras: Omit<CreateShareBody, 'measurementId'> = {}) =>
  (await callApi(server.url, token, ENDPOINTS.createShareLink, { body: { measurementId, ...extras } })).body.token;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  const tree = await callApi(server.url, token, ENDPOINTS.getTree);
  pointId = tree.body.find((n) => n.nodeType === 'point')!._id;
  const b = await server.ctx.db
    .selectFrom('bearings')
    .select('id')
    .where('customer_id', 'is', null)
    .where('bpfo', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  bearingId = b.id;
  const node = await server.ctx.db.selectFrom('tree_nodes').select('point').where('id', '=', pointId).executeTakeFirstOrThrow();
  const data = {
    ...(node.point as Record<string, unknown>),
    referenceFrequency: 24.75,
    referenceFrequencyVariable: false,
    bearingId,
    coordinateXAxis: 'zAxis',
    coordinateZAxis: 'xAxis',
  };
  await server.ctx.db
    .updateTable('tree_nodes')
    .set({ point: JSON.stringify(data) as never })
    .where('id', '=', pointId)
    .execute();
  shared = await insertMeasurement(pointId);
  pointless = await insertMeasurement(null);
});
afterAll(async () => server?.close());

describe('GET /share/measurement/{id}: the point’s chart settings', () => {
  it('carries the reference frequency, the bearing and the axis mapping of the point, and nothing else of it', async () => {
    const res = await callApi(server.url, await linkOf(shared), ENDPOINTS.getSharedMeasurement, { params: { id: shared } });
    expect(res.status).toBe(200);
    const point = await callApi(server.url, token, ENDPOINTS.getPoint, { params: { id: pointId } });
    expect(res.body.pointSettings).toEqual({
      referenceFrequency: 24.75,
      referenceFrequencyVariable: false,
      bearing: point.body.bearing,
      coordinateXAxis: 'zAxis',
      coordinateYAxis: 'yAxis',
      coordinateZAxis: 'xAxis',
    });
    expect(res.body.pointSettings!.bearing).toMatchObject({ _id: bearingId, bpfo: expect.any(Number) });
    expect(res.body.pointSettings!.bearing!.bpfo).toBeGreaterThan(0);
    // the measurement itself is as the session route answers it
    const own = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id: shared } });
    const { pointSettings: _settings, ...rest } = res.body;
    expect(rest).toEqual(own.body);
    // nothing of the point beyond the chart settings: no device, images, tag code, health or form extras
    for (const leak of ['device', 'images', 'tagCode', 'health', 'machineType', 'profile', 'parent'])
      expect(res.body.pointSettings, leak).not.toHaveProperty(leak);
  });

  it('answers null settings for a measurement without a point', async () => {
    const res = await callApi(server.url, await linkOf(pointless), ENDPOINTS.getSharedMeasurement, { params: { id: pointless } });
    expect(res.status).toBe(200);
    expect(res.body.pointSettings).toBeNull();
  });
});

describe('GET /share/measurement/{id}/alarm-transactions: names', () => {
  it('names a built-in alarm in the reader’s language while it keeps its default name', async () => {
    const turkish = translate('tr', 'messages', 'alarmIso10816Name', { axis: 'X', machineClass: 'II' });
    await server.ctx.db
      .insertInto('alarm_transactions')
      .values([
        {
          id: newId(),
          customer_id: demoId,
          point_id: pointId,
          alarm_id: newId(),
          kind: 'metric',
          name: turkish,
          telemetry: 'VRMS',
          source: 'accelerometer_x',
          level: 2,
          score: 4.2,
          measurement_id: shared,
          created_at: new Date(),
        },
        {
          id: newId(),
          customer_id: demoId,
          point_id: pointId,
          alarm_id: newId(),
          kind: 'metric',
          name: 'Pump bearing watch',
          telemetry: 'GRMS',
          source: 'accelerometer_y',
          level: 1,
          score: 0.7,
          measurement_id: shared,
          created_at: new Date(Date.now() - 1000),
        },
      ])
      .execute();
    const link = await linkOf(shared, { allowAlarmTransactions: true });
    for (const language of ['en', 'de'] as const) {
      const res = await callApi(server.url, link, ENDPOINTS.listSharedAlarmTransactions, { params: { id: shared }, language });
      expect(res.status).toBe(200);
      const names = res.body.transactions.map((t) => t.name);
      expect(names).toEqual([
        translate(language, 'messages', 'alarmIso10816Name', { axis: 'X', machineClass: 'II' }),
        'Pump bearing watch',
      ]);
      expect(names[0]).not.toBe(turkish);
    }
  });
});

describe('a wrong or expired link', () => {
  it('answers 401 SHARE_LINK_INVALID with the message in the reader’s language, on every share call', async () => {
    for (const [language, text] of [
      ['en', 'This link is invalid or has expired'],
      ['de', 'Dieser Link ist ungültig oder abgelaufen'],
    ] as const)
      for (const p of ['/share', `/share/measurement/${shared}`, `/share/measurement/${shared}/alarm-transactions`]) {
        const res = await api(server.url, 'not-a-share-token', 'GET', p, undefined, { language });
        expect(res, `${language} ${p}`).toMatchObject({ status: 401, body: { code: 'SHARE_LINK_INVALID', message: text } });
      }
  });

  it('a valid link of another measurement answers 404 for the measurement of the path', async () => {
    const res = await callApi(server.url, await linkOf(shared), ENDPOINTS.getSharedMeasurement, { params: { id: pointless } });
    expect(res).toMatchObject({ status: 404, body: { code: 'MEASUREMENT_NOT_FOUND' } });
  });
});
