import { z } from 'zod';
import { objectId } from './common.ts';
import { DATE_TIME_PATTERN } from './point-form.ts';
import { faultReport, reportLanguageText } from './fault-reports.ts';

/**
 * The customer dashboard (spec 001 §2 "Dashboard tab", §3 Dashboard data, §4 previous period, §7
 * the calls, §9 intervals, risk colours, gauge). The spec shows few response shapes: every meaning
 * below is ours, defined in docs/dashboard.md. Every call needs readDashboard; every call takes
 * `points` (a comma list of point ids: the tree's checked points; absent = every point of the
 * customer) and counts only the customer's points.
 */

/** Interval units (spec 001 §9). */
export const DASHBOARD_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type DashboardUnit = (typeof DASHBOARD_UNITS)[number];

/**
 * The interval pager's choices (spec 001 §9): hours back from now and the unit of its buckets.
 * The 7-day interval is 144 h in the spec (kept: six days back from the start of today's bucket
 * plus today, docs/dashboard.md).
 */
export const DASHBOARD_INTERVALS = [
  { key: '24h', hours: 24, unit: 'hour' },
  { key: '7d', hours: 144, unit: 'day' },
  { key: '1m', hours: 720, unit: 'week' },
  { key: '3m', hours: 2160, unit: 'week' },
  { key: '6m', hours: 4320, unit: 'week' },
  { key: '1y', hours: 8640, unit: 'month' },
] as const satisfies readonly { key: string; hours: number; unit: DashboardUnit }[];
export type DashboardIntervalKey = (typeof DASHBOARD_INTERVALS)[number]['key'];
export const DEFAULT_DASHBOARD_INTERVAL: DashboardIntervalKey = '7d';

/**
 * Risk colour breakpoints on a 0–100 score (spec 000 §4, 001 §9): red at 0, orange at 70, yellow
 * at 85, green from 90; colours in between are interpolated.
 */
export const RISK_BREAKPOINTS = [0, 70, 85, 90] as const;

const dateTime = z.string().regex(DATE_TIME_PATTERN, 'invalidDateTime');
/** comma list of point ids; at most 5,000 */
const pointList = z
  .string()
  .max(5000 * 25)
  .optional();

/** Query of the interval calls: `start`/`end` `YYYY-MM-DD HH:mm:ss` in the customer's time zone. */
export const dashboardIntervalQuery = z.object({
  start: dateTime,
  end: dateTime,
  unit: z.enum(DASHBOARD_UNITS).default('day'),
  points: pointList,
});
export type DashboardIntervalQuery = z.infer<typeof dashboardIntervalQuery>;

/** Query of the calls without an interval (the latest state). */
export const dashboardPointsQuery = z.object({ points: pointList });
export type DashboardPointsQuery = z.infer<typeof dashboardPointsQuery>;

/** `GET /dashboard/system-health`: 0–100 (null without data), and the previous period's. */
export const systemHealthResponse = z.object({
  health: z.number().nullable(),
  /** the same over the period of equal length before `start` (spec 001 §4 "going back twice the interval") */
  previousHealth: z.number().nullable(),
  /** health − previousHealth; null when either is */
  difference: z.number().nullable(),
  /** points that had data in the interval */
  points: z.number().int(),
});
export type SystemHealthResponse = z.infer<typeof systemHealthResponse>;

/** `GET /dashboard/health-progress`: one bucket per unit of the interval, oldest first. */
export const healthProgressResponse = z.array(
  z.object({
    /** ISO 8601 */
    start: z.string(),
    end: z.string(),
    order: z.number().int(),
    /** 0–100; null for a bucket without data */
    health: z.number().nullable(),
  }),
);
export type HealthProgressResponse = z.infer<typeof healthProgressResponse>;

/** `GET /dashboard/fault-distribution`: fault reports created in the interval, by fault. */
export const faultDistributionResponse = z.array(
  z.object({ fault: z.string(), name: reportLanguageText, count: z.number().int() }),
);
export type FaultDistributionResponse = z.infer<typeof faultDistributionResponse>;

/** `GET /dashboard/reports` query: the newest fault reports of the points. */
export const dashboardReportsQuery = z.object({
  points: pointList,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
/** `GET /dashboard/reports`: `answered` of `total` feeds the unresolved-reports gauge (spec 001 §9). */
export const dashboardReportsResponse = z.object({
  data: z.object({
    total: z.number().int(),
    answered: z.number().int(),
    detectionReports: z.array(faultReport),
  }),
});
export type DashboardReportsResponse = z.infer<typeof dashboardReportsResponse>;

export const dashboardPoint = z.object({ _id: objectId, name: z.string(), path: z.string() });

/** `GET /dashboard/point-health-score`: each point's score from its latest state, worst first. */
export const pointHealthScoreResponse = z.array(
  z.object({
    point: dashboardPoint,
    /** 0–1; null for a point without data */
    healthScore: z.number().nullable(),
    /** the point's health name (critical, hazard, attention, healthy, unknown) */
    health: z.string(),
    /** ISO 8601 of its last measurement; null when none */
    lastMeasurement: z.string().nullable(),
    openFaultReports: z.number().int(),
  }),
);
export type PointHealthScoreResponse = z.infer<typeof pointHealthScoreResponse>;

/** `GET /dashboard/alarm-coverage`: points watched by at least one alarm. */
export const alarmCoverageResponse = z.object({
  points: z.number().int(),
  covered: z.number().int(),
  /** covered / points, 0–1; null without points */
  coverage: z.number().nullable(),
  /** points measured in the last 7 days */
  measuredRecently: z.number().int(),
});
export type AlarmCoverageResponse = z.infer<typeof alarmCoverageResponse>;

/** `GET /dashboard/recent-point-health`: points by their current health. */
export const recentPointHealthResponse = z.object({
  healthy: z.number().int(),
  attention: z.number().int(),
  hazard: z.number().int(),
  critical: z.number().int(),
  unknown: z.number().int(),
});
export type RecentPointHealthResponse = z.infer<typeof recentPointHealthResponse>;

/** `GET /dashboard/point-recovery`: completed maintenance and whether it worked (docs/maintenance.md "Verdict"). */
export const pointRecoveryResponse = z.object({
  completed: z.number().int(),
  improved: z.number().int(),
  unchanged: z.number().int(),
  worse: z.number().int(),
  pending: z.number().int(),
  recent: z.array(
    z.object({
      maintenanceId: objectId,
      point: dashboardPoint,
      title: z.string(),
      /** ISO 8601 */
      completedAt: z.string(),
      outcome: z.enum(['pending', 'improved', 'unchanged', 'worse']),
    }),
  ),
});
export type PointRecoveryResponse = z.infer<typeof pointRecoveryResponse>;

/** `GET /dashboard/time-series/alarm-occurence` query (spec's spelling kept). */
export const alarmOccurrenceQuery = z.object({
  dayCount: z.coerce.number().int().min(1).max(366).default(30),
  unit: z.enum(['day', 'week']).default('day'),
  points: pointList,
});
export type AlarmOccurrenceQuery = z.infer<typeof alarmOccurrenceQuery>;

/** Alarm transactions above healthy per day or week, oldest first. */
export const alarmOccurrenceResponse = z.array(
  z.object({
    /** ISO 8601 start of the day or week in the customer's time zone */
    start: z.string(),
    attention: z.number().int(),
    hazard: z.number().int(),
    critical: z.number().int(),
  }),
);
export type AlarmOccurrenceResponse = z.infer<typeof alarmOccurrenceResponse>;
