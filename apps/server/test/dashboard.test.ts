import { describe, expect, it } from 'vitest';
import {
  REPORT_LANGUAGES,
  type AlarmCoverageResponse,
  type DashboardReportsResponse,
  type FaultDistributionResponse,
  type HealthProgressResponse,
  type PointHealthScoreResponse,
  type PointRecoveryResponse,
  type RecentPointHealthResponse,
  type SystemHealthResponse,
} from '@overtone/contract';
import {
  DAY,
  L,
  START,
  call,
  filter,
  interval,
  pA,
  pB,
  pC,
  pD,
  rA,
  rB,
  rD,
  useDashboardFixture,
} from './support/dashboard-fixture.ts';

/**
 * The dashboard calls (spec 001 §2 "Dashboard tab", §3, §4, §7, §9; docs/dashboard.md) against the
 * real server and database. Data is written straight into the tables the dashboard reads (points,
 * measurements, alarm states and transactions, fault reports, maintenance), with known health in
 * the interval and in the period before it; every call is filtered to these points (the demo
 * customer has its own demo data) unless it tests the filter.
 */
useDashboardFixture();

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
