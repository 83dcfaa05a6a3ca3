import { describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS, type AlarmOccurrenceResponse } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { loginOn, caller } from './admin-client.ts';
import { insertPoint } from './support/points.ts';
import { insertUser } from './support/users.ts';
import {
  DAY,
  END,
  START,
  call,
  demoId,
  filter,
  groupId,
  interval,
  other,
  otherId,
  pA,
  pB,
  pC,
  pD,
  server,
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

describe('GET /dashboard/time-series/alarm-occurence', () => {
  it('counts level changes above healthy per day and per week', async () => {
    const days = await call.endpoint(ENDPOINTS.getAlarmOccurrence, { query: { dayCount: 7, unit: 'day', points: filter } });
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
    const weeks = await call.endpoint(ENDPOINTS.getAlarmOccurrence, { query: { dayCount: 14, unit: 'week', points: filter } });
    expect(weeks.body.length).toBeGreaterThanOrEqual(2);
    expect(sum(weeks.body)).toEqual({ attention: 1, hazard: 0, critical: 1 });
    // the default: 30 days
    expect((await call.endpoint(ENDPOINTS.getAlarmOccurrence, { query: { points: filter } })).body).toHaveLength(30);
  });

  it("leaves a gateway's disconnection alarm out: it is not a machine's", async () => {
    const total = async () =>
      (await call.endpoint(ENDPOINTS.getAlarmOccurrence, { query: { dayCount: 7 } })).body.reduce(
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
    const one = await call.endpoint(ENDPOINTS.getPointHealthScores, { query: { points: `${pA},nosuch,${groupId}` } });
    expect(one.body.map((p) => p.point._id)).toEqual([pA]);
    const all = await call.endpoint(ENDPOINTS.getPointHealthScores);
    expect(all.body.length).toBeGreaterThan(4);
    expect(all.body.map((p) => p.point._id)).toEqual(expect.arrayContaining([pA, pB, pC, pD]));
    const sqlish = await call.endpoint(ENDPOINTS.getRecentPointHealth, { query: { points: "' OR 1=1 --" } });
    expect(sqlish.body).toEqual({ healthy: 0, attention: 0, hazard: 0, critical: 0, unknown: 0 });
  });

  it('takes a filter of 2,000 checked points in the query (about 50 kB, over Node’s default 16 KiB of headers)', async () => {
    const ids = Array.from({ length: 1999 }, (_, i) => 'f'.repeat(8) + i.toString(16).padStart(16, '0'));
    const res = await call.endpoint(ENDPOINTS.getPointHealthScores, { query: { points: [...ids, pA].join(',') } });
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.point._id)).toEqual([pA]);
  });

  it('never shows another customer’s points, reports, alarms or maintenance', async () => {
    const otherPoint = await insertPoint(server, otherId, { name: 'Other pump' });
    const asked = `${filter},${otherPoint}`;
    const scores = async (points?: string) => (await other.endpoint(ENDPOINTS.getPointHealthScores, { query: { points } })).body;
    expect(await scores(filter)).toEqual([]);
    expect((await scores(asked)).map((p) => p.point._id)).toEqual([otherPoint]);
    const own = (await scores()).map((p) => p.point._id);
    expect(own).not.toContain(pA);
    const day = (points: string) => ({ start: START, end: END, unit: 'day' as const, points });
    expect((await other.endpoint(ENDPOINTS.getSystemHealth, { query: day(asked) })).body.points).toBe(0);
    expect((await other.endpoint(ENDPOINTS.listDashboardReports)).body.data).toMatchObject({
      total: 0,
      answered: 0,
    });
    expect((await other.endpoint(ENDPOINTS.getFaultDistribution, { query: day('') })).body).toEqual([]);
    expect((await other.endpoint(ENDPOINTS.getPointRecovery)).body.completed).toBe(0);
    const occ = (await other.endpoint(ENDPOINTS.getAlarmOccurrence, { query: { dayCount: 7 } })).body;
    expect(occ.every((d) => d.attention + d.hazard + d.critical === 0)).toBe(true);
    expect((await other.endpoint(ENDPOINTS.getAlarmCoverage, { query: { points: filter } })).body).toMatchObject({
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
