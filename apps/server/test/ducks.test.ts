import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import {
  decodeDuckWord,
  DUCK_SENSOR_TYPES,
  encodeDuckWord,
  ENDPOINTS,
  scaleDuckVolts,
  type DuckConfig,
  type DuckItem,
} from '@overtone/contract';
import { SimDuck } from '../../gateway-sim/src/duck.ts';
import { bundledRecordingsDir } from '../../gateway-sim/src/plant.ts';
import { loadRecording } from '../../gateway-sim/src/recordings.ts';
import { newId } from '../src/infra/ids.ts';
import { caller, loginOn, passwordChosen, startTwoTenants, type Call } from './admin-client.ts';
import { edgeCredentialsFor } from './support/edge.ts';
import { failureOf } from './support/endpoint-client.ts';
import { until } from './support/until.ts';

/**
 * Ducks (spec 002 §2–5, §7; protocol §10.1) against the real embedded database and broker:
 * configuration rules, option lists, periodic settings, the measure command on the wire, a
 * simulated Duck's measurement ingested with per-channel telemetry, permissions and tenancy.
 */
let t: Awaited<ReturnType<typeof startTwoTenants>>;
const DUCK = 'CA:B8:DA:00:00:01';
const OTHER_DUCK = 'CA:B8:DA:00:00:09';
let duck: DuckItem;

const sensor = (over: Partial<DuckConfig['sensors'][number]> = {}) => ({
  name: 'accelerometer' as const,
  displayName: 'Motor DE',
  minMaxVoltage: [-2, 2] as [number, number],
  minMaxValue: [-20, 20] as [number, number],
  channels: [
    { order: 1, channel: 'accelerometer_x' },
    { order: 2, channel: 'accelerometer_y' },
    { order: 3, channel: 'accelerometer_z' },
  ],
  ...over,
});
const config = (over: Partial<DuckConfig> = {}): DuckConfig => ({
  voltageReference: 'external',
  sampleSize: 1200,
  samplingRate: 1200,
  sensors: [sensor()],
  ...over,
});

beforeAll(async () => {
  t = await startTwoTenants();
  const db = t.server.ctx.db;
  await db
    .insertInto('gateways')
    .values({ id: newId(), customer_id: t.demoId, mac: DUCK, root: 'prod', last_seen_at: null })
    .execute();
  await db
    .insertInto('gateways')
    .values({ id: newId(), customer_id: t.otherId, mac: OTHER_DUCK, root: 'prod', last_seen_at: null })
    .execute();
  const list = await t.call.endpoint(ENDPOINTS.listDucks);
  duck = list.body.find((d) => d.macAddress === DUCK)!;
});
afterAll(async () => t?.server.close());

/** `PUT /ducks/{id}/config` as `who` (the demo's Duck). */
const saveConfig = (who: Call, cfg: DuckConfig) =>
  who.endpoint(ENDPOINTS.updateDuckConfig, { params: { id: duck._id }, body: { config: cfg } });
/** `POST /duck/{mac}/measure` as `who`, without tags. */
const measure = (who: Call, mac: string) => who.endpoint(ENDPOINTS.measureDuck, { params: { mac }, body: {} });

describe('GET /ducks', () => {
  it("lists the customer's Ducks with the default configuration, and only its own", async () => {
    expect(duck).toMatchObject({ macAddress: DUCK, trigger: null, repeatInterval: null });
    expect(duck.config).toEqual({ voltageReference: 'external', sampleSize: 1000, samplingRate: 1200, sensors: [] });
    const other = await t.other.endpoint(ENDPOINTS.listDucks);
    expect(other.body.map((d) => d.macAddress)).toEqual([OTHER_DUCK]);
  });
});

describe('PUT /ducks/{id}/config', () => {
  it('stores a valid config and computes groupCode from the channel orders in selection order', async () => {
    const res = await saveConfig(
      t.call,
      config({
        sensors: [
          sensor({
            channels: [
              { order: 3, channel: 'accelerometer_x' },
              { order: 1, channel: 'accelerometer_y' },
            ],
          }),
          sensor({
            name: 'current',
            displayName: 'Phase L1',
            minMaxVoltage: [0, 2.5],
            minMaxValue: [0, 50],
            groupCode: 'ignored',
            channels: [{ order: 5, channel: 'current_l1' }],
          }),
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.config.sensors.map((s) => s.groupCode)).toEqual(['3|1', '5']);
    const again = await t.call.endpoint(ENDPOINTS.listDucks);
    expect(again.body.find((d) => d.macAddress === DUCK)!.config.sensors[1].groupCode).toBe('5');
  });

  it.each([
    ['sample size 99', config({ sampleSize: 99 }), 'config.sampleSize', 'Sample size must be from 100 to 20000'],
    ['sample size 20001', config({ sampleSize: 20001 }), 'config.sampleSize', 'Sample size must be from 100 to 20000'],
    [
      'rate 800 Hz',
      config({ samplingRate: 800 }),
      'config.samplingRate',
      'Sampling rate must be 300, 600, 1200, 2400 or 4800 Hz',
    ],
    [
      'a channel in two sensors',
      config({
        sensors: [sensor(), sensor({ name: 'current', displayName: 'I', channels: [{ order: 2, channel: 'current_l1' }] })],
      }),
      'config.sensors.1.channels.0.order',
      'A channel may belong to only one sensor',
    ],
    [
      'more channels than the type has',
      config({
        sensors: [
          sensor({
            name: 'temperature',
            channels: [
              { order: 1, channel: 'temperature' },
              { order: 2, channel: 'temperature' },
            ],
          }),
        ],
      }),
      'config.sensors.0.channels',
      'More channels than the sensor type allows',
    ],
    [
      'a channel code not of the type',
      config({ sensors: [sensor({ channels: [{ order: 1, channel: 'current_l1' }] })] }),
      'config.sensors.0.channels.0.channel',
      'Please choose a channel for every active channel',
    ],
    ['no channel', config({ sensors: [sensor({ channels: [] })] }), 'config.sensors.0.channels', 'at least one channel'],
    ['no display name', config({ sensors: [sensor({ displayName: ' ' })] }), 'config.sensors.0.displayName', 'required'],
    ['min = max value', config({ sensors: [sensor({ minMaxValue: [5, 5] })] }), 'config.sensors.0.minMaxValue', 'invalid range'],
    [
      'min > max voltage',
      config({ sensors: [sensor({ minMaxVoltage: [1, -1] })] }),
      'config.sensors.0.minMaxVoltage',
      'invalid range',
    ],
    [
      '2.45 V with the internal ±2.4 V reference',
      config({ voltageReference: 'internal', sensors: [sensor({ minMaxVoltage: [0, 2.45] })] }),
      'config.sensors.0.minMaxVoltage',
      'Voltages must lie within the voltage reference',
    ],
  ])('refuses %s with 400 and the field', async (_name, cfg, param, msg) => {
    const res = await t.call<{ errors: { msg: string; param: string }[] }>('PUT', `/ducks/${duck._id}/config`, { config: cfg });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ msg, param });
  });

  it('accepts the range ends: 100 and 20000 samples, 300 and 4800 Hz, ±2.5 V on the external reference', async () => {
    for (const cfg of [
      config({ sampleSize: 100, samplingRate: 300 }),
      config({ sampleSize: 20000, samplingRate: 4800, sensors: [sensor({ minMaxVoltage: [-2.5, 2.5] })] }),
    ])
      expect((await saveConfig(t.call, cfg)).status).toBe(200);
  });

  it("answers 404 for another customer's Duck, by id and by MAC, and leaves it unchanged", async () => {
    const theirs = (await t.other.endpoint(ENDPOINTS.listDucks)).body[0];
    for (const id of [theirs._id, OTHER_DUCK, 'nope']) {
      const res = await t.call.endpoint(ENDPOINTS.updateDuckConfig, { params: { id }, body: { config: config() } });
      expect(res.status).toBe(404);
      expect(failureOf(res).code).toBe('DUCK_NOT_FOUND');
    }
    expect((await t.other.endpoint(ENDPOINTS.listDucks)).body[0].config.sensors).toEqual([]);
  });
});

describe('periodic, sensors and option lists', () => {
  it('GET, PUT and DELETE /ducks/{id}/periodic keep data.repeatInterval in seconds', async () => {
    const params = { id: duck._id };
    expect((await t.call.endpoint(ENDPOINTS.getDuckPeriodic, { params })).body).toEqual({ data: { repeatInterval: null } });
    expect((await t.call.endpoint(ENDPOINTS.setDuckPeriodic, { params, body: { period: 3600 } })).body).toEqual({
      data: { repeatInterval: 3600 },
    });
    expect((await t.call.endpoint(ENDPOINTS.getDuckPeriodic, { params })).body).toEqual({ data: { repeatInterval: 3600 } });
    expect((await t.call('PUT', `/ducks/${duck._id}/periodic`, { period: 30 })).status).toBe(400);
    expect((await t.call.endpoint(ENDPOINTS.deleteDuckPeriodic, { params })).body).toEqual({ data: { repeatInterval: null } });
    expect((await t.other.endpoint(ENDPOINTS.setDuckPeriodic, { params, body: { period: 3600 } })).status).toBe(404);
  });

  it('GET /sensors lists the sensor types with unit and channel codes', async () => {
    const res = await t.call.endpoint(ENDPOINTS.listSensorTypes);
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.name)).toEqual(DUCK_SENSOR_TYPES.map((s) => s.name));
    expect(res.body.find((s) => s.name === 'current')).toEqual({
      name: 'current',
      unit: 'A',
      channels: ['current_l1', 'current_l2', 'current_l3'],
    });
  });

  it('GET /deviceConfigurations/0 holds the spec option lists; other ids are 404', async () => {
    const res = await t.call.endpoint(ENDPOINTS.getDuckConfigurationOptions, { params: { id: '0' } });
    expect(res.body).toMatchObject({
      _id: '0',
      duck: {
        samplingRates: [300, 600, 1200, 2400, 4800],
        sampleSize: { min: 100, max: 20000 },
        voltageReferences: [
          { value: 'external', volts: 2.5 },
          { value: 'internal', volts: 2.4 },
        ],
        channels: [1, 2, 3, 4, 5, 6, 7, 8],
      },
    });
    expect((await t.call.endpoint(ENDPOINTS.getDuckConfigurationOptions, { params: { id: '1' } })).status).toBe(404);
  });
});

describe('Duck words (protocol §10.1)', () => {
  it('decode: channel id, sign nibble, V ≈ a·vref/2^21; encode inverts within one LSB', () => {
    expect(decodeDuckWord(0x30000000, 2.5).channel).toBe(3);
    // a = 0 → u = 2^24·4·vref/(2^25−1) − 2·vref ≈ 0
    expect(decodeDuckWord(0x00000000, 2.5).volts).toBeCloseTo(0, 5);
    // full positive scale ≈ +8·vref
    expect(decodeDuckWord(0x00ffffff, 2.4).volts).toBeCloseTo(19.2, 3);
    // negative: d = 2^24 − 2^21 → a = −2^21 → ≈ −vref
    expect(decodeDuckWord(0x01000000 | (2 ** 24 - 2 ** 21), 2.5).volts).toBeCloseTo(-2.5, 4);
    for (const v of [-2.4, -0.001, 0, 0.5, 2.4]) {
      const w = encodeDuckWord(6, v, 2.4);
      expect(decodeDuckWord(w, 2.4).channel).toBe(6);
      expect(Math.abs(decodeDuckWord(w, 2.4).volts - v)).toBeLessThanOrEqual(2.4 / 2 ** 21);
    }
    expect(scaleDuckVolts(1.25, [0, 2.5], [0, 50])).toBe(25);
  });
});

describe('POST /duck/{mac}/measure', () => {
  const measureConfig = config({
    sampleSize: 1200,
    samplingRate: 1200,
    sensors: [
      sensor({
        minMaxVoltage: [-2, 2],
        minMaxValue: [-20, 20],
        channels: [
          { order: 1, channel: 'accelerometer_x' },
          { order: 2, channel: 'accelerometer_y' },
        ],
      }),
      sensor({
        name: 'current',
        displayName: 'L1',
        minMaxVoltage: [0, 2.5],
        minMaxValue: [0, 50],
        channels: [{ order: 4, channel: 'current_l1' }],
      }),
    ],
  });

  it('answers 409 DUCK_NOT_CONFIGURED without sensor channels, 404 for an unknown or foreign Duck', async () => {
    await saveConfig(t.call, config({ sensors: [] }));
    expect(failureOf(await measure(t.call, DUCK)).code).toBe('DUCK_NOT_CONFIGURED');
    expect((await measure(t.call, OTHER_DUCK)).status).toBe(404);
    expect((await measure(t.other, DUCK)).status).toBe(404);
  });

  it('publishes the JSON measure command on the real broker, Duck as its own gateway', async () => {
    await saveConfig(t.call, measureConfig);
    // the Duck's own connection (it is its own gateway): it sees the commands to itself
    const client = await mqtt.connectAsync(t.server.mqttUrl, {
      reconnectPeriod: 0,
      ...(await edgeCredentialsFor(t.server, DUCK)),
    });
    const got: { topic: string; payload: string }[] = [];
    client.on('message', (topic, payload) => got.push({ topic, payload: payload.toString() }));
    await client.subscribeAsync(`prod/gateway/${DUCK}/device/${DUCK}/measure/+`, { qos: 1 });
    const res = await t.call.endpoint(ENDPOINTS.measureDuck, { params: { mac: DUCK.toLowerCase() }, body: { tags: ['duck'] } });
    expect(res.status).toBe(200);
    const msg = await until(async () => got.find((g) => g.topic.endsWith(`/measure/${res.body._id}`)));
    await client.endAsync();
    expect(JSON.parse(msg.payload)).toEqual({
      samplingCoefficient: 1,
      baseSamplingFrequency: 1200,
      sampleSize: 1200,
      external: true,
      channels: [0, 1, 3],
      gain: 1,
      boost: 3,
    });
    const row = await t.server.ctx.db
      .selectFrom('measurements')
      .selectAll()
      .where('id', '=', res.body._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'requested',
      measurement_type: 'MANUAL',
      device_mac: DUCK,
      gateway_mac: DUCK,
      sample_size: 1200,
    });
  });

  it('ingests a simulated Duck measurement: persisted, channel telemetry scaled to the sensor unit', async () => {
    await saveConfig(t.call, measureConfig);
    const recording = await loadRecording(bundledRecordingsDir, 'cwru-105');
    const sim = new SimDuck({
      mqttUrl: t.server.mqttUrl,
      mqttOptions: await edgeCredentialsFor(t.server, DUCK),
      config: {
        mac: DUCK,
        recording: 'cwru-105',
        rssi: -50,
        inputs: [
          { channel: 'DE', offsetSamples: 0, voltsPerG: 0.1 },
          { channel: 'FE', offsetSamples: 0, voltsPerG: 0.1 },
          { channel: 'DE', offsetSamples: 0, voltsPerG: 0.1 },
          { channel: 'FE', offsetSamples: 0, voltsPerG: 0.5 },
        ],
      },
      recording,
      chunkBytes: 2048,
      acquisitionSpeedup: 100,
    });
    await sim.start();
    try {
      const res = await measure(t.call, DUCK);
      const db = t.server.ctx.db;
      const m = await until(async () => {
        const row = await db.selectFrom('measurements').selectAll().where('id', '=', res.body._id).executeTakeFirst();
        return row && ['persisted', 'partial', 'error'].includes(row.state) ? row : null;
      });
      expect(m.state, m.error ?? '').toBe('persisted');
      expect(m.calibrated_sampling_rate).toBe(1200);
      expect(m.sample_size).toBe(1200);
      const rows = await db.selectFrom('telemetry_values').selectAll().where('measurement_id', '=', m.id).execute();
      expect([...new Set(rows.map((r) => r.source))].sort()).toEqual(['channel_1', 'channel_2', 'channel_4']);
      // channel 1: accelerometer, volts (0.1 V/g) scaled [-2, 2] V → [-20, 20] G: G = 10·V = g of the recording
      const volts = sim.expectedVolts(res.body._id);
      const rms = (a: Float64Array) => Math.sqrt(a.reduce((s, x) => s + x * x, 0) / a.length);
      const g1 = volts.get(0)!.map((v) => scaleDuckVolts(v, [-2, 2], [-20, 20]));
      const grms = rows.find((r) => r.source === 'channel_1' && r.telemetry === 'GRMS')!;
      expect(grms.unit).toBe('g');
      const mean = g1.reduce((s, x) => s + x, 0) / g1.length;
      const expected = rms(g1.map((x) => x - mean));
      expect(Math.abs(grms.value - expected) / expected).toBeLessThan(0.02);
      // channel 4: current, [0, 2.5] V → [0, 50] A, stored as RMS in A, no velocity
      const ch4 = rows.filter((r) => r.source === 'channel_4');
      expect(ch4.find((r) => r.telemetry === 'RMS')!.unit).toBe('A');
      expect(ch4.some((r) => r.telemetry === 'VRMS' || r.telemetry === 'GRMS')).toBe(false);
      const stored = await t.server.ctx.storage.get(m.waveform_key!);
      expect(stored!.length).toBe(4 * 1200 * 3);
    } finally {
      await sim.stop();
    }
  });
});

describe('permissions', () => {
  let limited: Call;
  let roleId: string;
  beforeAll(async () => {
    roleId = (await t.call.endpoint(ENDPOINTS.createRole, { body: { name: 'DUCK READER', permissions: ['readGateway'] } })).body
      ._id;
    const user = await t.call.endpoint(ENDPOINTS.createUser, {
      body: {
        name: 'Duck',
        surname: 'Reader',
        email: 'duck.reader@demo.local',
        role: roleId,
        userType: 'user',
        password: 'Duck-Reader-Pass-1',
        mfaEnabled: false,
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    await passwordChosen(t.server, user.body._id);
    limited = caller(t.server, await loginOn(t.server, 'duck.reader@demo.local', 'Duck-Reader-Pass-1'));
  });
  /** The test role's permissions (`PUT /role/{id}`). */
  const setPermissions = (permissions: string[]) =>
    t.call.endpoint(ENDPOINTS.updateRole, { params: { id: roleId }, body: { name: 'DUCK READER', permissions } });

  it('readGateway reads, but changing needs updateGateway and measuring createMeasurement', async () => {
    expect((await limited.endpoint(ENDPOINTS.listDucks)).status).toBe(200);
    expect((await limited.endpoint(ENDPOINTS.listSensorTypes)).status).toBe(200);
    expect((await limited.endpoint(ENDPOINTS.getDuckPeriodic, { params: { id: duck._id } })).status).toBe(200);
    expect((await saveConfig(limited, config())).status).toBe(403);
    expect((await limited.endpoint(ENDPOINTS.setDuckPeriodic, { params: { id: duck._id }, body: { period: 3600 } })).status).toBe(
      403,
    );
    expect((await measure(limited, DUCK)).status).toBe(403);
    await setPermissions([]);
    expect((await limited.endpoint(ENDPOINTS.listDucks)).status).toBe(403);
  });

  it('adding a sensor needs addSensor; saving or changing the saved sensors needs updateGateway only', async () => {
    expect((await saveConfig(t.call, config())).status).toBe(200);
    await setPermissions(['readGateway', 'updateGateway']);
    const renamed = config({ sensors: [sensor({ displayName: 'Motor NDE' })] });
    expect((await saveConfig(limited, renamed)).status).toBe(200);
    const current = sensor({
      name: 'current',
      displayName: 'Phase L1',
      minMaxVoltage: [0, 2.5],
      minMaxValue: [0, 50],
      channels: [{ order: 5, channel: 'current_l1' }],
    });
    const more = config({ sensors: [sensor({ displayName: 'Motor NDE' }), current] });
    const refused = await saveConfig(limited, more);
    expect(refused.status).toBe(403);
    expect(failureOf(refused).message).toBeTruthy();
    expect((await t.call.endpoint(ENDPOINTS.listDucks)).body.find((d) => d.macAddress === DUCK)!.config.sensors).toHaveLength(1);
    await setPermissions(['readGateway', 'updateGateway', 'addSensor']);
    expect((await saveConfig(limited, more)).status).toBe(200);
    // removing one needs no addSensor
    await setPermissions(['readGateway', 'updateGateway']);
    expect((await saveConfig(limited, renamed)).status).toBe(200);
  });
});
