import type { Kysely } from 'kysely';
import type {
  AlarmCoverageResponse,
  AlarmOccurrenceQuery,
  AlarmOccurrenceResponse,
  DashboardIntervalQuery,
  FaultDistributionResponse,
  HealthProgressResponse,
  PointHealthScoreResponse,
  PointRecoveryResponse,
  RecentPointHealthResponse,
  SystemHealthResponse,
} from '@overtone/contract';
import type { BearingComponent, FaultName } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { machineClassOf } from '../alarms/levels.ts';
import { faultName } from '../fault-reports/catalogue.ts';
import { parseApiDate } from '../measurements/repo.ts';
import { nodePaths } from '../points/repo.ts';
import { levelHistoryCacheOf } from './history-cache.ts';
import {
  alarmCounts,
  alarmCoverage,
  completedMaintenance,
  faultCounts,
  newestReports,
  pointStates,
  type PointStateRow,
} from './repo.ts';
import {
  healthNameOf,
  levelOfHealth,
  periodsOf,
  pointHealthScore,
  systemHealth,
  unitStart,
  worstLevel,
  type Period,
} from './service.ts';

/**
 * The dashboard calls (routes.ts) over the repo and the rules: each takes the caller's scope and
 * the parsed query and answers the contract's shape (docs/dashboard.md).
 */
export interface DashboardScope {
  db: Kysely<DB>;
  customerId: string;
  /** the customer's points of the call, null = all */
  points: string[] | null;
  /** the customer's time zone, minutes east of UTC */
  offsetMinutes: number;
  now: Date;
}

const DAY = 86_400_000;

/** `start`/`end` of an interval query as instants; 400 when unreadable or reversed. */
export function intervalOf(q: Pick<DashboardIntervalQuery, 'start' | 'end'>, offsetMinutes: number): { start: Date; end: Date } {
  const start = parseApiDate(q.start, offsetMinutes);
  if (!start) throw new AppError('VALIDATION', 'start', 'invalidDateTime');
  const end = parseApiDate(q.end, offsetMinutes);
  if (!end) throw new AppError('VALIDATION', 'end', 'invalidDateTime');
  if (start.getTime() > end.getTime()) throw new AppError('VALIDATION', 'start', 'startDateAfterEndDate');
  return { start, end };
}

/** The worst level of every point in each period (null per point and period when unknown), from the level history cache. */
const levelsPerPeriod = (s: DashboardScope, periods: Period[]): Promise<(number | null)[][]> =>
  levelHistoryCacheOf(s.db).levels(s.customerId, s.points, periods);

/** `GET /dashboard/system-health`. */
export async function systemHealthOf(s: DashboardScope, q: DashboardIntervalQuery): Promise<SystemHealthResponse> {
  const { start, end } = intervalOf(q, s.offsetMinutes);
  const stop = new Date(end.getTime() + 1);
  const previous = new Date(start.getTime() - (stop.getTime() - start.getTime()));
  const periods: Period[] = [
    { start: previous, end: start },
    { start, end: stop },
  ];
  const levels = await levelsPerPeriod(s, periods);
  const before = systemHealth(levels.map((l) => l[0]!));
  const now = systemHealth(levels.map((l) => l[1]!));
  const difference = now.health === null || before.health === null ? null : Math.round((now.health - before.health) * 10) / 10;
  return { health: now.health, previousHealth: before.health, difference, points: now.points };
}

/** `GET /dashboard/health-progress`. */
export async function healthProgress(s: DashboardScope, q: DashboardIntervalQuery): Promise<HealthProgressResponse> {
  const { start, end } = intervalOf(q, s.offsetMinutes);
  const periods = periodsOf(start, end, q.unit, s.offsetMinutes);
  if (!periods) throw new AppError('VALIDATION', 'unit', 'invalidValue');
  const levels = await levelsPerPeriod(s, periods);
  return periods.map((p, k) => ({
    start: p.start.toISOString(),
    end: p.end.toISOString(),
    order: k,
    health: systemHealth(levels.map((l) => l[k]!)).health,
  }));
}

/** `GET /dashboard/fault-distribution`. */
export async function faultDistribution(s: DashboardScope, q: DashboardIntervalQuery): Promise<FaultDistributionResponse> {
  const { start, end } = intervalOf(q, s.offsetMinutes);
  const rows = await faultCounts(s.db, s.customerId, s.points, start, end);
  return rows.map((r) => ({
    fault: r.code,
    name: faultName(r.fault as FaultName, r.bearing_component as BearingComponent | null),
    count: r.count,
  }));
}

/** `GET /dashboard/reports` without the report shapes (routes.ts turns rows into reports). */
export const reportsOf = (s: DashboardScope, q: { pageSize: number; pageNumber: number }) =>
  newestReports(s.db, s.customerId, s.points, q.pageSize, q.pageNumber);

/** A point's current level: the worst of its alarm health and its open machine reports' severity. */
export const currentLevel = (p: PointStateRow) => worstLevel(levelOfHealth(p.health), p.reportLevel);

/** `GET /dashboard/point-health-score`. */
export async function pointHealthScores(s: DashboardScope): Promise<PointHealthScoreResponse> {
  const [states, paths] = await Promise.all([pointStates(s.db, s.customerId, s.points), nodePaths(s.db, s.customerId)]);
  const items = states.map((p) => {
    const level = currentLevel(p);
    return {
      point: { _id: p.id, name: p.name, path: (paths.get(p.id) ?? [p.name]).join(' / ') },
      healthScore: pointHealthScore(level, p.vrms, machineClassOf(p.motorPower)),
      health: healthNameOf(level),
      lastMeasurement: p.lastMeasurement?.toISOString() ?? null,
      openFaultReports: p.openReports,
    };
  });
  return items.sort(
    (a, b) =>
      (a.healthScore ?? Infinity) - (b.healthScore ?? Infinity) ||
      (a.point.path < b.point.path ? -1 : a.point.path > b.point.path ? 1 : 0),
  );
}

/** `GET /dashboard/recent-point-health`. */
export async function recentPointHealth(s: DashboardScope): Promise<RecentPointHealthResponse> {
  const out: RecentPointHealthResponse = { healthy: 0, attention: 0, hazard: 0, critical: 0, unknown: 0 };
  for (const p of await pointStates(s.db, s.customerId, s.points)) out[healthNameOf(currentLevel(p))]++;
  return out;
}

/** `GET /dashboard/alarm-coverage`. */
export async function alarmCoverageOf(s: DashboardScope): Promise<AlarmCoverageResponse> {
  const c = await alarmCoverage(s.db, s.customerId, s.points, new Date(s.now.getTime() - 7 * DAY));
  return {
    points: c.points,
    covered: c.covered,
    coverage: c.points ? Math.round((c.covered / c.points) * 1000) / 1000 : null,
    measuredRecently: c.measured,
  };
}

const OUTCOMES = ['pending', 'improved', 'unchanged', 'worse'] as const;

/** `GET /dashboard/point-recovery`. */
export async function pointRecovery(s: DashboardScope): Promise<PointRecoveryResponse> {
  const [{ counts, recent }, paths] = await Promise.all([
    completedMaintenance(s.db, s.customerId, s.points, 10),
    nodePaths(s.db, s.customerId),
  ]);
  const by = (o: string) => counts.find((c) => c.outcome === o)?.count ?? 0;
  return {
    completed: counts.reduce((n, c) => n + c.count, 0),
    improved: by('improved'),
    unchanged: by('unchanged'),
    worse: by('worse'),
    pending: by('pending'),
    recent: recent.map((m) => {
      const path = paths.get(m.point_id) ?? [];
      return {
        maintenanceId: m.id,
        point: { _id: m.point_id, name: path[path.length - 1] ?? '', path: path.join(' / ') },
        title: m.title,
        completedAt: new Date(m.completed_at ?? m.updated_at).toISOString(),
        outcome: (OUTCOMES as readonly string[]).includes(m.outcome ?? '') ? (m.outcome as (typeof OUTCOMES)[number]) : 'pending',
      };
    }),
  };
}

/** `GET /dashboard/time-series/alarm-occurence`. */
export async function alarmOccurrence(s: DashboardScope, q: AlarmOccurrenceQuery): Promise<AlarmOccurrenceResponse> {
  const first = unitStart(new Date(s.now.getTime() - (q.dayCount - 1) * DAY), q.unit, s.offsetMinutes);
  const periods = periodsOf(first, s.now, q.unit, s.offsetMinutes)!;
  const out = periods.map((p) => ({ start: p.start.toISOString(), attention: 0, hazard: 0, critical: 0 }));
  const names = ['', 'attention', 'hazard', 'critical'] as const;
  for (const r of await alarmCounts(s.db, s.customerId, s.points, periods)) {
    const item = out[r.b - 1];
    if (item && r.level >= 1 && r.level <= 3) item[names[r.level] as 'attention' | 'hazard' | 'critical'] += r.count;
  }
  return out;
}
