import {
  alarmCoverageResponse,
  alarmOccurrenceQuery,
  alarmOccurrenceResponse,
  dashboardIntervalQuery,
  dashboardPointsQuery,
  dashboardReportsQuery,
  dashboardReportsResponse,
  faultDistributionResponse,
  healthProgressResponse,
  pointHealthScoreResponse,
  pointRecoveryResponse,
  recentPointHealthResponse,
  systemHealthResponse,
} from '../dashboard.ts';
import { endpoint } from './endpoint.ts';

const COMMON =
  'Needs readDashboard. `points`: comma list of point ids (the tree’s checked points); absent or empty: every point of the customer; ids of other customers’ points, groups and unknown ids are ignored. Meanings: docs/dashboard.md.';
const INTERVAL =
  '`start`/`end` `YYYY-MM-DD HH:mm:ss` in the customer’s time zone (end inclusive; start after end: 400 `startDateAfterEndDate`); `unit` hour, day, week (from Monday) or month, periods in the customer’s time zone (at most 400: 400 otherwise).';
const STATE =
  'A point’s level is the worst of its alarms’ levels (tree health) and its open machine fault reports’ severities; its score places that level in the risk band of the spec’s breakpoints 0/70/85/90 (healthy 0.9–1, attention 0.85–0.9, hazard 0.7–0.85, critical below 0.7), refined by its last ISO 10816 velocity against the zone boundaries of its machine class.';

/**
 * The customer dashboard (spec 001 §2 "Dashboard tab", §3, §4, §7, §9; docs/dashboard.md): one
 * entry per card's call, each needing readDashboard. Server: modules/dashboard.
 */
export const DASHBOARD_ENDPOINTS = {
  getSystemHealth: endpoint({
    method: 'GET',
    path: '/dashboard/system-health',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'System health of the interval and of the period before it',
    description: `\`health\` 0–100: the mean over the monitored points (measured at least once by \`end\`, level known) of each point’s score for the WORST level it held during the interval (the level active at \`start\` and every alarm level change and open machine report severity during it): healthy 100, attention 87.5, hazard 77.5, critical 35 (the middle of each level’s risk band), one decimal; null without such a point. \`previousHealth\`: the same over the period of equal length just before \`start\` (the spec’s “going back twice the interval”); \`difference\` = health − previousHealth; \`points\`: the points counted in the interval. ${INTERVAL} ${COMMON}`,
    query: dashboardIntervalQuery,
    response: systemHealthResponse,
    errors: [400, 403],
  }),
  getHealthProgress: endpoint({
    method: 'GET',
    path: '/dashboard/health-progress',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'System health per period of the interval',
    description: `One item per \`unit\` the interval touches, oldest first, \`order\` from 0, \`start\`/\`end\` (ISO 8601) clipped to the interval; \`health\` as system-health computes it over that period alone, null for a period without a monitored point. ${INTERVAL} ${COMMON}`,
    query: dashboardIntervalQuery,
    response: healthProgressResponse,
    errors: [400, 403],
  }),
  getFaultDistribution: endpoint({
    method: 'GET',
    path: '/dashboard/fault-distribution',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'Fault reports created in the interval, per fault',
    description: `The failure-mode pie: reports (machine and sensor, open or closed since) created between \`start\` and \`end\`, counted per report code (\`fault\`: the fault, or fault:bearing component for a bearing), most frequent first, \`name\` in the six report languages. ${INTERVAL} ${COMMON}`,
    query: dashboardIntervalQuery,
    response: faultDistributionResponse,
    errors: [400, 403],
  }),
  listDashboardReports: endpoint({
    method: 'GET',
    path: '/dashboard/reports',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'The newest fault reports of the points',
    description: `\`data.detectionReports\`: the reports (open and closed) newest first, each as \`GET /point/{id}/fault-reports\` answers it (texts in the \`language\` header’s language), paged by \`pageSize\` (1…100, default 10) and \`pageNumber\`; \`data.total\`: all of the points’ reports; \`data.answered\`: those evaluated (the unresolved-reports gauge: answered / total × 100, spec 001 §9). ${COMMON}`,
    query: dashboardReportsQuery,
    response: dashboardReportsResponse,
    errors: [400, 403],
  }),
  getPointHealthScores: endpoint({
    method: 'GET',
    path: '/dashboard/point-health-score',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'Each point’s health score from its latest state, worst first',
    description: `\`healthScore\` 0–1 (null: level unknown), \`health\` its level’s name (critical, hazard, attention, healthy, unknown), \`lastMeasurement\` its last persisted measurement, \`openFaultReports\` its open reports (machine and sensor). ${STATE} Sorted by score (unknown last), then path. ${COMMON}`,
    query: dashboardPointsQuery,
    response: pointHealthScoreResponse,
    errors: [400, 403],
  }),
  getAlarmCoverage: endpoint({
    method: 'GET',
    path: '/dashboard/alarm-coverage',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'Points watched by an alarm',
    description: `\`points\`: the points; \`covered\`: those with at least one metric or frequency-peak alarm (the built-in ISO 10816 alarms count; the no-data alarm, which watches the sensor, does not); \`coverage\` covered / points (0–1, null without points); \`measuredRecently\`: points with a persisted measurement in the last 7 days. ${COMMON}`,
    query: dashboardPointsQuery,
    response: alarmCoverageResponse,
    errors: [400, 403],
  }),
  getRecentPointHealth: endpoint({
    method: 'GET',
    path: '/dashboard/recent-point-health',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'Points counted by their current health',
    description: `Every point counted once by the level point-health-score gives it (unknown: never measured or no evaluated alarm and no open report). ${STATE} ${COMMON}`,
    query: dashboardPointsQuery,
    response: recentPointHealthResponse,
    errors: [400, 403],
  }),
  getPointRecovery: endpoint({
    method: 'GET',
    path: '/dashboard/point-recovery',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'Completed maintenance and whether it worked',
    description: `Maintenance records with status completed: \`completed\` all of them, and per verdict outcome (docs/maintenance.md “Verdict”: improved, unchanged, worse, pending while too few measurements after the work); \`recent\`: the 10 most recently completed, newest first. ${COMMON}`,
    query: dashboardPointsQuery,
    response: pointRecoveryResponse,
    errors: [400, 403],
  }),
  getAlarmOccurrence: endpoint({
    method: 'GET',
    path: '/dashboard/time-series/alarm-occurence',
    access: { permission: ['readDashboard'] },
    tags: ['dashboard'],
    summary: 'Alarm transactions per day or week (the alarm intensity graph)',
    description: `Level changes to attention, hazard or critical counted per level, one item per day (\`unit\` day) or week from Monday (\`unit\` week) in the customer’s time zone, oldest first, from the day \`dayCount\` − 1 days before today (1…366, default 30; its week for \`unit\` week) up to now; every period listed, zeros included. \`start\`: ISO 8601. ${COMMON}`,
    query: alarmOccurrenceQuery,
    response: alarmOccurrenceResponse,
    errors: [400, 403],
  }),
};
