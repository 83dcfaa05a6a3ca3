import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS, conditionResponse } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { insertTelemetryValues } from '../src/jobs/ingest/persist-measurement.ts';
import type { AlarmEvaluator } from '../src/jobs/alarms/evaluator.ts';
import { evaluateMeasurement } from '../src/jobs/alarms/evaluate.ts';
import { writeReports } from '../src/modules/fault-reports/diagnosis-repo.ts';
import type { ReportState } from '../src/modules/fault-reports/lifecycle.ts';
import { caller, loginOn, startTwoTenants, type Call } from './admin-client.ts';
import { insertPoint } from './support/points.ts';
import { insertPersistedMeasurement, storeRecordingMeasurement } from './support/stored-measurements.ts';
import { insertUser } from './support/users.ts';
import { failureOf } from './support/endpoint-client.ts';

/**
 * `GET /point/{id}/condition` (docs/condition-control.md) against the real server and database:
 * REAL CWRU recordings stored as ingest stores them (int16 counts, X = drive end, Y = fan end,
 * Z silent) with the telemetry the DSP pool computes, evaluated by the real alarm evaluation (the
 * built-in ISO 10816 alarms), fault reports written as the diagnosis writes them, a sensor with
 * battery, a gateway scan and a periodic job; permissions and tenant isolation.
 */
const DAY = 86_400_000;
const DEVICE = 'CA:B8:31:0C:0C:01';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let demoId: string;
let point: string;
let bare: string;
let innerId: string;
let normalId: string;
const now = Date.now();
const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

/** Stores 0.5 s of a recording as a persisted PERIODIC measurement of `pointId` at `when`, with its computed telemetry and a battery reading; evaluated. */
async function storeRecording(pointId: string, stem: string, fsHz: number, when: Date): Promise<string> {
  const battery = { telemetry: 'BATTERY', source: 'device', value: 3.15, unit: 'V', device_reported: true };
  const id = await storeRecordingMeasurement(server.ctx, { customerId: demoId, pointId, deviceMac: DEVICE }, stem, fsHz, when, [
    battery,
  ]);
  await evaluateMeasurement(server.ctx, id, new Date());
  return id;
}

/** A persisted measurement of `pointId` at `when` with given VRMS_ISO10816 values (mm/s) per axis, no waveform; evaluated. */
async function storeValues(pointId: string, when: Date, v: { x: number; y: number; z: number }): Promise<string> {
  const target = { customerId: demoId, pointId, deviceMac: 'CA:B8:31:0C:0C:02', type: 'MANUAL' as const };
  const id = await insertPersistedMeasurement(server.ctx, target, when, { key: null, fsHz: 12800, n: 0 });
  await insertTelemetryValues(
    server.ctx.db,
    { id, customer_id: demoId, point_id: pointId },
    when,
    (['x', 'y', 'z'] as const).map((a) => ({
      telemetry: 'VRMS_ISO10816',
      source: `accelerometer_${a}`,
      value: v[a],
      unit: 'mm/s',
      device_reported: false,
    })),
  );
  await evaluateMeasurement(server.ctx, id, new Date());
  return id;
}

const report = (over: Partial<ReportState> & Pick<ReportState, 'id' | 'code' | 'fault'>): ReportState => ({
  pointId: point,
  bearingComponent: null,
  detectionType: 'machine',
  severity: 'attention',
  severityHistory: [{ severity: 'attention', at: at(2).toISOString(), measurementId: innerId }],
  status: 'open',
  closedAt: null,
  closedReason: null,
  confidence: 0.8,
  maxScore: 3,
  rule: 'test',
  evidence: [],
  measurementId: innerId,
  lastSeenAt: at(2),
  createdAt: at(2),
  ...over,
});

const conditionOf = async (c: Call, id: string) => {
  const res = await c.endpoint(ENDPOINTS.getPointCondition, { params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return conditionResponse.parse(res.body);
};

beforeAll(async () => {
  ({ server, call, other, demoId } = await startTwoTenants());
  // The test evaluates each measurement itself (no sweep racing it).
  await (server.ctx.alarms as AlarmEvaluator).stop();
  const parent = await server.ctx.db
    .selectFrom('tree_nodes')
    .select('parent_id')
    .where('customer_id', '=', demoId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  point = await insertPoint(server, demoId, { parentId: parent.parent_id, name: 'CC motor DE', point: { motorPower: 30 } });
  bare = await insertPoint(server, demoId, { parentId: parent.parent_id, name: 'CC spare' });
  await server.ctx.db
    .insertInto('devices')
    .values({
      id: newId(),
      customer_id: demoId,
      mac: DEVICE,
      type: 'SENSEWAY',
      point_id: point,
      gateway_mac: null,
      profile: null,
    })
    .execute();
  expect((await call.endpoint(ENDPOINTS.listMetricAlarms, { params: { id: point } })).status).toBe(200); // the built-in ISO 10816 alarms (class II)
  innerId = await storeRecording(point, 'cwru_105_IR007_0HP', 12000, at(3));
  normalId = await storeRecording(point, 'cwru_097_Normal_0HP', 48000, at(1));
  const gateway = await server.ctx.db
    .selectFrom('gateways')
    .select('mac')
    .where('customer_id', '=', demoId)
    .executeTakeFirstOrThrow();
  await server.ctx.db
    .insertInto('device_scans')
    .values({ gateway_mac: gateway.mac, device_mac: DEVICE, rssi: -70, status: 'ready', scanned_at: new Date() })
    .execute();
  await server.ctx.db
    .insertInto('scheduler_jobs')
    .values({ point_id: point, customer_id: demoId, sleep_amount: 26, next_run_at: new Date(now + 3_600_000) })
    .execute();
  await writeReports(
    server.ctx.db,
    demoId,
    [
      report({ id: newId(), code: 'unbalance', fault: 'unbalance' }),
      report({
        id: newId(),
        code: 'bearing_failure:inner_race',
        fault: 'bearing_failure',
        bearingComponent: 'inner_race',
        severity: 'critical',
      }),
      report({ id: newId(), code: 'sensor_clipping', fault: 'sensor_clipping', detectionType: 'sensor' }),
      report({
        id: newId(),
        code: 'misalignment',
        fault: 'misalignment',
        status: 'closed',
        closedAt: at(1),
        closedReason: 'healthy',
      }),
    ],
    [],
  );
});
afterAll(async () => server?.close());

describe('GET /point/{id}/condition', () => {
  it('puts each axis of the latest measurement in its ISO 10816-1 zone for the point’s class', async () => {
    const c = await conditionOf(call, point);
    expect(c.point).toMatchObject({ _id: point, name: 'CC motor DE' });
    expect(c.iso10816).toMatchObject({
      machineClass: 'II',
      classSource: 'motorPower',
      motorPowerKw: 30,
      boundaries: [1.12, 2.8, 7.1],
    });
    const stored = await server.ctx.db
      .selectFrom('telemetry_values')
      .select(['source', 'value'])
      .where('measurement_id', '=', normalId)
      .where('telemetry', '=', 'VRMS_ISO10816')
      .execute();
    const value = (s: string) => stored.find((r) => r.source === s)!.value;
    expect(c.iso10816.axes.map((a) => a.axis)).toEqual(['x', 'y', 'z']);
    for (const a of c.iso10816.axes) {
      expect(a.measurementId).toBe(normalId); // the latest measurement, not the inner-race one
      expect(a.value).toBeCloseTo(value(a.source), 9);
      expect(a.measuredAt).toBe(at(1).toISOString());
    }
    // Measured: CWRU 097 (normal, 1797 r/min, 0.5 s) drive end 0.145 mm/s, fan end 0.155 mm/s (zone A,
    // ≤ 1.12 mm/s for class II); Z is silent in these recordings (0). The inner-race record before it: 0.221 / 0.248.
    expect(c.iso10816.axes.map((a) => Math.round(a.value * 1000) / 1000)).toEqual([0.145, 0.155, 0]);
    expect(c.iso10816.axes.map((a) => a.zone)).toEqual(['A', 'A', 'A']);
  });

  it('answers health, its 30-day history, the active alarms, open reports, the sensor and the next measurement', async () => {
    const c = await conditionOf(call, point);
    const history = c.health.history!;
    expect(history).toHaveLength(30);
    // evaluated from the first measurement (3 days ago) on; both records are in zone A: healthy
    expect(history.slice(-4).map((d) => d.level.name)).toEqual(['healthy', 'healthy', 'healthy', 'healthy']);
    expect(history.slice(0, -4).every((d) => d.level.name === 'unknown')).toBe(true);
    expect(c.health.current).toBe('healthy');
    expect(c.activeAlarms).toEqual([]);

    expect(c.faultReports!.map((r) => [r.fault, r.severity, r.timeToStopMonths])).toEqual([
      ['bearing_failure', 'critical', 1],
      ['unbalance', 'attention', 3],
    ]);
    expect(c.sensor.integrityReports!.map((r) => r.fault)).toEqual(['sensor_clipping']);
    expect(c.sensor.device).toEqual({ macAddress: DEVICE, type: 'SENSEWAY', gateway: null });
    expect(c.sensor.battery).toEqual({ volts: 3.15, at: at(1).toISOString() });
    expect(c.sensor.signal).toMatchObject({ rssi: -70, status: 'ready' });
    expect(c.sensor.lastMeasurement).toEqual({ _id: normalId, at: at(1).toISOString(), type: 'PERIODIC' });
    expect(c.nextMeasurement).toMatchObject({ nextRunAt: new Date(now + 3_600_000).toISOString(), lastRunAt: null });
  });

  it('zones given values at the class boundaries, lists the alarms above healthy and the worst level per day', async () => {
    const p = await insertPoint(server, demoId, { name: 'CC hot', point: { motorPower: 10 } }); // class I: 0.71 / 1.8 / 4.5
    expect((await call.endpoint(ENDPOINTS.listMetricAlarms, { params: { id: p } })).status).toBe(200);
    await storeValues(p, at(3), { x: 5, y: 0.5, z: 0.5 }); // x in D: critical
    const id = await storeValues(p, at(0), { x: 3, y: 0.71, z: 1 });
    const c = await conditionOf(call, p);
    expect(c.iso10816).toMatchObject({ machineClass: 'I', boundaries: [0.71, 1.8, 4.5] });
    // a boundary value belongs to the lower zone (ISO 10816-1 Table B.1)
    expect(c.iso10816.axes.map((a) => [a.axis, a.value, a.zone])).toEqual([
      ['x', 3, 'C'],
      ['y', 0.71, 'A'],
      ['z', 1, 'B'],
    ]);
    expect(c.activeAlarms!.map((a) => [a.source, a.level.name, a.score])).toEqual([
      ['accelerometer_x', 'hazard', 3],
      ['accelerometer_z', 'attention', 1],
    ]);
    expect(c.activeAlarms![0]).toMatchObject({
      kind: 'metric',
      telemetry: 'VRMS_ISO10816',
      measurementId: id,
      since: at(0).toISOString(),
    });
    expect(c.health.current).toBe('hazard');
    // critical 3 days ago, carried until today's measurement lowered it (today's worst is still critical)
    expect(c.health.history!.slice(-5).map((d) => d.level.name)).toEqual([
      'unknown',
      'critical',
      'critical',
      'critical',
      'critical',
    ]);
  });

  it('answers a point without device or measurements with empty parts, class II by default', async () => {
    const c = await conditionOf(call, bare);
    expect(c.iso10816).toMatchObject({ machineClass: 'II', classSource: 'default', motorPowerKw: null, axes: [] });
    expect(c.health.history!.every((d) => d.level.name === 'unknown')).toBe(true);
    expect(c.sensor).toEqual({ device: null, battery: null, signal: null, lastMeasurement: null, integrityReports: [] });
    expect(c.faultReports).toEqual([]);
    expect(c.activeAlarms).toEqual([]);
    expect(c.nextMeasurement).toBeNull();
  });

  it('answers another customer’s point exactly like a missing one', async () => {
    const foreign = await other.endpoint(ENDPOINTS.getPointCondition, { params: { id: point } });
    const missing = await other.endpoint(ENDPOINTS.getPointCondition, { params: { id: newId() } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(failureOf(foreign)).toMatchObject({ code: 'POINT_NOT_FOUND' });
  });

  it('needs readPoint; without readAlarm or readFaultReport those parts are null', async () => {
    const without = (...drop: string[]) => PERMISSIONS.filter((p) => !drop.includes(p));
    await insertUser(server, { email: 'cc-blind@demo.local', password: 'Cond-Blind-1', permissions: without('readPoint') });
    await insertUser(server, {
      email: 'cc-partial@demo.local',
      password: 'Cond-Partial-1',
      permissions: without('readAlarm', 'readFaultReport'),
    });
    const blind = caller(server, await loginOn(server, 'cc-blind@demo.local', 'Cond-Blind-1'));
    const partial = caller(server, await loginOn(server, 'cc-partial@demo.local', 'Cond-Partial-1'));
    expect((await blind.endpoint(ENDPOINTS.getPointCondition, { params: { id: point } })).status).toBe(403);

    const c = await conditionOf(partial, point);
    expect(c.activeAlarms).toBeNull();
    expect(c.health.history).toBeNull();
    expect(c.faultReports).toBeNull();
    expect(c.sensor.integrityReports).toBeNull();
    expect(c.iso10816.axes).toHaveLength(3);
    expect(c.sensor.battery).not.toBeNull();
  });
});
