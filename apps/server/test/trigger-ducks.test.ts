import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { duckMeasureCommand, ENDPOINTS, senseway, type DuckConfig, type DuckItem } from '@overtone/contract';
import { SimDuck } from '../../gateway-sim/src/duck.ts';
import { bundledRecordingsDir } from '../../gateway-sim/src/plant.ts';
import { loadRecording } from '../../gateway-sim/src/recordings.ts';
import { newId } from '../src/infra/ids.ts';
import { recordScan } from '../src/jobs/ingest/scan.ts';
import { duckSchedule } from '../src/modules/scheduler/duck-jobs.ts';
import { caller, loginOn, passwordChosen, type Call } from './admin-client.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { createSecondTenant } from './support/second-tenant.ts';
import { startTestServer } from './support/test-server.ts';
import { demoCustomerId } from './support/users.ts';
import { edgeCredentialsFor, serverMqttOptions } from './support/edge.ts';
import { until } from './support/until.ts';

/**
 * Ducks on triggers (spec 001 §7, spec 002 §7: `POST` and `DELETE /trigger/{id}/duck {duck}`;
 * docs/ducks.md "Triggered") and the Ducks' periodic schedule (docs/ducks.md "Periodic"), against
 * the real embedded database and broker, with a simulated Duck answering the commands.
 */
const TRIGGER = 'CA:B8:25:00:40:01';
const OTHER_TRIGGER = 'CA:B8:25:00:40:09';
const DUCK = 'CA:B8:DA:00:40:01';
const OTHER_DUCK = 'CA:B8:DA:00:40:09';
/** Time factor of the server: a Duck period of 60 s runs every 0.5 s. */
const FACTOR = 120;

const CONFIG: DuckConfig = {
  voltageReference: 'external',
  sampleSize: 600,
  samplingRate: 1200,
  sensors: [
    {
      name: 'accelerometer',
      displayName: 'Motor DE',
      minMaxVoltage: [-2.5, 2.5],
      minMaxValue: [-25, 25],
      channels: [
        { order: 1, channel: 'accelerometer_x' },
        { order: 2, channel: 'accelerometer_y' },
      ],
    },
  ],
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Awaited<ReturnType<typeof startTestServer>>;
let call: Call;
let other: Call;
let demoId: string;
let otherId: string;
let triggerId: string;
let otherTriggerId: string;
let duck: DuckItem;
let otherDuck: DuckItem;
let sim: SimDuck;
/** The broker as the Duck sees it: every measure command sent to it. */
let commands: { id: string; payload: unknown }[];
let listener: mqtt.MqttClient;

beforeAll(async () => {
  server = await startTestServer({ schedulerTimeFactor: FACTOR, schedulerPollMs: 50 });
  call = caller(server, await loginOn(server, 'admin@demo.local', TEST_PASSWORD));
  const tenant = await createSecondTenant(server);
  other = caller(server, await loginOn(server, tenant.email, tenant.password, tenant.domain), tenant.domain);
  demoId = await demoCustomerId(server);
  otherId = tenant.customerId;

  const db = server.ctx.db;
  const device = (customer_id: string, mac: string, type: string) => ({
    id: newId(),
    customer_id,
    mac,
    type,
    point_id: null,
    gateway_mac: null,
    profile: null,
  });
  await db
    .insertInto('devices')
    .values([device(demoId, TRIGGER, 'TRIGGER'), device(otherId, OTHER_TRIGGER, 'TRIGGER')])
    .execute();
  await db
    .insertInto('gateways')
    .values([
      { id: newId(), customer_id: demoId, mac: DUCK, root: 'prod', last_seen_at: null },
      { id: newId(), customer_id: otherId, mac: OTHER_DUCK, root: 'prod', last_seen_at: null },
    ])
    .execute();
  triggerId = (await call.endpoint(ENDPOINTS.listTriggers)).body.find((t) => t.macAddress === TRIGGER)!._id;
  otherTriggerId = (await other.endpoint(ENDPOINTS.listTriggers)).body.find((t) => t.macAddress === OTHER_TRIGGER)!._id;
  duck = (await call.endpoint(ENDPOINTS.listDucks)).body.find((d) => d.macAddress === DUCK)!;
  otherDuck = (await other.endpoint(ENDPOINTS.listDucks)).body.find((d) => d.macAddress === OTHER_DUCK)!;
  expect((await call.endpoint(ENDPOINTS.updateDuckConfig, { params: { id: duck._id }, body: { config: CONFIG } })).status).toBe(
    200,
  );

  commands = [];
  listener = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...serverMqttOptions(server) });
  listener.on('message', (topic, payload) => {
    const t = senseway.parseTopic(topic);
    if (t.kind === 'measureCommand' && t.device === DUCK) commands.push({ id: t.id, payload: JSON.parse(payload.toString()) });
  });
  await listener.subscribeAsync(`prod/gateway/${DUCK}/device/${DUCK}/measure/+`, { qos: 1 });

  sim = new SimDuck({
    mqttUrl: server.mqttUrl,
    mqttOptions: await edgeCredentialsFor(server, DUCK),
    config: {
      mac: DUCK,
      recording: 'cwru-130',
      rssi: -50,
      inputs: [
        { channel: 'DE', offsetSamples: 0, voltsPerG: 0.1 },
        { channel: 'FE', offsetSamples: 0, voltsPerG: 0.1 },
      ],
    },
    recording: await loadRecording(bundledRecordingsDir, 'cwru-130'),
    acquisitionSpeedup: 100,
  });
  await sim.start();
});
afterAll(async () => {
  await sim?.stop();
  await listener?.endAsync();
  await server?.close();
});

/** A trigger event, published as the trigger itself (with the credentials its customer issued it). */
async function fire(trigger: string, id: string) {
  const c = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...(await edgeCredentialsFor(server, trigger)) });
  await c.publishAsync(
    senseway.scheduleTopics.triggerEvent('prod', trigger),
    JSON.stringify({ eventType: 'trigger', timestamp: Date.now(), id }),
    { qos: 1 },
  );
  await c.endAsync();
}

const duckMeasurements = () =>
  server.ctx.db
    .selectFrom('measurements')
    .select(['id', 'measurement_type', 'state', 'created_at', 'user_id', 'error'])
    .where('device_mac', '=', DUCK)
    .orderBy('created_at')
    .execute();

describe('POST /trigger/{id}/duck and DELETE /trigger/{id}/duck', () => {
  it('assigns a Duck to a trigger; GET /ducks shows the trigger', async () => {
    const res = await call.endpoint(ENDPOINTS.addTriggerDuck, { params: { id: triggerId }, body: { duck: duck._id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: duck._id, macAddress: DUCK, trigger: triggerId });
    const list = await call.endpoint(ENDPOINTS.listDucks);
    expect(list.body.find((d) => d.macAddress === DUCK)!.trigger).toBe(triggerId);
    // Idempotent; the trigger and the Duck may also be named by MAC (any case).
    const again = await call.endpoint(ENDPOINTS.addTriggerDuck, {
      params: { id: TRIGGER.toLowerCase() },
      body: { duck: DUCK.toLowerCase() },
    });
    expect(again.status).toBe(200);
    expect(again.body.trigger).toBe(triggerId);
  });

  it('an event of the trigger makes the Duck measure (TRIGGERED): the command reaches the Duck, the measurement persists', async () => {
    const before = commands.length;
    await fire(TRIGGER, 'evt-1');
    await fire(TRIGGER, 'evt-1'); // a redelivery of the same event measures once
    const cmd = await until(async () => commands[before]);
    expect(cmd.payload).toEqual(duckMeasureCommand(CONFIG));
    const row = await until(async () => {
      const m = (await duckMeasurements()).find((r) => r.id === cmd.id);
      return m && ['persisted', 'partial', 'error'].includes(m.state) ? m : null;
    });
    expect(row).toMatchObject({ measurement_type: 'TRIGGERED', state: 'persisted', user_id: null });
    expect(sim.replayLog.some((r) => r.id === cmd.id)).toBe(true);
    await sleep(500);
    expect(commands.length).toBe(before + 1);
  });

  it('unassigns: the list shows no trigger, events no longer make the Duck measure', async () => {
    const res = await call.endpoint(ENDPOINTS.removeTriggerDuck, { params: { id: triggerId }, body: { duck: duck._id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.trigger).toBeNull();
    expect((await call.endpoint(ENDPOINTS.listDucks)).body.find((d) => d.macAddress === DUCK)!.trigger).toBeNull();
    // Idempotent.
    expect(
      (await call.endpoint(ENDPOINTS.removeTriggerDuck, { params: { id: triggerId }, body: { duck: DUCK } })).body.trigger,
    ).toBeNull();
    const before = commands.length;
    await fire(TRIGGER, 'evt-2');
    await server.ingest.idle();
    await sleep(700);
    expect(commands.length).toBe(before);
  });

  it('a Duck has one trigger: assigning it to another moves it; unassigning from a trigger it is not on changes nothing', async () => {
    const second = newId();
    await server.ctx.db
      .insertInto('devices')
      .values({
        id: second,
        customer_id: demoId,
        mac: 'CA:B8:25:00:40:02',
        type: 'TRIGGER',
        point_id: null,
        gateway_mac: null,
        profile: null,
      })
      .execute();
    await call.endpoint(ENDPOINTS.addTriggerDuck, { params: { id: triggerId }, body: { duck: duck._id } });
    expect(
      (await call.endpoint(ENDPOINTS.addTriggerDuck, { params: { id: second }, body: { duck: duck._id } })).body.trigger,
    ).toBe(second);
    expect(
      (await call.endpoint(ENDPOINTS.removeTriggerDuck, { params: { id: triggerId }, body: { duck: duck._id } })).body.trigger,
    ).toBe(second);
    expect(
      (await call.endpoint(ENDPOINTS.removeTriggerDuck, { params: { id: second }, body: { duck: duck._id } })).body.trigger,
    ).toBeNull();
  });

  it("another customer's trigger or Duck answers 404 {message}, like an unknown one, and changes nothing", async () => {
    for (const [who, method, trigger, body, code, message] of [
      [call, 'POST', otherTriggerId, { duck: duck._id }, 'TRIGGER_NOT_FOUND', 'Trigger device not found'],
      [call, 'POST', OTHER_TRIGGER, { duck: duck._id }, 'TRIGGER_NOT_FOUND', 'Trigger device not found'],
      [call, 'POST', triggerId, { duck: otherDuck._id }, 'DUCK_NOT_FOUND', 'Duck not found'],
      [call, 'POST', triggerId, { duck: OTHER_DUCK }, 'DUCK_NOT_FOUND', 'Duck not found'],
      [call, 'DELETE', otherTriggerId, { duck: duck._id }, 'TRIGGER_NOT_FOUND', 'Trigger device not found'],
      [other, 'POST', triggerId, { duck: otherDuck._id }, 'TRIGGER_NOT_FOUND', 'Trigger device not found'],
      [other, 'POST', otherTriggerId, { duck: duck._id }, 'DUCK_NOT_FOUND', 'Duck not found'],
      [other, 'DELETE', otherTriggerId, { duck: DUCK }, 'DUCK_NOT_FOUND', 'Duck not found'],
      [call, 'POST', newId(), { duck: duck._id }, 'TRIGGER_NOT_FOUND', 'Trigger device not found'],
      [call, 'POST', triggerId, { duck: newId() }, 'DUCK_NOT_FOUND', 'Duck not found'],
    ] as const) {
      const res = await who<{ message: string; code: string }>(method, `/trigger/${trigger}/duck`, body);
      expect(res.status, `${method} ${trigger} ${JSON.stringify(body)}`).toBe(404);
      expect(res.body).toEqual({ message, code });
    }
    // A sensor is not a trigger.
    const sensor = await server.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('mac', '=', 'CA:B8:31:00:00:01')
      .executeTakeFirstOrThrow();
    expect((await call.endpoint(ENDPOINTS.addTriggerDuck, { params: { id: sensor.id }, body: { duck: duck._id } })).status).toBe(
      404,
    );
    const ducks = await server.ctx.db
      .selectFrom('ducks')
      .select(['mac', 'trigger_id'])
      .where('mac', 'in', [DUCK, OTHER_DUCK])
      .execute();
    expect(ducks.map((d) => d.trigger_id)).toEqual([null, null]);
  });

  it('a bad body answers 400 {errors: [{msg}]}, translated', async () => {
    for (const [method, body] of [
      ['POST', {}],
      ['POST', { duck: '' }],
      ['POST', { duck: '  ' }],
      ['POST', { duck: 5 }],
      ['DELETE', {}],
    ] as const) {
      const res = await call<{ errors: { msg: string; param?: string }[] }>(method, `/trigger/${triggerId}/duck`, body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ msg: 'Please select a duck', param: 'duck' });
    }
    const de = await call<{ errors: { msg: string }[] }>('POST', `/trigger/${triggerId}/duck`, {}, { language: 'de' });
    expect(de.body.errors[0].msg).toBe('Bitte wählen Sie einen Duck aus');
    const tr = await call<{ errors: { msg: string }[] }>('POST', `/trigger/${triggerId}/duck`, {}, { language: 'tr' });
    expect(tr.body.errors[0].msg).toBe('Lütfen bir Duck seçin');
    // Without a body at all.
    const none = await call<{ errors: { msg: string }[] }>('DELETE', `/trigger/${triggerId}/duck`);
    expect(none.status).toBe(400);
    expect(none.body.errors.length).toBeGreaterThan(0);
  });

  it('permissions: readGateway lists, assigning and unassigning need updateGateway', async () => {
    const role = await call.endpoint(ENDPOINTS.createRole, { body: { name: 'TRIGGER READER', permissions: ['readGateway'] } });
    const user = await call.endpoint(ENDPOINTS.createUser, {
      body: {
        name: 'Trigger',
        surname: 'Reader',
        email: 'trigger.reader@demo.local',
        role: role.body._id,
        userType: 'user',
        password: 'Trigger-Reader-Pass-1',
        mfaEnabled: false,
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    await passwordChosen(server, user.body._id);
    const reader = caller(server, await loginOn(server, 'trigger.reader@demo.local', 'Trigger-Reader-Pass-1'));
    expect((await reader.endpoint(ENDPOINTS.listTriggers)).status).toBe(200);
    expect((await reader.endpoint(ENDPOINTS.listDucks)).status).toBe(200);
    expect(
      (await reader.endpoint(ENDPOINTS.addTriggerDuck, { params: { id: triggerId }, body: { duck: duck._id } })).status,
    ).toBe(403);
    expect(
      (await reader.endpoint(ENDPOINTS.removeTriggerDuck, { params: { id: triggerId }, body: { duck: duck._id } })).status,
    ).toBe(403);
  });
});

describe("a Duck's own scan", () => {
  it('is recorded: a Duck is its own gateway and names itself, which teaches the registry nothing', async () => {
    const at = new Date();
    const scan = { [DUCK]: { type: 'DUCK', rssi: '-50', status: 'Ready' } };
    await expect(recordScan(server.ctx.db, DUCK, Buffer.from(JSON.stringify(scan)), at)).resolves.toBe(1);
    const gw = await server.ctx.db
      .selectFrom('gateways')
      .select('last_seen_at')
      .where('mac', '=', DUCK)
      .executeTakeFirstOrThrow();
    expect(gw.last_seen_at!.getTime()).toBeGreaterThanOrEqual(at.getTime());
    const rows = await server.ctx.db.selectFrom('devices').select('mac').where('mac', '=', DUCK).execute();
    expect(rows).toEqual([]);
  });
});

describe('the periodic schedule of a Duck (scheduler)', () => {
  it('measures the Duck as PERIODIC every interval (time factor 120: 60 s → 0.5 s) and stops when it is switched off', async () => {
    const start = (await duckMeasurements()).length;
    const t0 = Date.now();
    expect((await call.endpoint(ENDPOINTS.setDuckPeriodic, { params: { id: duck._id }, body: { period: 60 } })).status).toBe(200);
    const rows = await until(async () => {
      const m = (await duckMeasurements()).slice(start).filter((r) => r.state === 'persisted');
      return m.length >= 3 ? m : null;
    });
    expect(rows.every((r) => r.measurement_type === 'PERIODIC' && r.user_id === null)).toBe(true);
    // The first run is one interval after the setting, not at once.
    expect(new Date(rows[0].created_at).getTime() - t0).toBeGreaterThanOrEqual(400);
    const times = rows.map((r) => new Date(r.created_at).getTime());
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThan(300);
      expect(times[i] - times[i - 1]).toBeLessThan(1500);
    }
    const schedule = await duckSchedule(server.ctx.db, duck._id);
    expect(schedule).toMatchObject({ scheduled_interval_s: 60, failed_at: null, fail_reason: null });
    expect(schedule.last_run_at).not.toBeNull();

    expect((await call.endpoint(ENDPOINTS.deleteDuckPeriodic, { params: { id: duck._id } })).status).toBe(200);
    await sleep(300);
    const stopped = (await duckMeasurements()).length;
    await sleep(1500);
    expect((await duckMeasurements()).length).toBe(stopped);
    expect(await duckSchedule(server.ctx.db, duck._id)).toMatchObject({ next_run_at: null, scheduled_interval_s: null });
  });

  it('records a failed run (a Duck without sensor channels: DUCK_NOT_CONFIGURED) and keeps the schedule', async () => {
    expect((await call.endpoint(ENDPOINTS.setDuckPeriodic, { params: { id: otherDuck._id }, body: { period: 60 } })).status).toBe(
      404,
    );
    const bare = (await other.endpoint(ENDPOINTS.listDucks)).body.find((d) => d.macAddress === OTHER_DUCK)!;
    expect((await other.endpoint(ENDPOINTS.setDuckPeriodic, { params: { id: bare._id }, body: { period: 60 } })).status).toBe(
      200,
    );
    const failed = await until(async () => {
      const s = await duckSchedule(server.ctx.db, bare._id);
      return s.failed_at ? s : null;
    });
    expect(failed.fail_reason).toBe('DUCK_NOT_CONFIGURED');
    expect(failed.next_run_at).not.toBeNull();
    await other.endpoint(ENDPOINTS.deleteDuckPeriodic, { params: { id: bare._id } });
  });
});
