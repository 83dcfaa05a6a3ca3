import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { startPlant, type Plant } from '../../gateway-sim/src/plant.ts';
import { newId } from '../src/infra/ids.ts';
import { DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { caller, loginOn, passwordChosen, startTwoTenants, type Call } from './admin-client.ts';
import { edgeCredentialsFor, plantCredentials } from './support/edge.ts';
import { until } from './support/until.ts';
import { failureOf } from './support/endpoint-client.ts';

/**
 * Sensors on triggers from the trigger's side (spec 001 §7, spec 002 §7: `POST /trigger/{id}/device
 * {macAddress}`, `DELETE /trigger/{id}/device/{mac}`; docs/scheduler.md "Triggers"), against the real
 * embedded database and broker, with the simulated plant answering the measure commands. The
 * assignments are the point card's (`point_triggers`, `GET /point/{id}/trigger`).
 */
const TRIGGER = 'CA:B8:25:00:50:01';
const SECOND = 'CA:B8:25:00:50:02';
const OTHER_TRIGGER = 'CA:B8:25:00:50:09';
const OTHER_SENSOR = 'CA:B8:31:00:50:09';
/** A sensor of the demo customer attached to no point. */
const LOOSE = 'CA:B8:31:00:50:05';
const DUCK = 'CA:B8:DA:00:50:01';
const [NORMAL, INNER, BALL] = DEMO_POINTS;

type Bad = { errors: { msg: string; param?: string }[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let plant: Plant;
let triggerId: string;
let secondId: string;
let otherTriggerId: string;
let ballPoint: string;
let innerPoint: string;
let ballSensorId: string;

beforeAll(async () => {
  let demoId: string;
  let otherId: string;
  ({ server, call, other, demoId, otherId } = await startTwoTenants());
  const device = (customer_id: string, mac: string, type: string) => ({
    id: newId(),
    customer_id,
    mac,
    type,
    point_id: null,
    gateway_mac: null,
    profile: null,
  });
  await server.ctx.db
    .insertInto('devices')
    .values([
      device(demoId, TRIGGER, 'TRIGGER'),
      device(demoId, SECOND, 'TRIGGER'),
      device(demoId, LOOSE, 'SENSEWAY'),
      device(otherId, OTHER_TRIGGER, 'TRIGGER'),
      device(otherId, OTHER_SENSOR, 'SENSEWAY'),
    ])
    .execute();
  const triggers = (await call.endpoint(ENDPOINTS.listTriggers)).body;
  triggerId = triggers.find((t) => t.macAddress === TRIGGER)!._id;
  secondId = triggers.find((t) => t.macAddress === SECOND)!._id;
  otherTriggerId = (await other.endpoint(ENDPOINTS.listTriggers)).body.find((t) => t.macAddress === OTHER_TRIGGER)!._id;
  const tree = (await call.endpoint(ENDPOINTS.getTree)).body;
  ballPoint = tree.find((n) => n.name === BALL.name)!._id;
  innerPoint = tree.find((n) => n.name === INNER.name)!._id;
  ballSensorId = (await server.ctx.db.selectFrom('devices').select('id').where('mac', '=', BALL.mac).executeTakeFirstOrThrow())
    .id;
  plant = await startPlant({
    mqttUrl: server.mqttUrl,
    credentials: plantCredentials(server),
    scanIntervalMs: 300,
    acquisitionSpeedup: 1000,
  });
});
afterAll(async () => {
  await plant?.stop();
  await server?.close();
});

const triggerOf = async (who: Call, mac: string) =>
  (await who.endpoint(ENDPOINTS.listTriggers)).body.find((t) => t.macAddress === mac)!;
const pointTriggers = async (pointId: string) =>
  (await call.endpoint(ENDPOINTS.getPointTrigger, { params: { id: pointId } })).body.triggers.map((t) => t.macAddress);
const assignments = () =>
  server.ctx.db
    .selectFrom('point_triggers')
    .select(['point_id', 'trigger_mac'])
    .orderBy('point_id')
    .orderBy('trigger_mac')
    .execute();

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

const triggered = () =>
  server.ctx.db
    .selectFrom('measurements')
    .select(['id', 'point_id', 'device_mac', 'state', 'user_id'])
    .where('measurement_type', '=', 'TRIGGERED')
    .orderBy('created_at')
    .execute();

describe('POST /trigger/{id}/device and DELETE /trigger/{id}/device/{mac}', () => {
  it('assigns a sensor: the answer and GET /trigger list it, and the point card (GET /point/{id}/trigger) agrees', async () => {
    expect((await triggerOf(call, TRIGGER)).assignedDevices).toEqual([]);
    const res = await call.endpoint(ENDPOINTS.addTriggerDevice, {
      params: { id: triggerId },
      body: { macAddress: BALL.mac.toLowerCase() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ball = { _id: ballSensorId, macAddress: BALL.mac, point: { _id: ballPoint, name: BALL.name } };
    expect(res.body).toEqual({ _id: triggerId, macAddress: TRIGGER, status: null, assignedDevices: [ball], credentials: null });
    expect((await triggerOf(call, TRIGGER)).assignedDevices).toEqual([ball]);
    expect((await triggerOf(call, SECOND)).assignedDevices).toEqual([]);
    expect(await pointTriggers(ballPoint)).toEqual([TRIGGER]);
    // Idempotent; the trigger may be named by MAC (any case).
    const again = await call.endpoint(ENDPOINTS.addTriggerDevice, {
      params: { id: TRIGGER.toLowerCase() },
      body: { macAddress: BALL.mac },
    });
    expect(again.status).toBe(200);
    expect(again.body.assignedDevices).toEqual([ball]);
    expect(await assignments()).toEqual([{ point_id: ballPoint, trigger_mac: TRIGGER }]);
  });

  it('the other way round: a trigger assigned in the point card shows its sensor in GET /trigger', async () => {
    expect(
      (await call.endpoint(ENDPOINTS.setPointTrigger, { params: { id: innerPoint }, body: { trigger: TRIGGER } })).status,
    ).toBe(200);
    expect((await triggerOf(call, TRIGGER)).assignedDevices.map((d) => d.macAddress)).toEqual([INNER.mac, BALL.mac]);
    expect(
      (await call.endpoint(ENDPOINTS.deletePointTrigger, { params: { id: innerPoint }, body: { trigger: TRIGGER } })).status,
    ).toBe(200);
    expect((await triggerOf(call, TRIGGER)).assignedDevices.map((d) => d.macAddress)).toEqual([BALL.mac]);
  });

  it('an event of the trigger makes the assigned sensor measure (TRIGGERED), and only it', async () => {
    const before = (await triggered()).length;
    await fire(TRIGGER, 'dev-evt-1');
    await fire(TRIGGER, 'dev-evt-1'); // a redelivery of the same event measures once
    const row = await until(async () => {
      const m = (await triggered()).slice(before);
      return m.length && m.every((r) => r.state === 'persisted') ? m : null;
    });
    await sleep(500);
    expect((await triggered()).slice(before)).toHaveLength(1);
    expect(row[0]).toMatchObject({ point_id: ballPoint, device_mac: BALL.mac, user_id: null, state: 'persisted' });
    expect(plant.replayLog.some((e) => e.id === row[0].id && e.device === BALL.mac)).toBe(true);
  });

  it('a trigger that fires reports its status in GET /trigger (also one assigned nothing); another customer never sees it', async () => {
    // TRIGGER fired in the test above: its status is that event
    const fired = (await triggerOf(call, TRIGGER)).status;
    expect(fired?.shadow.reported).toMatchObject({ eventType: 'trigger', disconnectReason: null });
    expect(Date.now() - Date.parse(fired!.shadow.reported.timestamp!)).toBeLessThan(60_000);
    // SECOND has no sensor: N/A until it fires, then its event is its status
    expect((await triggerOf(call, SECOND)).status).toBeNull();
    const before = Date.now();
    await fire(SECOND, 'dev-status-1');
    const status = await until(async () => (await triggerOf(call, SECOND)).status);
    expect(status.shadow.reported.eventType).toBe('trigger');
    expect(Date.parse(status.shadow.reported.timestamp!)).toBeGreaterThanOrEqual(before - 1000);
    const later = Date.parse(status.shadow.reported.timestamp!);
    await sleep(20);
    await fire(SECOND, 'dev-status-2');
    const newer = await until(async () => {
      const s = (await triggerOf(call, SECOND)).status;
      return s && Date.parse(s.shadow.reported.timestamp!) > later ? s : null;
    });
    expect(newer.shadow.reported.eventType).toBe('trigger');
    // the answer of an assignment carries it too; the other customer's trigger stays N/A
    expect((await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: secondId, mac: LOOSE } })).body.status).toEqual(
      newer,
    );
    expect((await triggerOf(other, OTHER_TRIGGER)).status).toBeNull();
  });

  it('unassigns (the MAC in any case): GET /trigger and the point card no longer list it, events no longer measure', async () => {
    const res = await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: triggerId, mac: BALL.mac.toLowerCase() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: triggerId, assignedDevices: [] });
    expect((await triggerOf(call, TRIGGER)).assignedDevices).toEqual([]);
    expect(await pointTriggers(ballPoint)).toEqual([]);
    // Idempotent, also by the trigger's MAC; a sensor on no point is on no trigger.
    expect((await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: TRIGGER, mac: BALL.mac } })).status).toBe(200);
    expect((await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: triggerId, mac: LOOSE } })).status).toBe(200);
    const before = (await triggered()).length;
    await fire(TRIGGER, 'dev-evt-2');
    await server.ingest.idle();
    await sleep(700);
    expect((await triggered()).length).toBe(before);
  });

  it('a sensor on another trigger is moved; unassigning from a trigger it is not on changes nothing', async () => {
    await call.endpoint(ENDPOINTS.addTriggerDevice, { params: { id: triggerId }, body: { macAddress: BALL.mac } });
    const moved = await call.endpoint(ENDPOINTS.addTriggerDevice, { params: { id: secondId }, body: { macAddress: BALL.mac } });
    expect(moved.status).toBe(200);
    expect(moved.body.assignedDevices.map((d) => d.macAddress)).toEqual([BALL.mac]);
    expect((await triggerOf(call, TRIGGER)).assignedDevices).toEqual([]);
    expect(await pointTriggers(ballPoint)).toEqual([SECOND]);
    expect(
      (await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: triggerId, mac: BALL.mac } })).body.assignedDevices,
    ).toEqual([]);
    expect(await pointTriggers(ballPoint)).toEqual([SECOND]);
    // A point the card gave two triggers keeps only the one it is assigned to here.
    await call.endpoint(ENDPOINTS.setPointTrigger, { params: { id: ballPoint }, body: { trigger: TRIGGER } });
    expect((await pointTriggers(ballPoint)).sort()).toEqual([TRIGGER, SECOND]);
    await call.endpoint(ENDPOINTS.addTriggerDevice, { params: { id: triggerId }, body: { macAddress: BALL.mac } });
    expect(await pointTriggers(ballPoint)).toEqual([TRIGGER]);
    // Unassigning leaves the point's other triggers alone.
    await call.endpoint(ENDPOINTS.setPointTrigger, { params: { id: ballPoint }, body: { trigger: SECOND } });
    await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: secondId, mac: BALL.mac } });
    expect(await pointTriggers(ballPoint)).toEqual([TRIGGER]);
    await call.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: triggerId, mac: BALL.mac } });
    expect(await assignments()).toEqual([]);
  });

  it("another customer's trigger or sensor answers 404 {message, code}, like an unknown one, and changes nothing", async () => {
    const notTrigger = { message: 'Trigger device not found', code: 'TRIGGER_NOT_FOUND' };
    const notDevice = { message: 'Device not found', code: 'DEVICE_NOT_FOUND' };
    for (const [who, method, trigger, mac, body] of [
      [call, 'POST', otherTriggerId, BALL.mac, notTrigger],
      [call, 'POST', OTHER_TRIGGER, BALL.mac, notTrigger],
      [call, 'DELETE', otherTriggerId, BALL.mac, notTrigger],
      [call, 'POST', newId(), BALL.mac, notTrigger],
      [call, 'POST', ballSensorId, NORMAL.mac, notTrigger], // a sensor is not a trigger
      [call, 'POST', triggerId, OTHER_SENSOR, notDevice],
      [call, 'DELETE', triggerId, OTHER_SENSOR, notDevice],
      [call, 'POST', triggerId, 'CA:B8:31:00:50:77', notDevice], // registered by no one
      [call, 'DELETE', triggerId, 'CA:B8:31:00:50:77', notDevice],
      [other, 'POST', triggerId, OTHER_SENSOR, notTrigger],
      [other, 'POST', otherTriggerId, BALL.mac, notDevice],
      [other, 'DELETE', otherTriggerId, BALL.mac, notDevice],
    ] as const) {
      const res =
        method === 'POST'
          ? await who('POST', `/trigger/${trigger}/device`, { macAddress: mac })
          : await who('DELETE', `/trigger/${trigger}/device/${mac}`);
      expect(res.status, `${method} ${trigger} ${mac}`).toBe(404);
      expect(res.body).toEqual(body);
    }
    const de = await call.endpoint(ENDPOINTS.addTriggerDevice, {
      params: { id: otherTriggerId },
      body: { macAddress: BALL.mac },
      language: 'de',
    });
    expect(de.body).toEqual({ message: 'Trigger-Gerät nicht gefunden', code: 'TRIGGER_NOT_FOUND' });
    expect(await assignments()).toEqual([]);
    expect((await triggerOf(other, OTHER_TRIGGER)).assignedDevices).toEqual([]);
  });

  it('a malformed MAC answers 400 {errors: [{msg}]}, translated', async () => {
    const proper = 'Please input proper mac address (ex: AB:CD:EF:12:34:56)';
    for (const macAddress of ['CA:B8:31:00:00', 'CA-B8-31-00-00-03', 'GG:B8:31:00:00:03', ' ']) {
      const res = await call<Bad>('POST', `/trigger/${triggerId}/device`, { macAddress });
      expect(res.status, macAddress).toBe(400);
      expect(res.body.errors).toEqual([{ msg: proper, param: 'macAddress' }]);
    }
    for (const body of [{}, { macAddress: 5 }]) {
      const res = await call<Bad>('POST', `/trigger/${triggerId}/device`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ param: 'macAddress' });
    }
    const del = await call<Bad>('DELETE', `/trigger/${triggerId}/device/CA:B8:31:00:00`);
    expect(del.status).toBe(400);
    expect(del.body.errors).toEqual([{ msg: proper, param: 'mac' }]);
    const tr = await call<Bad>('POST', `/trigger/${triggerId}/device`, { macAddress: 'x' }, { language: 'tr' });
    expect(tr.body.errors[0].msg).toBe('Lütfen geçerli bir MAC adresi girin (örn: AB:CD:EF:12:34:56)');
    expect(await assignments()).toEqual([]);
  });

  it('a trigger or a Duck MAC answers 400 with its own translated message', async () => {
    const isTrigger = 'A trigger cannot be assigned to a trigger; choose a sensor';
    const isDuck = 'A Duck is assigned to a trigger with Assign ducks; choose a sensor';
    for (const [macAddress, msg] of [
      [SECOND, isTrigger],
      [TRIGGER.toLowerCase(), isTrigger],
      [DUCK, isDuck],
    ] as const) {
      const res = await call<Bad>('POST', `/trigger/${triggerId}/device`, { macAddress });
      expect(res.status, macAddress).toBe(400);
      expect(res.body.errors).toEqual([{ msg, param: 'macAddress' }]);
    }
    const del = await call<Bad>('DELETE', `/trigger/${triggerId}/device/${DUCK}`);
    expect(del.status).toBe(400);
    expect(del.body.errors).toEqual([{ msg: isDuck, param: 'mac' }]);
    const tr = await call<Bad>('POST', `/trigger/${triggerId}/device`, { macAddress: SECOND }, { language: 'tr' });
    expect(tr.body.errors[0].msg).toBe('Bir tetikleyici başka bir tetikleyiciye atanamaz; bir sensör seçin');
    const de = await call<Bad>('POST', `/trigger/${triggerId}/device`, { macAddress: DUCK }, { language: 'de' });
    expect(de.body.errors[0].msg).toBe('Ein Duck wird einem Trigger über „Ducks zuordnen“ zugeordnet; wählen Sie einen Sensor');
    expect(await assignments()).toEqual([]);
  });

  it('a sensor attached to no point answers 409 DEVICE_NOT_ON_POINT with its own message (the assignment is stored on the point)', async () => {
    const res = await call.endpoint(ENDPOINTS.addTriggerDevice, { params: { id: triggerId }, body: { macAddress: LOOSE } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'The sensor is not attached to a point; attach it to a point first',
      code: 'DEVICE_NOT_ON_POINT',
    });
    const tr = await call.endpoint(ENDPOINTS.addTriggerDevice, {
      params: { id: triggerId },
      body: { macAddress: LOOSE },
      language: 'tr',
    });
    expect(failureOf(tr).message).toBe('Sensör bir noktaya bağlı değil; önce onu bir noktaya bağlayın');
    expect(await assignments()).toEqual([]);
  });

  it('permissions: readGateway lists, assigning and unassigning need updateGateway', async () => {
    const role = await call.endpoint(ENDPOINTS.createRole, {
      body: { name: 'TRIGGER DEVICE READER', permissions: ['readGateway'] },
    });
    const user = await call.endpoint(ENDPOINTS.createUser, {
      body: {
        name: 'Trigger',
        surname: 'Reader',
        email: 'trigger.device.reader@demo.local',
        role: role.body._id,
        userType: 'user',
        password: 'Trigger-Reader-Pass-1',
        mfaEnabled: false,
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    await passwordChosen(server, user.body._id);
    const reader = caller(server, await loginOn(server, 'trigger.device.reader@demo.local', 'Trigger-Reader-Pass-1'));
    expect((await reader.endpoint(ENDPOINTS.listTriggers)).status).toBe(200);
    expect(
      (await reader.endpoint(ENDPOINTS.addTriggerDevice, { params: { id: triggerId }, body: { macAddress: BALL.mac } })).status,
    ).toBe(403);
    expect((await reader.endpoint(ENDPOINTS.removeTriggerDevice, { params: { id: triggerId, mac: BALL.mac } })).status).toBe(403);
    expect(await assignments()).toEqual([]);
  });
});
