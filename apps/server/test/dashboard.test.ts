import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  REPORT_LANGUAGES,
  timeZoneOffsetMinutes,
  customerPreferences,
  type AlarmCoverageResponse,
  type AlarmOccurrenceResponse,
  type DashboardReportsResponse,
  type FaultDistributionResponse,
  type HealthProgressResponse,
  type PointHealthScoreResponse,
  type PointRecoveryResponse,
  type RecentPointHealthResponse,
  type SystemHealthResponse,
} from '@overtone/contract';
import { writeReports } from '../src/modules/fault-reports/diagnosis-repo.ts';
import type { ReportState } from '../src/modules/fault-reports/lifecycle.ts';
import { newId } from '../src/infra/ids.ts';
import { startTwoTenants, loginOn, caller, type Call } from './admin-client.ts';
import { insertMeasurement, insertPoint } from './support/points.ts';
import { insertUser } from './support/users.ts';

/**
 * The dashboard calls (spec 001 §2 "Dashboard tab", §3, §4, §7, §9; docs/dashboard.md) against the
 * real server and database. Data is written straight into the tables the dashboard reads (points,
 * measurements, alarm states and transactions, fault reports, maintenance), with known health in
 * the interval and in the period before it; every call is filtered to these points (the demo
 * customer has its own demo data) unless it tests the filter.
 */
let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let demoId: string;
let otherId: string;
let pA: string, pB: string, pC: string, pD: string;
let rA: string, rB: string, rD: string;
let off = 0;
let filter = '';
let groupId = 'nogroup';

/** An instant from the customer's wall clock `YYYY-MM-DD HH:mm:ss`. */
const L = (s: string) => new Date(Date.parse(s.replace(' ', 'T') + 'Z') - off * 60_000);
const DAY = 86_400_000;
const START = '2026-03-10 00:00:00';
const END = '2026-03-16 23:59:59';
const interval = (unit = 'day', points = filter) =>
  `start=${encodeURIComponent(START)}&end=${encodeURIComponent(END)}&unit=${unit}&points=${points}`;

async function measured(pointId: string, at: Date) {
  const id = await insertMeasurement(server, { customerId: demoId, pointId });
  const db = server.ctx.db;
  await db.updateTable('measurements').set({ created_at: at }).where('id', '=', id).execute();
  // no alarm evaluation of these bare rows: the test writes the alarm states itself
  await db.deleteFrom('alarm_evaluations_pending').where('measurement_id', '=', id).execute();
}

async function alarm(pointId: string, level: number, changes: [Date, number][], customerId = demoId) {
  const alarmId = newId();
  const db = server.ctx.db;
  await db
    .insertInto('alarm_states')
    .values({ alarm_id: alarmId, kind: 'metric', customer_id: customerId, point_id: pointId, level })
    .execute();
  for (const [at, l] of changes)
    await db
      .insertInto('alarm_transactions')
      .values({
        id: newId(),
        customer_id: customerId,
        point_id: pointId,
        alarm_id: alarmId,
        kind: 'metric',
        name: 'VRMS x',
        telemetry: 'VRMS_ISO10816',
        source: 'accelerometer_x',
        level: l,
        score: l * 2,
        created_at: at,
        mail_state: 'skipped',
      })
      .execute();
}

const report = (over: Partial<ReportState> & Pick<ReportState, 'id' | 'pointId' | 'createdAt'>): ReportState => {
  const m = newId();
  return {
    code: 'bearing_failure:inner_race',
    fault: 'bearing_failure',
    bearingComponent: 'inner_race',
    detectionType: 'machine',
    severity: 'hazard',
    severityHistory: [{ severity: over.severity ?? 'hazard', at: over.createdAt.toISOString(), measurementId: m }],
    status: 'open',
    closedAt: null,
    closedReason: null,
    confidence: 0.8,
    maxScore: 3,
    rule: 'bearing.envelope',
    evidence: [],
    measurementId: m,
    lastSeenAt: over.createdAt,
    ...over,
  };
};

beforeAll(async () => {
  ({ server, call, other, demoId, otherId } = await startTwoTenants());
  const db = server.ctx.db;
  const c = await db.selectFrom('customers').select('preferences').where('id', '=', demoId).executeTakeFirstOrThrow();
  off = timeZoneOffsetMinutes(customerPreferences.parse(c.preferences).localization.timeZone);
  const parent = await db
    .selectFrom('tree_nodes')
    .select('parent_id')
    .where('customer_id', '=', demoId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  const p = (name: string) => insertPoint(server, demoId, { parentId: parent.parent_id, name });
  [pA, pB, pC, pD] = [await p('DB pump A'), await p('DB fan B'), await p('DB spare C'), await p('DB gear D')];
  filter = [pA, pB, pC, pD].join(',');
  groupId = parent.parent_id ?? groupId;

  for (const pt of [pA, pB, pD]) await measured(pt, L('2026-02-01 12:00:00'));
  await measured(pA, new Date(Date.now() - DAY)); // measured recently
  // pA: hazard in the previous period, healthy again before the interval; pB: critical during it
  await alarm(pA, 0, [
    [L('2026-03-05 10:00:00'), 2],
    [L('2026-03-06 10:00:00'), 0],
    [new Date(Date.now() - 2 * DAY), 1],
    [new Date(Date.now() - DAY), 0],
  ]);
  await alarm(pB, 3, [[L('2026-03-12 08:00:00'), 3]]);
  await alarm(pB, 0, [[new Date(Date.now() - 3 * DAY), 3]]);
  await db
    .updateTable('tree_nodes')
    .set({ health: 'healthy', last_values: JSON.stringify({ VRMS_ISO10816: 0.56 }) })
    .where('id', '=', pA)
    .execute();
  await db.updateTable('tree_nodes').set({ health: 'critical' }).where('id', '=', pB).execute();
  await db
    .insertInto('metric_alarms')
    .values({
      id: newId(),
      customer_id: demoId,
      point_id: pA,
      name: 'VRMS x',
      telemetry: 'VRMS_ISO10816',
      source: 'accelerometer_x',
      threshold_direction: 1,
      threshold: JSON.stringify({ attention: [null, 2], hazard: [null, 5], critical: [null, 8] }),
    })
    .execute();
  await db
    .insertInto('frequency_peak_alarms')
    .values({
      id: newId(),
      customer_id: demoId,
      point_id: pB,
      name: 'BPFO',
      axis: 'accelerometer_x',
      frequency_hz: 107,
      half_band_hz: 1,
      attention: 0.1,
      hazard: 0.2,
      critical: 0.3,
    })
    .execute();

  rA = newId();
  rB = newId();
  rD = newId();
  await writeReports(
    db,
    demoId,
    [
      // pA: an unbalance (attention) open for a day inside the interval
      report({
        id: rA,
        pointId: pA,
        code: 'unbalance',
        fault: 'unbalance',
        bearingComponent: null,
        severity: 'attention',
        createdAt: L('2026-03-11 06:00:00'),
        status: 'closed',
        closedAt: L('2026-03-12 06:00:00'),
        closedReason: 'healthy',
      }),
      // pB: an inner-race fault (hazard) still open
      report({ id: rB, pointId: pB, createdAt: L('2026-03-11 09:00:00') }),
      // pD: no alarm at all, an open attention report after the interval
      report({
        id: rD,
        pointId: pD,
        code: 'misalignment',
        fault: 'misalignment',
        bearingComponent: null,
        severity: 'attention',
        createdAt: L('2026-03-20 09:00:00'),
      }),
    ],
    [],
  );
  await db.updateTable('fault_reports').set({ is_answered: true }).where('id', '=', rA).execute();

  const maintenance = (
    pointId: string,
    status: 'completed' | 'continues',
    outcome: string | null,
    completedAt: Date | null,
    customerId = demoId,
  ) =>
    db
      .insertInto('maintenances')
      .values({
        id: newId(),
        customer_id: customerId,
        point_id: pointId,
        title: `Work on ${pointId.slice(-4)}`,
        status,
        start_at: L('2026-03-01 08:00:00'),
        completed_at: completedAt,
        verdict: null,
        outcome,
        created_by: null,
      })
      .execute();
  await maintenance(pA, 'completed', 'improved', L('2026-03-02 08:00:00'));
  await maintenance(pB, 'completed', 'worse', L('2026-03-03 08:00:00'));
  await maintenance(pB, 'continues', null, null);
});
afterAll(async () => server?.close());

describe('GET /dashboard/system-health', () => {
  it('is the worst state of each monitored point in the interval, against the period before it', async () => {
    const res = await call<SystemHealthResponse>('GET', `/dashboard/system-health?${interval()}`);
    expect(res.status).toBe(200);
    // interval: pA attention (its report, 0.875), pB critical (0.35); pC never measured, pD nothing known then
    // before: pA hazard (0.775), pB healthy (1)
    expect(res.body.points).toBe(2);
    expect(res.body.health).toBeCloseTo(61.25, 0);
    expect(res.body.previousHealth).toBeCloseTo(88.75, 0);
    expect(res.body.difference).toBeCloseTo(61.25 - 88.75, 0);
    expect(res.body.difference).toBe(Math.round((res.body.health! - res.body.previousHealth!) * 10) / 10);
  });

  it('answers null without a monitored point', async () => {
    const res = await call<SystemHealthResponse>('GET', `/dashboard/system-health?${interval('day', pC)}`);
    expect(res.body).toEqual({ health: null, previousHealth: null, difference: null, points: 0 });
  });
});

describe('GET /dashboard/health-progress', () => {
  it('has one period per day in the customer’s time zone, oldest first, with each day’s health', async () => {
    const res = await call<HealthProgressResponse>('GET', `/dashboard/health-progress?${interval()}`);
    expect(res.status).toBe(200);
    expect(res.body.map((b) => b.order)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(res.body[0]!.start).toBe(L(START).toISOString());
    expect(res.body[1]!.start).toBe(L('2026-03-11 00:00:00').toISOString());
    expect(res.body[0]!.end).toBe(res.body[1]!.start);
    const h = res.body.map((b) => b.health!);
    expect(h[0]).toBe(100); // both healthy on the 10th
    expect(h[1]).toBeCloseTo((0.875 + 0.775) * 50, 0); // pA's unbalance, pB's inner race
    expect(h[2]).toBeCloseTo((0.875 + 0.35) * 50, 0); // pB critical; pA's report closed on the 12th
    expect(h[3]).toBeCloseTo((1 + 0.35) * 50, 0);
  });

  it('has periods per hour, week and month', async () => {
    const q = (unit: string) => call<HealthProgressResponse>('GET', `/dashboard/health-progress?${interval(unit)}`);
    expect((await q('hour')).body).toHaveLength(7 * 24);
    const weeks = (await q('week')).body; // Tuesday 10th … Monday 16th: two ISO weeks
    expect(weeks).toHaveLength(2);
    expect(weeks[1]!.start).toBe(L('2026-03-16 00:00:00').toISOString());
    expect((await q('month')).body).toHaveLength(1);
  });
});

describe('GET /dashboard/fault-distribution and /dashboard/reports', () => {
  it('counts the reports created in the interval per fault, names in six languages', async () => {
    const res = await call<FaultDistributionResponse>('GET', `/dashboard/fault-distribution?${interval()}`);
    expect(res.status).toBe(200);
    expect(res.body.map((f) => [f.fault, f.count]).sort()).toEqual([
      ['bearing_failure:inner_race', 1],
      ['unbalance', 1],
    ]);
    expect(Object.keys(res.body[0]!.name).sort()).toEqual([...REPORT_LANGUAGES].sort());
  });

  it('lists the newest reports with total and answered (the gauge)', async () => {
    const res = await call<DashboardReportsResponse>('GET', `/dashboard/reports?points=${filter}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, answered: 1 });
    expect(res.body.data.detectionReports.map((r) => r.id)).toEqual([rD, rB, rA]);
    expect(res.body.data.detectionReports[1]).toMatchObject({ point: pB, pointName: 'DB fan B', severity: 'hazard' });
    const page = await call<DashboardReportsResponse>('GET', `/dashboard/reports?points=${filter}&pageSize=1&pageNumber=2`);
    expect(page.body.data.detectionReports.map((r) => r.id)).toEqual([rB]);
  });
});

describe('latest state: point-health-score, recent-point-health, alarm-coverage', () => {
  it('scores each point from its alarm level, open reports and ISO 10816 velocity, worst first', async () => {
    const res = await call<PointHealthScoreResponse>('GET', `/dashboard/point-health-score?points=${filter}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => [p.point._id, p.health, p.healthScore, p.openFaultReports])).toEqual([
      [pB, 'critical', 0.35, 1],
      [pD, 'attention', 0.875, 1], // no alarm evaluated: its open report decides
      [pA, 'healthy', 0.95, 0], // 0.56 mm/s, half of class II zone A
      [pC, 'unknown', null, 0],
    ]);
    expect(res.body[0]!.point.path.endsWith(' / DB fan B')).toBe(true);
    expect(res.body[3]!.lastMeasurement).toBeNull();
    expect(Date.parse(res.body[2]!.lastMeasurement!)).toBeGreaterThan(Date.now() - 2 * DAY);
  });

  it('counts points by current health', async () => {
    const res = await call<RecentPointHealthResponse>('GET', `/dashboard/recent-point-health?points=${filter}`);
    expect(res.body).toEqual({ healthy: 1, attention: 1, hazard: 0, critical: 1, unknown: 1 });
  });

  it('counts points watched by a metric or frequency-peak alarm and points measured in 7 days', async () => {
    const res = await call<AlarmCoverageResponse>('GET', `/dashboard/alarm-coverage?points=${filter}`);
    expect(res.body).toEqual({ points: 4, covered: 2, coverage: 0.5, measuredRecently: 1 });
  });
});

describe('GET /dashboard/point-recovery', () => {
  it('counts completed maintenance by outcome, newest first', async () => {
    const res = await call<PointRecoveryResponse>('GET', `/dashboard/point-recovery?points=${filter}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ completed: 2, improved: 1, unchanged: 0, worse: 1, pending: 0 });
    expect(res.body.recent.map((m) => [m.point._id, m.outcome])).toEqual([
      [pB, 'worse'],
      [pA, 'improved'],
    ]);
    expect(res.body.recent[0]!.completedAt).toBe(L('2026-03-03 08:00:00').toISOString());
  });
});

describe('GET /dashboard/time-series/alarm-occurence', () => {
  it('counts level changes above healthy per day and per week', async () => {
    const days = await call<AlarmOccurrenceResponse>(
      'GET',
      `/dashboard/time-series/alarm-occurence?dayCount=7&unit=day&points=${filter}`,
    );
    expect(days.status).toBe(200);
    expect(days.body).toHaveLength(7);
    const sum = (r: AlarmOccurrenceResponse) =>
      r.reduce(
        (s, d) => ({ attention: s.attention + d.attention, hazard: s.hazard + d.hazard, critical: s.critical + d.critical }),
        {
          attention: 0,
          hazard: 0,
          critical: 0,
        },
      );
    expect(sum(days.body)).toEqual({ attention: 1, hazard: 0, critical: 1 });
    expect(days.body[1]!.start).toBe(new Date(Date.parse(days.body[0]!.start) + DAY).toISOString());
    const weeks = await call<AlarmOccurrenceResponse>(
      'GET',
      `/dashboard/time-series/alarm-occurence?dayCount=14&unit=week&points=${filter}`,
    );
    expect(weeks.body.length).toBeGreaterThanOrEqual(2);
    expect(sum(weeks.body)).toEqual({ attention: 1, hazard: 0, critical: 1 });
    // the default: 30 days
    expect(
      (await call<AlarmOccurrenceResponse>('GET', `/dashboard/time-series/alarm-occurence?points=${filter}`)).body,
    ).toHaveLength(30);
  });

  it("leaves a gateway's disconnection alarm out: it is not a machine's", async () => {
    const total = async () =>
      (await call<AlarmOccurrenceResponse>('GET', '/dashboard/time-series/alarm-occurence?dayCount=7')).body.reduce(
        (n, d) => n + d.attention + d.hazard + d.critical,
        0,
      );
    const before = await total();
    await server.ctx.db
      .insertInto('alarm_transactions')
      .values({
        id: newId(),
        customer_id: demoId,
        point_id: null,
        alarm_id: `gateway:${newId()}`,
        kind: 'gatewayDisconnected',
        name: 'Senseway disconnected',
        telemetry: 'GATEWAY_DISCONNECTED',
        source: 'gateway',
        level: 1,
        score: 0.1,
        created_at: new Date(),
        mail_state: 'skipped',
      })
      .execute();
    expect(await total()).toBe(before);
  });
});

describe('points filter, tenants, permissions, bad input', () => {
  it('filters by points and ignores ids that are not the customer’s points', async () => {
    const one = await call<PointHealthScoreResponse>('GET', `/dashboard/point-health-score?points=${pA},nosuch,${groupId}`);
    expect(one.body.map((p) => p.point._id)).toEqual([pA]);
    const all = await call<PointHealthScoreResponse>('GET', '/dashboard/point-health-score');
    expect(all.body.length).toBeGreaterThan(4);
    expect(all.body.map((p) => p.point._id)).toEqual(expect.arrayContaining([pA, pB, pC, pD]));
    const sqlish = await call<RecentPointHealthResponse>(
      'GET',
      `/dashboard/recent-point-health?points=${encodeURIComponent("' OR 1=1 --")}`,
    );
    expect(sqlish.body).toEqual({ healthy: 0, attention: 0, hazard: 0, critical: 0, unknown: 0 });
  });

  it('takes a filter of 2,000 checked points in the query (about 50 kB, over Node’s default 16 KiB of headers)', async () => {
    const ids = Array.from({ length: 1999 }, (_, i) => 'f'.repeat(8) + i.toString(16).padStart(16, '0'));
    const res = await call<PointHealthScoreResponse>('GET', `/dashboard/point-health-score?points=${[...ids, pA].join(',')}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.point._id)).toEqual([pA]);
  });

  it('never shows another customer’s points, reports, alarms or maintenance', async () => {
    const otherPoint = await insertPoint(server, otherId, { name: 'Other pump' });
    const asked = `${filter},${otherPoint}`;
    expect((await other<PointHealthScoreResponse>('GET', `/dashboard/point-health-score?points=${filter}`)).body).toEqual([]);
    expect(
      (await other<PointHealthScoreResponse>('GET', `/dashboard/point-health-score?points=${asked}`)).body.map(
        (p) => p.point._id,
      ),
    ).toEqual([otherPoint]);
    const own = (await other<PointHealthScoreResponse>('GET', '/dashboard/point-health-score')).body.map((p) => p.point._id);
    expect(own).not.toContain(pA);
    expect((await other<SystemHealthResponse>('GET', `/dashboard/system-health?${interval('day', asked)}`)).body.points).toBe(0);
    expect((await other<DashboardReportsResponse>('GET', '/dashboard/reports')).body.data).toMatchObject({
      total: 0,
      answered: 0,
    });
    expect((await other<FaultDistributionResponse>('GET', `/dashboard/fault-distribution?${interval('day', '')}`)).body).toEqual(
      [],
    );
    expect((await other<PointRecoveryResponse>('GET', '/dashboard/point-recovery')).body.completed).toBe(0);
    const occ = (await other<AlarmOccurrenceResponse>('GET', '/dashboard/time-series/alarm-occurence?dayCount=7')).body;
    expect(occ.every((d) => d.attention + d.hazard + d.critical === 0)).toBe(true);
    expect((await other<AlarmCoverageResponse>('GET', `/dashboard/alarm-coverage?points=${filter}`)).body).toMatchObject({
      points: 0,
      coverage: null,
    });
  });

  it('needs readDashboard on every call', async () => {
    await insertUser(server, {
      email: 'dash-blind@demo.local',
      password: 'Dash-Blind-1',
      permissions: PERMISSIONS.filter((p) => p !== 'readDashboard'),
    });
    const blind = caller(server, await loginOn(server, 'dash-blind@demo.local', 'Dash-Blind-1'));
    for (const path of [
      `/dashboard/system-health?${interval()}`,
      `/dashboard/health-progress?${interval()}`,
      `/dashboard/fault-distribution?${interval()}`,
      '/dashboard/reports',
      '/dashboard/point-health-score',
      '/dashboard/alarm-coverage',
      '/dashboard/recent-point-health',
      '/dashboard/point-recovery',
      '/dashboard/time-series/alarm-occurence',
    ]) {
      expect((await blind('GET', path)).status, path).toBe(403);
      expect((await call('GET', path)).status, path).toBe(200);
    }
  });

  it('answers bad input 400, never 500', async () => {
    const q = (s: string) => `start=${encodeURIComponent(s.split('|')[0]!)}&end=${encodeURIComponent(s.split('|')[1]!)}`;
    for (const path of [
      `/dashboard/system-health?${q('2026-13-01 00:00:00|2026-03-16 00:00:00')}`,
      `/dashboard/system-health?${q('2026-03-10|2026-03-16 00:00:00')}`,
      `/dashboard/system-health?${q('2026-03-17 00:00:00|2026-03-16 00:00:00')}`,
      `/dashboard/health-progress?${q('2024-01-01 00:00:00|2026-03-16 00:00:00')}&unit=hour`,
      `/dashboard/health-progress?${interval('fortnight')}`,
      `/dashboard/fault-distribution?start=x&end=y`,
      `/dashboard/system-health?${q('0001-01-01 00:00:00|9999-12-31 23:59:59')}`,
      '/dashboard/system-health',
      '/dashboard/reports?pageSize=0',
      '/dashboard/time-series/alarm-occurence?dayCount=0',
      '/dashboard/time-series/alarm-occurence?dayCount=400',
      '/dashboard/time-series/alarm-occurence?unit=month',
    ]) {
      const res = await call<{ errors: unknown[] }>('GET', path);
      expect(res.status, path).toBe(400);
      expect(Array.isArray(res.body.errors), path).toBe(true);
    }
  });
});
