import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { computeTelemetry } from '@overtone/dsp';
import { startPlant, type Plant } from '../../gateway-sim/src/plant.ts';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { plantCredentials } from './support/edge.ts';
import { connectGateway } from './support/gateway-client.ts';
import { createSecondTenant } from './support/second-tenant.ts';
import { until } from './support/until.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let plant: Plant;
let token: string;
let pointId: string;
const DEVICE = 'CA:B8:31:00:00:02'; // inner race 105
const GATEWAY = 'CA:B8:28:00:00:01';

beforeAll(async () => {
  server = await startTestServer();
  plant = await startPlant({
    mqttUrl: server.mqttUrl,
    credentials: plantCredentials(server),
    scanIntervalMs: 300,
    acquisitionSpeedup: 1000,
  });
  token = await login(server.url);
  const tree = await callApi(server.url, token, ENDPOINTS.getTree);
  pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
});
afterAll(async () => {
  await plant?.stop();
  await server?.close();
});

async function liveClient(tok: string, host?: string) {
  const { body } = await callApi(server.url, tok, ENDPOINTS.getBrokerUrl, { host });
  // The signed URL names the host the request was sent to; a test tenant's host does not resolve.
  if (host) body.url = body.url.replace(`//${host}`, `//127.0.0.1:${new URL(server.url).port}`);
  const client = await mqtt.connectAsync(body.url, { reconnectPeriod: 0, connectTimeout: 5000 });
  const events: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => events.push({ topic, payload: payload.toString() }));
  return { client, events, url: body.url };
}

async function measure(): Promise<string> {
  const res = await callApi(server.url, token, ENDPOINTS.measurePoint, {
    params: { pointId },
    body: { tags: ['e2e', 'round-trip'], gateway: GATEWAY },
  });
  expect(res.status).toBe(200);
  return res.body._id;
}

describe('live measurement round trip with the simulated plant', () => {
  it('sees the device as ready from the gateway scans', async () => {
    const point = await callApi(server.url, token, ENDPOINTS.getPoint, { params: { id: pointId } });
    const lookup = await until(async () => {
      const r = await callApi(server.url, token, ENDPOINTS.getDeviceRoutingLookup, { params: { id: point.body.device!._id } });
      return r.body.data.data.find((e) => e.status === 'ready') ? r.body.data.data : null;
    });
    expect(lookup[0]._id.gateway).toBe(GATEWAY);
    expect(lookup[0].rssi).toBeLessThan(0);
  });

  it('request → accepted → done → persisted within 10 s; the stored waveform is the recording within int16 quantisation', async () => {
    const live = await liveClient(token);
    await live.client.subscribeAsync(senseway.topics.liveFilter('prod', GATEWAY, DEVICE), { qos: 1 });
    const t0 = Date.now();
    const id = await measure();
    await until(async () => live.events.some((e) => e.topic.endsWith(`/${id}/persisted`)), 10000);
    expect(Date.now() - t0).toBeLessThan(10000);
    const order = live.events.filter((e) => e.topic.includes(`/${id}/`)).map((e) => e.topic.split('/').at(-1));
    expect(order).toEqual(['accepted', 'done', 'persisted']);
    await live.client.endAsync();

    const m = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } });
    expect(m.status).toBe(200);
    expect(m.body.state).toBe('persisted');
    expect(m.body.tags).toEqual(['e2e', 'round-trip']);
    expect(m.body.calibratedSamplingRate).toBe(12000);
    const expected = plant.expectedSamplesG(DEVICE, id);
    const lsb = senseway.gPerCount(2);
    for (const [axis, key] of [
      ['x', 'accelerometer_x'],
      ['y', 'accelerometer_y'],
      ['z', 'accelerometer_z'],
    ] as const) {
      const got = m.body.data[key];
      expect(got.length).toBe(m.body.profile.sampleSize);
      let worst = 0;
      for (let i = 0; i < got.length; i++) worst = Math.max(worst, Math.abs(got[i] - expected[axis][i]));
      expect(worst).toBeLessThanOrEqual(lsb / 2 + 1e-12);
    }
    // And independently of the simulator: x is the drive-end channel of CWRU record 105 from the replayed offset.
    const replay = plant.replayLog.find((r) => r.id === id)!;
    expect(replay.q).toBe(1);
    const f32 = fs.readFileSync(path.resolve(import.meta.dirname, '../../gateway-sim/recordings/cwru/cwru_105_IR007_0HP_DE.f32'));
    const de = new Float32Array(f32.buffer, f32.byteOffset, f32.byteLength / 4);
    const x = m.body.data.accelerometer_x;
    for (let i = 0; i < x.length; i++)
      expect(Math.abs(x[i] - de[(replay.offset + i) % de.length])).toBeLessThanOrEqual(lsb / 2 + 1e-7);
    // Telemetry is ours, computed from the stored samples, and kept apart from the device's.
    const grmsX = m.body.telemetry.find((t) => t.telemetry === 'GRMS' && t.source === 'accelerometer_x' && !t.deviceReported)!;
    const ref = computeTelemetry(Float64Array.from(m.body.data.accelerometer_x), 12000).find((t) => t.name === 'GRMS')!;
    expect(grmsX.value).toBeCloseTo(ref.value, 12);
    for (const name of ['GRMS', 'VRMS', 'PEAK', 'PEAK_TO_PEAK', 'CREST', 'KURTOSIS', 'SKEWNESS'])
      expect(
        m.body.telemetry
          .filter((t) => t.telemetry === name && !t.deviceReported)
          .map((t) => t.source)
          .sort(),
      ).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
    expect(m.body.telemetry.some((t) => t.deviceReported && t.telemetry === 'GRMS')).toBe(true);

    const list = await callApi(server.url, token, ENDPOINTS.listMeasurements, { query: { page: 1, pageSize: 10 } });
    expect(list.body.measurements[0]._id).toBe(id);
    expect(list.body.measurements[0].point!.path).toEqual(['Demo Plant', 'CWRU test rig', 'Inner race fault']);
  });

  it('stores nothing twice when every chunk and the done are delivered twice, or replayed later', async () => {
    plant.faults.duplicateChunks = true;
    plant.faults.duplicateDone = true;
    const id = await measure();
    await until(
      async () => (await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body.state === 'persisted',
    );
    plant.faults.duplicateChunks = false;
    plant.faults.duplicateDone = false;
    await server.ingest.idle();
    const count = async () => ({
      measurements: (
        await server.ctx.db
          .selectFrom('measurements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('object_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
      telemetry: (
        await server.ctx.db
          .selectFrom('telemetry_values')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('measurement_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
      chunks: (await server.ctx.chunks.pending()).length,
    });
    const before = await count();
    expect(Number(before.measurements)).toBe(1);
    expect(Number(before.telemetry)).toBeGreaterThan(20);
    expect(Number(before.chunks)).toBe(0);

    // A late replay of the same measurement (chunk + done) changes nothing.
    const raw = await connectGateway(server, GATEWAY);
    const chunks = senseway.encodeChunks(new Int16Array(3 * 24000));
    await raw.publishAsync(senseway.topics.chunk('prod', DEVICE, id, chunks[0].index), Buffer.from(chunks[0].payload), {
      qos: 1,
    });
    await raw.publishAsync(
      senseway.topics.measureEvent('prod', GATEWAY, DEVICE, id, 'done'),
      JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 6400, CHUNK_COUNT: chunks.length }, TELEMETRY: [] }),
      { qos: 1 },
    );
    // Chunks alone, later (what the broker redelivers to an instance that was killed before it
    // acknowledged them): acknowledged and not kept, where nothing would ever finalize them.
    for (const c of chunks.slice(1, 3))
      await raw.publishAsync(senseway.topics.chunk('prod', DEVICE, id, c.index), Buffer.from(c.payload), { qos: 1 });
    await raw.endAsync();
    await new Promise((r) => setTimeout(r, 300));
    await server.ingest.idle();
    expect(await count()).toEqual(before);
    expect((await server.ctx.chunks.chunkSizes(DEVICE, id)).size).toBe(0);
    const m = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } });
    expect(m.body.calibratedSamplingRate).toBe(12000);
  });

  // On Mosquitto (api:external) the scope change that follows the rename disconnects the simulated
  // gateway, and the measure command is published while it reconnects: it arrives because the
  // gateway's first scan afterwards has it sent again (modules/iot/command-redelivery.ts).
  it('answers rejected NO_DEVICE for a device the gateway does not know, and records the error', async () => {
    const db = server.ctx.db;
    await db.updateTable('devices').set({ mac: 'CA:B8:31:00:00:77' }).where('mac', '=', 'CA:B8:31:00:00:04').execute();
    // as the device routes do after a change (an external broker's rules are told, not read live)
    const { customer_id } = await db
      .selectFrom('devices')
      .select('customer_id')
      .where('mac', '=', 'CA:B8:31:00:00:77')
      .executeTakeFirstOrThrow();
    await server.ctx.edge.scopeChanged(customer_id);
    const tree = await callApi(server.url, token, ENDPOINTS.getTree);
    const outer = tree.body.find((n) => n.name === 'Outer race fault')!._id;
    const res = await callApi(server.url, token, ENDPOINTS.measurePoint, {
      params: { pointId: outer },
      body: { tags: [], gateway: GATEWAY },
    });
    expect(res.status).toBe(200);
    const m = await until(async () => {
      const r = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id: res.body._id } });
      return r.body.state === 'error' ? r.body : null;
    });
    expect(m.error).toBe('NO_DEVICE');
    // Meanwhile the gateway's scans registered the real :04 as a new, unattached device: drop it first.
    await db.deleteFrom('devices').where('mac', '=', 'CA:B8:31:00:00:04').where('point_id', 'is', null).execute();
    await db.updateTable('devices').set({ mac: 'CA:B8:31:00:00:04' }).where('mac', '=', 'CA:B8:31:00:00:77').execute();
    await server.ctx.edge.scopeChanged(customer_id);
  });
});

describe('tenant isolation', () => {
  it('another customer gets 404 for this measurement and cannot subscribe to its topics', async () => {
    const list = await callApi(server.url, token, ENDPOINTS.listMeasurements, { query: { page: 1, pageSize: 10 } });
    const id = list.body.measurements.find((m) => m)!._id;
    const other = await createSecondTenant(server);
    const otherToken = await login(server.url, other.email, other.password, other.host);
    const opts = { host: other.host };
    const res = await callApi(server.url, otherToken, ENDPOINTS.getMeasurement, { params: { id }, ...opts });
    expect(res.status).toBe(404);
    // the 404's body (errorBody), which the entry's 200 answer type does not describe
    expect((res.body as unknown as { message: string }).message).toBe('Measurement not found');
    expect((await callApi(server.url, otherToken, ENDPOINTS.getPoint, { params: { id: pointId }, ...opts })).status).toBe(404);
    expect(
      (await callApi(server.url, otherToken, ENDPOINTS.measurePoint, { params: { pointId }, body: { tags: [] }, ...opts }))
        .status,
    ).toBe(404);
    const otherList = await callApi(server.url, otherToken, ENDPOINTS.listMeasurements, {
      query: { page: 1, pageSize: 10 },
      ...opts,
    });
    expect(otherList.body.total).toBe(0);
    // The other customer's token is refused on this customer's host.
    expect((await callApi(server.url, otherToken, ENDPOINTS.listMeasurements, { query: { page: 1, pageSize: 10 } })).status).toBe(
      401,
    );

    const live = await liveClient(otherToken, other.host);
    const suback = (topic: string) =>
      new Promise<number>((resolve) =>
        live.client.subscribe(topic, { qos: 1 }, (err, granted) =>
          resolve(
            err
              ? ((err as unknown as { packet?: { granted?: number[] } }).packet?.granted?.[0] ?? -1)
              : (granted?.[0]?.qos ?? -1),
          ),
        ),
      );
    expect(await suback(senseway.topics.liveFilter('prod', GATEWAY, DEVICE))).toBe(128);
    expect(await suback('#')).toBe(128);
    expect(await suback('prod/device/+/measure/+/chunk/+')).toBe(128);
    // Nothing of the demo tenant reaches this connection while a measurement runs.
    await measure();
    await new Promise((r) => setTimeout(r, 1500));
    expect(live.events).toEqual([]);
    await live.client.endAsync();
  });

  it('the broker refuses a WebSocket connection without a valid signature', async () => {
    const outcome = (url: string) =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 3000 });
        c.once('connect', () => (c.end(true), resolve('connected')));
        c.once('error', () => (c.end(true), resolve('refused')));
        c.once('close', () => (c.end(true), resolve('refused')));
      });
    const { url } = await liveClient(token).then(async (l) => (await l.client.endAsync(), l));
    expect(await outcome(url)).toBe('connected');
    expect(await outcome(url.replace(/signature=[0-9a-f]{4}/, 'signature=0000'))).toBe('refused');
    expect(await outcome(url.split('?')[0])).toBe('refused');
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    expect(await outcome(expired)).toBe('refused');
  });
});
