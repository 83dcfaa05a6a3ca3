import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPreferences, ENDPOINTS, type CustomerPreferences, type MetricAlarm } from '@overtone/contract';
import { insertTelemetryValues } from '../src/jobs/ingest/persist-measurement.ts';
import { recordScan } from '../src/jobs/ingest/scan.ts';
import { startAlarmEvaluator, type AlarmEvaluator } from '../src/jobs/alarms/evaluator.ts';
import { DEMO_GATEWAY } from '../src/jobs/seed-demo.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { insertPoint } from './support/points.ts';
import { insertPersistedMeasurement } from './support/stored-measurements.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { TEST_PASSWORD } from './support/constants.ts';

/**
 * Alarm preferences that act (docs/alarms.md "Senseway disconnected", "Built-in defaults: crest
 * factor*"): the real server and database; the gateway reports through the ingest's own scan
 * recorder; the evaluator runs on a clock the tests move (the server's own is stopped).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let demoId: string;
let ev: AlarmEvaluator;
let now = new Date();

async function setAlarmPrefs(alarm: Partial<CustomerPreferences['alarm']>) {
  const c = await server.ctx.db.selectFrom('customers').select('preferences').where('id', '=', demoId).executeTakeFirstOrThrow();
  const prefs = customerPreferences.parse(c.preferences);
  prefs.alarm = { ...prefs.alarm, ...alarm };
  await server.ctx.db
    .updateTable('customers')
    .set({ preferences: JSON.stringify(prefs) })
    .where('id', '=', demoId)
    .execute();
}

async function newPoint(): Promise<string> {
  const parent = await server.ctx.db
    .selectFrom('tree_nodes')
    .select('parent_id')
    .where('customer_id', '=', demoId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  return insertPoint(server, demoId, { parentId: parent.parent_id, point: {} });
}

const gatewayTransactions = () =>
  server.ctx.db
    .selectFrom('alarm_transactions')
    .select(['kind', 'name', 'telemetry', 'source', 'mac_address', 'level', 'score', 'point_id', 'measurement_id'])
    .where('kind', '=', 'gatewayDisconnected')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** A scanDevice report of the demo gateway at `at` (what sets `gateways.last_seen_at`). */
const report = (at: Date) => recordScan(server.ctx.db, DEMO_GATEWAY, Buffer.from('{}'), at);

const alarmsOf = async (point: string) => {
  const res = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: point } });
  expect(res.status).toBe(200);
  return res.body;
};

/** A persisted measurement of `point` at `at` with one computed value on accelerometer_x, evaluated. */
async function storeValue(point: string, at: Date, telemetry: string, value: number) {
  const id = await insertPersistedMeasurement(
    server.ctx,
    { customerId: demoId, pointId: point, deviceMac: 'CA:B8:31:00:00:02', gatewayMac: DEMO_GATEWAY },
    at,
    { key: null, fsHz: 12800, n: 0 },
  );
  await insertTelemetryValues(server.ctx.db, { id, customer_id: demoId, point_id: point }, at, [
    { telemetry, source: 'accelerometer_x', value, unit: '', device_reported: false },
  ]);
  ev.notify(id);
  await ev.idle();
}

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  await (server.ctx.alarms as AlarmEvaluator).stop();
  ev = startAlarmEvaluator(server.ctx, { clock: () => now, sweepIntervalMs: 0 });
  server.ctx.alarms = ev;
  await ev.idle();
});
afterAll(async () => {
  await ev?.stop();
  await server?.close();
});

describe('Senseway-disconnected alarm (preference alarm.enableSensewayAlarm)', () => {
  it('off: a gateway that stops reporting raises nothing', async () => {
    await setAlarmPrefs({ enableSensewayAlarm: false });
    const t = Date.now();
    await report(new Date(t - 10 * 60e3));
    now = new Date(t);
    await ev.tick();
    expect(await gatewayTransactions()).toEqual([]);
  });

  it('on: raises attention once when the gateway is silent past 3 minutes, clears when it reports again', async () => {
    await setAlarmPrefs({ enableSensewayAlarm: true });
    const t = Date.now();
    await report(new Date(t));
    now = new Date(t + 2 * 60e3); // within 3 min: still connected
    await ev.tick();
    expect(await gatewayTransactions()).toEqual([]);
    now = new Date(t + 4 * 60e3);
    await ev.tick();
    await ev.tick(); // a second check writes nothing more
    const raised = await gatewayTransactions();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      kind: 'gatewayDisconnected',
      name: `Senseway bağlantısı kesildi (${DEMO_GATEWAY})`, // the demo customer's language: tr
      telemetry: 'GATEWAY_DISCONNECTED',
      source: 'gateway',
      mac_address: DEMO_GATEWAY,
      level: 1,
      point_id: null,
      measurement_id: null,
    });
    expect(raised[0]!.score).toBeCloseTo(4 / 60, 2);

    // The transactions page lists it without a point and without an alarm to open.
    const page = await callApi(server.url, token, ENDPOINTS.listAlarmTransactions, { query: { levelName: 'attention' } });
    expect(page.status).toBe(200);
    expect(page.body.transactions.find((x) => x.kind === 'gatewayDisconnected')).toMatchObject({
      point: null,
      alarmId: null,
      macAddress: DEMO_GATEWAY,
      level: { name: 'attention', order: 1 },
    });
    // …and the per-point filter leaves it out.
    const p = await newPoint();
    const filtered = await callApi(server.url, token, ENDPOINTS.listAlarmTransactions, { query: { points: p } });
    expect(filtered.body.transactions).toEqual([]);

    await report(new Date(t + 5 * 60e3));
    now = new Date(t + 5 * 60e3 + 1000);
    await ev.tick();
    expect((await gatewayTransactions()).map((x) => [x.level, x.score])).toEqual([
      [1, raised[0]!.score],
      [0, 0],
    ]);
  });

  it('switching the preference off clears an active alarm; a gateway never heard from is never raised', async () => {
    const t = Date.now() + 3600e3; // after the reports of the tests before
    await server.ctx.db
      .updateTable('gateways')
      .set({ last_seen_at: new Date(t - 60 * 60e3) })
      .where('mac', '=', DEMO_GATEWAY)
      .execute();
    now = new Date(t);
    await ev.tick();
    expect((await gatewayTransactions()).at(-1)!.level).toBe(1);
    await setAlarmPrefs({ enableSensewayAlarm: false });
    now = new Date(t + 1000);
    await ev.tick();
    expect((await gatewayTransactions()).at(-1)!.level).toBe(0);
    const before = (await gatewayTransactions()).length;
    await ev.tick();
    expect(await gatewayTransactions()).toHaveLength(before);
    // never heard from (last_seen_at null): N/A, not disconnected
    await server.ctx.db.updateTable('gateways').set({ last_seen_at: null }).where('mac', '=', DEMO_GATEWAY).execute();
    await setAlarmPrefs({ enableSensewayAlarm: true });
    await ev.tick();
    expect(await gatewayTransactions()).toHaveLength(before);
    await setAlarmPrefs({ enableSensewayAlarm: false });
    now = new Date();
  });
});

describe('auto alarm crest_star (preference alarm.autoAlarms.crest_star)', () => {
  const crestOf = (alarms: MetricAlarm[]) => alarms.filter((a) => a.telemetry === 'CREST_STAR');

  it('off: a point gets only the ISO 10816 defaults', async () => {
    await setAlarmPrefs({ autoAlarms: { crest_star: false } });
    const p = await newPoint();
    const alarms = await alarmsOf(p);
    expect(alarms.map((a) => a.builtIn)).toEqual(['iso10816', 'iso10816', 'iso10816']);
    await ev.tick();
    expect(crestOf(await alarmsOf(p))).toEqual([]);
  });

  it('on: new points get one crest factor* alarm per axis; points in use get them at the next sweep, once', async () => {
    const old = await newPoint();
    await alarmsOf(old); // ISO defaults given while the preference was off
    await setAlarmPrefs({ autoAlarms: { crest_star: true } });
    const fresh = await newPoint();
    const alarms = await alarmsOf(fresh);
    expect(alarms.map((a) => [a.builtIn, a.telemetry, a.source])).toEqual([
      ['iso10816', 'VRMS_ISO10816', 'accelerometer_x'],
      ['iso10816', 'VRMS_ISO10816', 'accelerometer_y'],
      ['iso10816', 'VRMS_ISO10816', 'accelerometer_z'],
      ['crestStar', 'CREST_STAR', 'accelerometer_x'],
      ['crestStar', 'CREST_STAR', 'accelerometer_y'],
      ['crestStar', 'CREST_STAR', 'accelerometer_z'],
    ]);
    expect(crestOf(alarms)[0]).toMatchObject({
      name: 'Crest factor* X', // answered in the reader's language (en)
      thresholdDirection: 1,
      calculated: true,
      delay: 1,
      threshold: { attention: [null, 5], hazard: [null, 11], critical: [null, 15] },
    });
    const de = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: fresh }, language: 'de' });
    expect(crestOf(de.body).map((a) => a.name)).toEqual(['Crestfaktor* X', 'Crestfaktor* Y', 'Crestfaktor* Z']);

    const crestRows = () =>
      server.ctx.db
        .selectFrom('metric_alarms')
        .select('id')
        .where('point_id', '=', old)
        .where('telemetry', '=', 'CREST_STAR')
        .execute();
    expect(await crestRows()).toEqual([]);
    await ev.tick(); // the sweep, without the point being read
    expect(await crestRows()).toHaveLength(3);
    const given = crestOf(await alarmsOf(old));
    expect(given).toHaveLength(3);
    // deleted: not re-created
    expect(
      (await callApi(server.url, token, ENDPOINTS.deleteMetricAlarm, { params: { id: old, alarmId: given[0]!._id } })).status,
    ).toBe(200);
    await ev.tick();
    expect(crestOf(await alarmsOf(old))).toHaveLength(2);
  });

  it('evaluates CREST_STAR: 12 on X raises hazard, 4 clears it', async () => {
    const p = await newPoint();
    await alarmsOf(p);
    now = new Date();
    await storeValue(p, new Date(Date.now() - 2000), 'CREST_STAR', 12);
    await storeValue(p, new Date(Date.now() - 1000), 'CREST_STAR', 4);
    const rows = await server.ctx.db
      .selectFrom('alarm_transactions')
      .select(['telemetry', 'source', 'level', 'score'])
      .where('point_id', '=', p)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { telemetry: 'CREST_STAR', source: 'accelerometer_x', level: 2, score: 12 },
      { telemetry: 'CREST_STAR', source: 'accelerometer_x', level: 0, score: 4 },
    ]);
    await setAlarmPrefs({ autoAlarms: { crest_star: false } });
  });
});

describe('notification receivers (preference alarm.notificationReceivers): GET /notifications, POST /notifications/read', () => {
  it('notifies the named receivers of changes at or above the alarm level; each reads and marks only their own', async () => {
    const receiver = await insertUser(server, { email: 'bell-receiver@demo.local', password: TEST_PASSWORD });
    await insertUser(server, { email: 'bell-other@demo.local', password: TEST_PASSWORD });
    await insertUser(server, { email: 'bell-noalarm@demo.local', password: TEST_PASSWORD, permissions: ['readTree'] });
    const tReceiver = await login(server.url, 'bell-receiver@demo.local');
    const tOther = await login(server.url, 'bell-other@demo.local');
    const tNoAlarm = await login(server.url, 'bell-noalarm@demo.local');
    await setAlarmPrefs({ notificationReceivers: [receiver.userId], alarmLevel: 2 });

    const p = await newPoint();
    const alarm = await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
      params: { id: p },
      body: {
        name: 'GRMS bell',
        telemetry: 'GRMS',
        source: 'accelerometer_x',
        thresholdDirection: 1,
        threshold: { attention: [null, 1], hazard: [null, 2], critical: [null, 3] },
      },
    });
    expect(alarm.status).toBe(200);
    now = new Date();
    await storeValue(p, new Date(Date.now() - 3000), 'GRMS', 1.5); // attention: below alarmLevel 2
    await storeValue(p, new Date(Date.now() - 2000), 'GRMS', 2.5); // hazard
    await storeValue(p, new Date(Date.now() - 1000), 'GRMS', 3.5); // critical

    const mine = await callApi(server.url, tReceiver, ENDPOINTS.listNotifications);
    expect(mine.status).toBe(200);
    expect(mine.body.unread).toBe(2);
    expect(mine.body.notifications.map((n) => [n.name, n.level.name, n.score, n.read, n.point?._id])).toEqual([
      ['GRMS bell', 'critical', 3.5, false, p],
      ['GRMS bell', 'hazard', 2.5, false, p],
    ]);
    expect((await callApi(server.url, tOther, ENDPOINTS.listNotifications)).body).toEqual({ unread: 0, notifications: [] });
    expect((await callApi(server.url, tNoAlarm, ENDPOINTS.listNotifications)).status).toBe(403);
    expect((await api(server.url, tReceiver, 'GET', '/notifications?limit=0')).status).toBe(400);
    expect(
      (await callApi(server.url, tReceiver, ENDPOINTS.listNotifications, { query: { limit: 1 } })).body.notifications,
    ).toHaveLength(1);

    // Another user cannot mark the receiver's notifications read.
    const [critical, hazard] = mine.body.notifications;
    expect((await callApi(server.url, tOther, ENDPOINTS.markNotificationsRead, { body: { ids: [critical!._id] } })).body).toEqual(
      { unread: 0 },
    );
    expect((await callApi(server.url, tReceiver, ENDPOINTS.listNotifications)).body.unread).toBe(2);

    expect(
      (await callApi(server.url, tReceiver, ENDPOINTS.markNotificationsRead, { body: { ids: [critical!._id] } })).body,
    ).toEqual({ unread: 1 });
    const after = (await callApi(server.url, tReceiver, ENDPOINTS.listNotifications)).body;
    expect(after.notifications.map((n) => [n._id, n.read])).toEqual([
      [critical!._id, true],
      [hazard!._id, false],
    ]);
    expect((await callApi(server.url, tReceiver, ENDPOINTS.markNotificationsRead, { body: {} })).body).toEqual({ unread: 0 });
    expect((await api(server.url, tReceiver, 'POST', '/notifications/read', { ids: 'x' })).status).toBe(400);
    await setAlarmPrefs({ notificationReceivers: [], alarmLevel: 1 });
  });
});
