import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUCK_VOLTAGE_REFERENCES,
  ENDPOINTS,
  duckConfigObject,
  scaleDuckVolts,
  type DuckConfig,
  type DuckItem,
  type MeasurementDetail,
} from '@overtone/contract';
import { SimDuck } from '../../gateway-sim/src/duck.ts';
import { bundledRecordingsDir } from '../../gateway-sim/src/plant.ts';
import { loadRecording } from '../../gateway-sim/src/recordings.ts';
import { newId } from '../src/infra/ids.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { caller, startTwoTenants } from './admin-client.ts';
import { failureOf } from './support/endpoint-client.ts';
import { edgeCredentialsFor } from './support/edge.ts';
import { until } from './support/until.ts';

/**
 * The detail of a Duck measurement (docs/ducks.md "Measurement"): GET /measurement/{id} and the
 * share link's /share/measurement/{id} decode the stored uint32 stream into `channel_{order}`
 * series in each sensor's unit, as the ingest did for the telemetry, with the Duck config.
 */
let t: Awaited<ReturnType<typeof startTwoTenants>>;
const DUCK = 'CA:B8:DA:00:00:01';
let duck: DuckItem;
let sim: SimDuck;
let measured: MeasurementDetail;

/** Internal ±2.4 V reference, so that decoding must use the measurement's reference. */
const CONFIG: DuckConfig = {
  voltageReference: 'internal',
  sampleSize: 1200,
  samplingRate: 1200,
  sensors: [
    {
      name: 'accelerometer',
      displayName: 'Motor DE',
      minMaxVoltage: [-2, 2],
      minMaxValue: [-20, 20],
      channels: [
        { order: 2, channel: 'accelerometer_y' },
        { order: 1, channel: 'accelerometer_x' },
      ],
    },
    {
      name: 'voltage',
      displayName: 'Supply',
      minMaxVoltage: [-2.4, 2.4],
      minMaxValue: [-240, 240],
      channels: [{ order: 3, channel: 'voltage_l1' }],
    },
    {
      name: 'current',
      displayName: 'Phase L1',
      minMaxVoltage: [0, 2.4],
      minMaxValue: [0, 50],
      channels: [{ order: 4, channel: 'current_l1' }],
    },
  ],
};

const mean = (a: readonly number[]) => a.reduce((s, x) => s + x, 0) / a.length;
/** Population standard deviation: the DSP's GRMS / a non-g sensor's RMS (mean removed). */
const std = (a: readonly number[]) => {
  const mu = mean(a);
  return Math.sqrt(a.reduce((s, x) => s + (x - mu) ** 2, 0) / a.length);
};
const telemetryOf = (d: MeasurementDetail, source: string, name: string) =>
  d.telemetry.find((r) => r.source === source && r.telemetry === name);

beforeAll(async () => {
  t = await startTwoTenants();
  await t.server.ctx.db
    .insertInto('gateways')
    .values({ id: newId(), customer_id: t.demoId, mac: DUCK, root: 'prod', last_seen_at: null })
    .execute();
  duck = (await t.call.endpoint(ENDPOINTS.listDucks)).body.find((d) => d.macAddress === DUCK)!;
  const saved = await t.call.endpoint(ENDPOINTS.updateDuckConfig, { params: { id: duck._id }, body: { config: CONFIG } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  sim = new SimDuck({
    mqttUrl: t.server.mqttUrl,
    mqttOptions: await edgeCredentialsFor(t.server, DUCK),
    config: {
      mac: DUCK,
      recording: 'cwru-105',
      rssi: -50,
      inputs: [
        { channel: 'DE', offsetSamples: 0, voltsPerG: 0.1 },
        { channel: 'FE', offsetSamples: 0, voltsPerG: 0.1 },
        { channel: 'DE', offsetSamples: 100, voltsPerG: 0.5 },
        { channel: 'FE', offsetSamples: 0, voltsPerG: 0.5 },
      ],
    },
    recording: await loadRecording(bundledRecordingsDir, 'cwru-105'),
    chunkBytes: 2048,
    acquisitionSpeedup: 100,
  });
  await sim.start();
  const res = await t.call.endpoint(ENDPOINTS.measureDuck, { params: { mac: DUCK }, body: { tags: ['duck'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await until(async () => {
    const m = await t.server.ctx.db.selectFrom('measurements').selectAll().where('id', '=', res.body._id).executeTakeFirst();
    return m && ['persisted', 'partial', 'error'].includes(m.state) ? m : null;
  });
  expect(row.state, row.error ?? '').toBe('persisted');
  const detail = await t.call.endpoint(ENDPOINTS.getMeasurement, { params: { id: res.body._id } });
  expect(detail.status, JSON.stringify(detail.body).slice(0, 500)).toBe(200);
  measured = detail.body;
}, 60000);
afterAll(async () => {
  await sim?.stop();
  await t?.server.close();
});

describe('GET /measurement/{id} of a Duck measurement', () => {
  it('holds channel_{order} series (no accelerometer axes) with their sensor units, in config order', () => {
    expect(measured.measurementData).toEqual([
      { key: 'channel_2', unit: 'g' },
      { key: 'channel_1', unit: 'g' },
      { key: 'channel_3', unit: 'V' },
      { key: 'channel_4', unit: 'A' },
    ]);
    expect(Object.keys(measured.data).sort()).toEqual(['channel_1', 'channel_2', 'channel_3', 'channel_4']);
    for (const series of Object.values(measured.data)) expect(series).toHaveLength(1200);
    expect(measured).toMatchObject({ macAddress: DUCK, device: { type: 'DUCKV1' }, calibratedSamplingRate: 1200 });
  });

  it("its JSON download names each channel's unit and holds the same series", async () => {
    const res = await t.call.endpoint(ENDPOINTS.getMeasurementJson, { params: { id: measured._id } });
    expect(res.status).toBe(200);
    expect(res.body.units).toEqual({ channel_2: 'g', channel_1: 'g', channel_3: 'V', channel_4: 'A' });
    expect(res.body.data).toEqual(measured.data);
  });

  it('is in the measurement archive with its channels in their units (it used to end the archive early)', async () => {
    const res = await t.call.endpoint(ENDPOINTS.downloadMeasurements, { query: { ids: measured._id } });
    expect(res.status).toBe(200);
    const zip = await fetch(`${t.server.url}${res.body.url}`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const meta = JSON.parse(strFromU8(files[`${measured._id}.json`]!));
    expect(meta).toMatchObject({ device: 'DUCKV1', accelerometerRangeG: null, gPerCount: null, waveformError: null });
    expect(meta.units).toEqual({ time: 's', channel_2: 'g', channel_1: 'g', channel_3: 'V', channel_4: 'A' });
    const lines = strFromU8(files[`${measured._id}.csv`]!).trim().split('\n');
    expect(lines[0]).toBe('time_s,channel_2_g,channel_1_g,channel_3_V,channel_4_A');
    expect(lines.length - 1).toBe(measured.data.channel_1!.length);
    const row = lines[5]!.split(',').map(Number);
    expect(row.slice(1)).toEqual(['channel_2', 'channel_1', 'channel_3', 'channel_4'].map((k) => measured.data[k]![4]));
    const index = strFromU8(files['index.csv']!).trim().split('\n');
    expect(index[1]).toContain(`${measured._id}.csv`);
  });

  it('carries the config the measurement was taken with', async () => {
    const row = await t.server.ctx.db
      .selectFrom('measurements')
      .select('duck_config')
      .where('id', '=', measured._id)
      .executeTakeFirstOrThrow();
    expect(measured.config).toEqual(duckConfigObject.parse(row.duck_config));
    expect(measured.config).toMatchObject({
      voltageReference: 'internal',
      sampleSize: 1200,
      samplingRate: 1200,
      sensors: [
        { name: 'accelerometer', groupCode: '2|1', minMaxValue: [-20, 20] },
        { name: 'voltage', groupCode: '3' },
        { name: 'current', groupCode: '4', channels: [{ order: 4, channel: 'current_l1' }] },
      ],
    });
  });

  it('values are the volts the Duck sent, scaled to the sensor unit with the internal reference', () => {
    const volts = sim.expectedVolts(measured._id);
    const lsb = DUCK_VOLTAGE_REFERENCES.internal / 2 ** 21;
    const cases = [
      { order: 1, v: [-2, 2], x: [-20, 20] },
      { order: 2, v: [-2, 2], x: [-20, 20] },
      { order: 3, v: [-2.4, 2.4], x: [-240, 240] },
      { order: 4, v: [0, 2.4], x: [0, 50] },
    ] as const;
    for (const c of cases) {
      const sent = volts.get(c.order - 1)!;
      const got = measured.data[`channel_${c.order}`]!;
      const tolerance = (2 * lsb * (c.x[1] - c.x[0])) / (c.v[1] - c.v[0]);
      const worst = Math.max(...got.map((g, i) => Math.abs(g - scaleDuckVolts(sent[i]!, c.v, c.x))));
      expect(worst, `channel_${c.order}`).toBeLessThanOrEqual(tolerance);
    }
  });

  it('the RMS and peak-to-peak of each series equal the telemetry the ingest stored, units per sensor', () => {
    for (const [key, name, unit] of [
      ['channel_1', 'GRMS', 'g'],
      ['channel_2', 'GRMS', 'g'],
      ['channel_3', 'RMS', 'V'],
      ['channel_4', 'RMS', 'A'],
    ] as const) {
      const series = measured.data[key]!;
      const rms = telemetryOf(measured, key, name)!;
      expect(rms, `${key} ${name}`).toBeDefined();
      expect(rms.unit).toBe(unit);
      expect(Math.abs(std(series) - rms.value), key).toBeLessThanOrEqual(1e-6 * Math.max(1, rms.value));
      const p2p = telemetryOf(measured, key, 'PEAK_TO_PEAK')!;
      expect(p2p.unit).toBe(unit);
      expect(Math.abs(Math.max(...series) - Math.min(...series) - p2p.value), key).toBeLessThanOrEqual(
        1e-6 * Math.max(1, p2p.value),
      );
    }
    expect(telemetryOf(measured, 'channel_4', 'VRMS')).toBeUndefined();
    expect(measured.telemetry.some((r) => r.source.startsWith('accelerometer_'))).toBe(false);
  });

  it('a Duck measurement not received yet has its config and no series', async () => {
    const id = newId();
    await t.server.ctx.db
      .insertInto('measurements')
      .values({
        id,
        object_id: id,
        customer_id: t.demoId,
        point_id: null,
        device_mac: DUCK,
        gateway_mac: DUCK,
        user_id: null,
        measurement_type: 'MANUAL',
        state: 'requested',
        range_index: 0,
        rate_index: 0,
        sample_size: 1200,
        duck_config: JSON.stringify(CONFIG),
      })
      .execute();
    const res = await t.call.endpoint(ENDPOINTS.getMeasurement, { params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ measurementData: [], data: {}, config: { voltageReference: 'internal' } });
  });

  it("answers 404 for another customer's Duck measurement", async () => {
    const res = await t.other.endpoint(ENDPOINTS.getMeasurement, { params: { id: measured._id } });
    expect(res.status).toBe(404);
    expect(failureOf(res).code).toBe('MEASUREMENT_NOT_FOUND');
  });
});

describe('a tri-axial measurement', () => {
  it('keeps its accelerometer axes in g and has no config', async () => {
    const id = newId();
    const key = waveformKey(t.demoId, id);
    await t.server.ctx.storage.put(key, new Uint8Array(new Int16Array([100, -200, 300, 400, -500, 600]).buffer));
    await t.server.ctx.db
      .insertInto('measurements')
      .values({
        id,
        object_id: id,
        customer_id: t.demoId,
        point_id: null,
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
      })
      .execute();
    const res = await t.call.endpoint(ENDPOINTS.getMeasurement, { params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.measurementData).toEqual([
      { key: 'accelerometer_x', unit: 'g' },
      { key: 'accelerometer_y', unit: 'g' },
      { key: 'accelerometer_z', unit: 'g' },
    ]);
    expect(Object.keys(res.body.data).sort()).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
    expect(res.body.data.accelerometer_x).toHaveLength(2);
    expect(res.body.device.type).toBe('SENSEWAY');
    expect('config' in res.body).toBe(false);
  });
});

describe('GET /share/measurement/{id} of a Duck measurement', () => {
  it('answers the token holder the same detail as GET /measurement/{id}', async () => {
    const link = await t.call.endpoint(ENDPOINTS.createShareLink, { body: { measurementId: measured._id } });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const holder = caller(t.server, link.body.token);
    const shared = await holder.endpoint(ENDPOINTS.getSharedMeasurement, { params: { id: measured._id } });

    expect(shared.status).toBe(200);
    // the share answer adds its point's chart settings (docs/share-links.md); the rest is the same
    const { pointSettings: _settings, ...detail } = shared.body;
    expect(detail).toEqual(measured);
    expect(Object.keys(shared.body)).toContain('pointSettings');
    expect(Object.keys(shared.body.data).sort()).toEqual(['channel_1', 'channel_2', 'channel_3', 'channel_4']);
    expect(shared.body.config?.sensors.map((s) => s.name)).toEqual(['accelerometer', 'voltage', 'current']);
  });
});
