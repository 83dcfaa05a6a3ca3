import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, senseway, sleepSeconds, trendResponse } from '@overtone/contract';
import { DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import {
  DEMO_HISTORY_COUNT,
  DEMO_HISTORY_SLEEP_CODE,
  DEMO_HISTORY_STEP_MS,
  DEMO_REPAIR,
  degradationScale,
  seedDemoHistory,
  type DemoHistoryResult,
} from '../src/jobs/seed-demo-history.ts';
import type { AlarmEvaluator } from '../src/jobs/alarms/evaluator.ts';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';

/**
 * The demo history (docs/demo-history.md) on a real test server: the template's demo tenant has
 * the CWRU rig with its four sensor points (seedDemo), which get 30 days of synthetic PERIODIC
 * measurements cut from their real recordings and stored as ingest stores them.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let first: DemoHistoryResult;
const NOW = new Date();
const pointOf: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  const devices = await server.ctx.db
    .selectFrom('devices')
    .select(['mac', 'point_id'])
    .where(
      'mac',
      'in',
      DEMO_POINTS.map((p) => p.mac),
    )
    .execute();
  for (const d of devices) pointOf[d.mac] = d.point_id!;
  first = await seedDemoHistory(server.ctx, { now: NOW });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const measurementsOf = (mac: string) =>
  server.ctx.db.selectFrom('measurements').selectAll().where('point_id', '=', pointOf[mac]).orderBy('created_at').execute();

/** Mean of one telemetry over a point's history on one axis. */
async function meanOf(mac: string, telemetry: string, source = 'accelerometer_x', last = DEMO_HISTORY_COUNT): Promise<number> {
  const rows = await server.ctx.db
    .selectFrom('telemetry_values')
    .select(['value', 'measured_at'])
    .where('point_id', '=', pointOf[mac])
    .where('telemetry', '=', telemetry)
    .where('source', '=', source)
    .orderBy('measured_at', 'desc')
    .limit(last)
    .execute();
  return rows.reduce((s, r) => s + r.value, 0) / rows.length;
}

describe('seedDemoHistory', () => {
  it('adds 80 PERIODIC measurements per demo point at their periodic setting (≈9.1 h) over the last 30 days, stored as ingest stores them', async () => {
    expect(Object.keys(pointOf)).toHaveLength(4);
    expect(first).toMatchObject({ points: 4, measurements: 4 * DEMO_HISTORY_COUNT });
    expect(DEMO_HISTORY_COUNT).toBe(80);
    expect(DEMO_HISTORY_STEP_MS).toBe(sleepSeconds(DEMO_HISTORY_SLEEP_CODE) * 1000);
    for (const { mac } of DEMO_POINTS) {
      const ms = await measurementsOf(mac);
      expect(ms).toHaveLength(80);
      expect(new Set(ms.map((m) => m.measurement_type))).toEqual(new Set(['PERIODIC']));
      expect(new Set(ms.map((m) => m.state))).toEqual(new Set(['persisted']));
      expect(ms.at(-1)!.created_at.getTime()).toBe(NOW.getTime());
      expect(NOW.getTime() - ms[0]!.created_at.getTime()).toBe(79 * 32_768_000);
      expect(NOW.getTime() - ms[0]!.created_at.getTime()).toBeGreaterThan(29.9 * 86_400_000);
      for (let i = 1; i < ms.length; i++) expect(ms[i]!.created_at.getTime() - ms[i - 1]!.created_at.getTime()).toBe(32_768_000);
      // the PERIODIC measurements come from a periodic setting the point has (sleep code 30, the spec's "9 hours")
      const periodic = await callApi(server.url, token, ENDPOINTS.getPointPeriodic, { params: { id: pointOf[mac] } });
      expect(periodic.body.sleepAmount).toBe(30);
      const m = ms[0]!;
      // The simulator's profile: ±4 g (range 2), 12.8 kHz nominal (rate 9) → 12 kHz, 24 000 samples.
      expect(m).toMatchObject({ sample_size: 24000, range_index: 2, rate_index: 9, calibrated_sampling_rate: 12000 });
      expect(m.device_mac).toBe(mac);
      expect(m.gateway_mac).toBe('CA:B8:28:00:00:01');
      expect(m.persisted_at!.getTime()).toBeLessThan(NOW.getTime() - 29 * 86_400_000);
      const bytes = await server.ctx.storage.get(m.waveform_key!);
      expect(bytes!.length).toBe(6 * 24000);
      const g = senseway.decodeTriaxial(bytes!, 2);
      expect(g.x.some((v) => v !== 0) && g.y.some((v) => v !== 0) && g.z.some((v) => v !== 0)).toBe(true);
    }
  });

  it('each measurement of a point is a different stretch of its recording', async () => {
    const ms = await measurementsOf(DEMO_POINTS[0].mac);
    const heads = await Promise.all(
      ms
        .slice(0, 10)
        .map(async (m) => Buffer.from((await server.ctx.storage.get(m.waveform_key!))!.subarray(0, 600)).toString('hex')),
    );
    expect(new Set(heads).size).toBe(10);
  });

  it('has the telemetry ingest computes on each axis; the inner race is more impulsive than the normal baseline', async () => {
    for (const { mac } of DEMO_POINTS)
      for (const source of ['accelerometer_x', 'accelerometer_y', 'accelerometer_z']) {
        const n = await server.ctx.db
          .selectFrom('telemetry_values')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('point_id', '=', pointOf[mac])
          .where('telemetry', '=', 'VRMS_ISO10816')
          .where('source', '=', source)
          .executeTakeFirstOrThrow();
        expect(Number(n.n)).toBe(DEMO_HISTORY_COUNT);
      }
    const inner = await meanOf('CA:B8:31:00:00:02', 'KURTOSIS');
    // the normal point after its repair (before it, it replays the outer-race record)
    const afterRepair = DEMO_HISTORY_COUNT - DEMO_REPAIR.firstAfter;
    const normal = await meanOf('CA:B8:31:00:00:01', 'KURTOSIS', 'accelerometer_x', afterRepair);
    expect(await meanOf('CA:B8:31:00:00:01', 'KURTOSIS', 'accelerometer_x')).toBeGreaterThan(normal + 1.5);
    expect(normal).toBeGreaterThan(2.5);
    expect(normal).toBeLessThan(3.5);
    expect(inner).toBeGreaterThan(normal + 1.5);
  });

  it('the faulty points degrade from 0.55× to 1.0× amplitude; the repaired point degrades until its repair, then stays level', async () => {
    expect(degradationScale(0, 120)).toBeCloseTo(0.55, 10);
    expect(degradationScale(119, 120)).toBeCloseTo(1, 10);
    const ratio = async (mac: string) => {
      const rows = await server.ctx.db
        .selectFrom('telemetry_values')
        .select('value')
        .where('point_id', '=', pointOf[mac])
        .where('telemetry', '=', 'GRMS')
        .where('source', '=', 'accelerometer_x')
        .orderBy('measured_at')
        .execute();
      const mean = (a: { value: number }[]) => a.reduce((s, r) => s + r.value, 0) / a.length;
      return mean(rows.slice(-10)) / mean(rows.slice(0, 10));
    };
    for (const mac of ['CA:B8:31:00:00:02', 'CA:B8:31:00:00:03', 'CA:B8:31:00:00:04']) {
      const r = await ratio(mac);
      expect(r).toBeGreaterThan(1.5);
      expect(r).toBeLessThan(2.0);
    }
    const rows = await server.ctx.db
      .selectFrom('telemetry_values')
      .select('value')
      .where('point_id', '=', pointOf[DEMO_REPAIR.mac])
      .where('telemetry', '=', 'GRMS')
      .where('source', '=', 'accelerometer_x')
      .orderBy('measured_at')
      .execute();
    const mean = (a: { value: number }[]) => a.reduce((s, r) => s + r.value, 0) / a.length;
    const cut = DEMO_REPAIR.firstAfter;
    // the outer-race record grows until the repair and drops to the normal record's level after it
    expect(mean(rows.slice(cut - 10, cut)) / mean(rows.slice(0, 10))).toBeGreaterThan(1.5);
    expect(mean(rows.slice(cut, cut + 10)) / mean(rows.slice(cut - 10, cut))).toBeLessThan(0.5);
    const level = mean(rows.slice(-10)) / mean(rows.slice(cut, cut + 10));
    expect(level).toBeGreaterThan(0.9);
    expect(level).toBeLessThan(1.1);
  });

  it('a second call adds nothing', async () => {
    expect(await seedDemoHistory(server.ctx, { now: new Date() })).toMatchObject({ points: 0, measurements: 0 });
    expect(await measurementsOf(DEMO_POINTS[1].mac)).toHaveLength(DEMO_HISTORY_COUNT);
  });

  it('the trend endpoint answers every history value per source for the last 30 days', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.getPointTrend, {
      params: { id: pointOf['CA:B8:31:00:00:02'] },
      query: { filters: 'VRMS_ISO10816,KURTOSIS' },
    });
    expect(res.status).toBe(200);
    const body = trendResponse.parse(res.body);
    expect(body.hasMeasurement).toBe(true);
    expect(body.series.map((s) => s.telemetry.name).sort()).toEqual(['KURTOSIS', 'VRMS_ISO10816']);
    for (const s of body.series) {
      expect(s.decimated).toBe(false);
      for (const source of ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'])
        expect(s.data.filter((d) => d.source === source)).toHaveLength(DEMO_HISTORY_COUNT);
    }
  });

  it('the alarm evaluator turns the history into alarm transactions and point health (demo alarms on DE)', async () => {
    await (server.ctx.alarms as AlarmEvaluator).idle();
    const pending = await server.ctx.db
      .selectFrom('alarm_evaluations_pending')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(0);
    const tx = await server.ctx.db
      .selectFrom('alarm_transactions as t')
      .innerJoin('measurements as m', 'm.id', 't.measurement_id')
      .select(['t.point_id', 't.name', 't.level', 'm.created_at'])
      .where('t.point_id', 'in', Object.values(pointOf))
      .orderBy('m.created_at')
      .execute();
    const of = (mac: string) => tx.filter((t) => t.point_id === pointOf[mac]).map((t) => [t.name, t.level]);
    expect(of('CA:B8:31:00:00:03')).toEqual([]);
    // the repaired point: the outer-race record's alarms until the repair, healthy after it
    const repaired = tx.filter((t) => t.point_id === pointOf[DEMO_REPAIR.mac]);
    expect(repaired.map((t) => [t.name, t.level])).toEqual(expect.arrayContaining([['Kurtosis DE', 2]]));
    const repairedAt = NOW.getTime() - (DEMO_HISTORY_COUNT - DEMO_REPAIR.firstAfter) * DEMO_HISTORY_STEP_MS;
    for (const name of ['Kurtosis DE', 'Acceleration RMS DE']) {
      const last = repaired.filter((t) => t.name === name).at(-1)!;
      expect(last.level).toBe(0);
      expect(last.created_at.getTime()).toBeGreaterThanOrEqual(repairedAt);
    }
    expect(of('CA:B8:31:00:00:02')).toEqual(
      expect.arrayContaining([
        ['Kurtosis DE', 1],
        ['Acceleration RMS DE', 1],
      ]),
    );
    expect(of('CA:B8:31:00:00:04')).toEqual(
      expect.arrayContaining([
        ['Kurtosis DE', 2],
        ['Acceleration RMS DE', 1],
        ['Acceleration RMS DE', 2],
      ]),
    );
    // The inner race's RMS crosses 0.2 g with the degradation, about half-way (0.55 + 0.45·u² ≥ 0.2 / 0.29).
    const crossed = tx.find((t) => t.point_id === pointOf['CA:B8:31:00:00:02'] && t.name === 'Acceleration RMS DE')!;
    const daysAgo = (NOW.getTime() - crossed.created_at.getTime()) / 86_400_000;
    expect(daysAgo).toBeGreaterThan(5);
    expect(daysAgo).toBeLessThan(25);
    const tree = await callApi(server.url, token, ENDPOINTS.getTree);
    const health = (mac: string) => tree.body.find((n) => n._id === pointOf[mac])?.health;
    expect(DEMO_POINTS.map((p) => health(p.mac))).toEqual(['healthy', 'attention', 'healthy', 'hazard']);
  }, 30_000);
});

/**
 * Issue 15: "the demo's history yields reports for the inner- and outer-race points on first start
 * and none for the normal one": the history goes through the same post-persist diagnosis as ingest.
 */
describe('the demo history through the diagnosis', () => {
  const machineReports = async (mac: string) =>
    (
      await callApi(server.url, token, ENDPOINTS.listPointFaultReports, {
        params: { id: pointOf[mac] },
        query: { pageSize: 100 },
      })
    ).body.data.detectionReports.filter((r) => r.detectionType === 'machine');

  it('diagnoses every measurement of the history', async () => {
    await server.ctx.diagnosis!.idle();
    const n = await server.ctx.db
      .selectFrom('measurement_diagnoses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(4 * DEMO_HISTORY_COUNT);
    expect(await server.ctx.db.selectFrom('diagnosis_pending').selectAll().execute()).toEqual([]);
  }, 300_000);

  // What the issue asks of the demo. Whether a faulty point also gets a report of another component
  // is the rules' accuracy (packages/diagnosis, `npm run bench -- diagnosis`), not asserted here.
  it('reports the inner race on the inner-race point, the outer race on the outer-race point and, before its repair, on the repaired one', async () => {
    const inner = await machineReports('CA:B8:31:00:00:02');
    const outer = await machineReports('CA:B8:31:00:00:04');
    expect(inner.some((r) => r.bearingComponent === 'inner_race')).toBe(true);
    expect(outer.some((r) => r.bearingComponent === 'outer_race')).toBe(true);
    const repaired = await machineReports(DEMO_REPAIR.mac);
    expect(repaired.some((r) => r.bearingComponent === 'outer_race')).toBe(true);
    // nothing open on it after the repair
    expect(repaired.filter((r) => r.status === 'open')).toEqual([]);
    // one report per code at a time, never a duplicate
    for (const list of [inner, outer]) {
      const open = list.filter((r) => r.status === 'open').map((r) => r.code);
      expect(new Set(open).size).toBe(open.length);
    }
  });

  it('the repair is a completed maintenance record whose verdict says improved and closed the outer-race report', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.listMaintenances, { query: { pointId: pointOf[DEMO_REPAIR.mac] } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [record] = res.body;
    expect(record).toMatchObject({ title: DEMO_REPAIR.title, status: 'completed', createdBy: { name: 'Demo Admin' } });
    const completed = new Date(record!.completedAt!).getTime();
    const firstAfter = NOW.getTime() - (DEMO_HISTORY_COUNT - 1 - DEMO_REPAIR.firstAfter) * DEMO_HISTORY_STEP_MS;
    expect(firstAfter - completed).toBe(3_600_000);
    expect(record!.verdict).toMatchObject({ outcome: 'improved', measurementsBefore: 3, measurementsAfter: 3 });
    expect(record!.verdict!.closedFaultReports.length).toBeGreaterThan(0);
    const closed = (await machineReports(DEMO_REPAIR.mac)).filter((r) => record!.verdict!.closedFaultReports.includes(r.id));
    expect(closed.some((r) => r.bearingComponent === 'outer_race' && r.closedReason === 'maintenance')).toBe(true);
  });
});
