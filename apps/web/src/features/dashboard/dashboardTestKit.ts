/**
 * Test helpers of the dashboard (imported by its *.test.tsx only): answers of every dashboard call
 * shaped by the contract, and the mocked API table.
 */
import type {
  AlarmCoverageResponse,
  AlarmOccurrenceResponse,
  AlarmTransactionsDetailResponse,
  DashboardReportsResponse,
  FaultDistributionResponse,
  HealthProgressResponse,
  PointHealthScoreResponse,
  PointRecoveryResponse,
  RecentPointHealthResponse,
  SystemHealthResponse,
} from '@overtone/contract';
import type { MockAnswer } from '../../app/testing/mockApi';
import { report } from '../fault-reports/faultReportsTestKit';

export const PUMP = 'a'.repeat(24);
export const MOTOR = 'c'.repeat(24);

/** Thursday 26 Nov 2026 18:07:52 UTC (21:07 in the test customer's GMT+3). */
export const NOW = Date.UTC(2026, 10, 26, 18, 7, 52);

const name = (en: string, tr: string) => ({
  tr,
  en,
  de: `${en} (de)`,
  ru: `${en} (ru)`,
  zh: `${en} (zh)`,
  zhTw: `${en} (zh-tw)`,
});

export const SYSTEM_HEALTH: SystemHealthResponse = { health: 82.44, previousHealth: 78.1, difference: 4.34, points: 2 };
export const HEALTH_PROGRESS: HealthProgressResponse = Array.from({ length: 7 }, (_, i) => ({
  start: `2026-11-${20 + i}T00:00:00+03:00`,
  end: `2026-11-${20 + i}T23:59:59+03:00`,
  order: i,
  health: i === 3 ? null : 60 + i * 5,
}));
export const FAULT_DISTRIBUTION: FaultDistributionResponse = [
  { fault: 'bearing_failure', name: name('Bearing failure', 'Rulman arızası'), count: 3 },
  { fault: 'unbalance', name: name('Unbalance', 'Dengesizlik'), count: 1 },
];
export const REPORTS: DashboardReportsResponse = {
  data: {
    total: 4,
    answered: 3,
    detectionReports: [
      report(1),
      report(2, { point: MOTOR, pointName: 'Motor DE', pointPath: 'Plant / Motor DE', severity: 'critical', fault: 'unbalance', code: 'unbalance', name: name('Unbalance', 'Dengesizlik'), bearingComponent: null }),
    ],
  },
}; // prettier-ignore
export const POINT_HEALTH: PointHealthScoreResponse = [
  { point: { _id: MOTOR, name: 'Motor DE', path: 'Plant / Line 1' }, healthScore: 0.42, health: 'critical', lastMeasurement: '2026-11-26T17:00:00Z', openFaultReports: 2 },
  { point: { _id: PUMP, name: 'Pump DE', path: 'Plant / Line 1' }, healthScore: 0.95, health: 'healthy', lastMeasurement: null, openFaultReports: 0 },
]; // prettier-ignore
export const COVERAGE: AlarmCoverageResponse = { points: 4, covered: 3, coverage: 0.75, measuredRecently: 2 };
export const RECENT_HEALTH: RecentPointHealthResponse = { healthy: 1, attention: 0, hazard: 1, critical: 1, unknown: 1 };
export const RECOVERY: PointRecoveryResponse = {
  completed: 3,
  improved: 1,
  unchanged: 1,
  worse: 0,
  pending: 1,
  recent: [{ maintenanceId: 'd'.repeat(24), point: { _id: PUMP, name: 'Pump DE', path: 'Plant' }, title: 'Bearing replaced', completedAt: '2026-11-25T10:00:00Z', outcome: 'improved' }],
}; // prettier-ignore
export const OCCURRENCE: AlarmOccurrenceResponse = [
  { start: '2026-11-25T00:00:00+03:00', attention: 2, hazard: 1, critical: 0 },
  { start: '2026-11-26T00:00:00+03:00', attention: 0, hazard: 0, critical: 1 },
];
export const TRANSACTIONS: AlarmTransactionsDetailResponse = {
  total: 12,
  pageNumber: 1,
  pageSize: 10,
  transactions: [
    { _id: 'e'.repeat(24), createdAt: '2026-11-26T15:00:00Z', name: 'Overall velocity', macAddress: 'AA:BB:CC:00:00:01', point: { _id: MOTOR, name: 'Motor DE' }, telemetry: 'VRMS', level: { name: 'critical', order: 3 }, score: 11.2, measurementId: null, source: 'x', kind: 'metric', alarmId: null },
  ],
}; // prettier-ignore

/** The mocked API table of every dashboard call; `override` replaces some answers. */
export const dashboardRoutes = (override: Record<string, MockAnswer> = {}): Record<string, MockAnswer> => ({
  'GET /dashboard/system-health': [200, SYSTEM_HEALTH],
  'GET /dashboard/health-progress': [200, HEALTH_PROGRESS],
  'GET /dashboard/fault-distribution': [200, FAULT_DISTRIBUTION],
  'GET /dashboard/reports': [200, REPORTS],
  'GET /dashboard/point-health-score': [200, POINT_HEALTH],
  'GET /dashboard/alarm-coverage': [200, COVERAGE],
  'GET /dashboard/recent-point-health': [200, RECENT_HEALTH],
  'GET /dashboard/point-recovery': [200, RECOVERY],
  'GET /dashboard/time-series/alarm-occurence': [200, OCCURRENCE],
  'GET /alarm-transactions': [200, TRANSACTIONS],
  ...override,
});

/** Every dashboard path (the alarm transactions included). */
export const DASHBOARD_PATHS = Object.keys(dashboardRoutes()).map((k) => k.slice(4));
