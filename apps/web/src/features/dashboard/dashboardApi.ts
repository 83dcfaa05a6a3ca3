import { createContext, useContext } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DASHBOARD_CALLS as C, alarmTransactionsDetailResponse } from '@overtone/contract';
import { apiRequest, type QueryValue, type ResponseSchema } from '../../core/api/apiClient';
import type { DashboardWindow } from './dashboardInterval';

/** Root of every dashboard query key: the home view invalidates it when it mounts (spec 000 §2). */
export const DASHBOARD_KEY = ['dashboard'] as const;

/** Page of the last reports table and of the alarm transactions (spec 001 §9: page size 10, page 1). */
export const DASHBOARD_PAGE = { pageSize: 10, pageNumber: 1 } as const;

/** Alarm intensity graph (spec 001 §9 "daily or weekly"): days looked back for each unit. */
export const ALARM_INTENSITY_DAYS = { day: 30, week: 182 } as const;
export type AlarmIntensityUnit = keyof typeof ALARM_INTENSITY_DAYS;

/**
 * One dashboard call. A failure shows no toast (spec 001 §8): it is logged as 'Error loading data'
 * and rethrown, so the card shows its empty state. A 401 still ends the session (API client).
 */
export async function loadDashboard<T>(
  path: string,
  query: Record<string, QueryValue>,
  schema: ResponseSchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await apiRequest(path, { query, schema, signal, silent: true });
  } catch (e) {
    if (!(e instanceof DOMException && e.name === 'AbortError')) console.error('Error loading data', path, e);
    throw e;
  }
}

/** How often a shown dashboard reads its data again, ms. */
export const DASHBOARD_REFRESH_MS = 60_000;
/**
 * Whether the dashboard is the tab on screen (the home view keeps it mounted behind the others):
 * only then is its data read again every {@link DASHBOARD_REFRESH_MS}.
 */
export const DashboardShownContext = createContext(true);

const useDashboardQuery = <T>(path: string, query: Record<string, QueryValue>, schema: ResponseSchema<T>, enabled = true) => {
  const shown = useContext(DashboardShownContext);
  return useQuery({
    queryKey: [...DASHBOARD_KEY, path, query],
    queryFn: ({ signal }) => loadDashboard(path, query, schema, signal),
    enabled,
    // another interval or filter keeps the previous answer on screen until the new one arrives
    placeholderData: keepPreviousData,
    // a wall display stays current: read again every minute while shown
    refetchInterval: shown ? DASHBOARD_REFRESH_MS : false,
  });
};

const windowQuery = (w: DashboardWindow, points: string | undefined) => ({ start: w.start, end: w.end, unit: w.unit, points });

/** `GET /dashboard/system-health?start&end&unit&points`: health 0–100 and the previous period's. */
export const useSystemHealth = (w: DashboardWindow, points?: string) =>
  useDashboardQuery(C.systemHealth.path, windowQuery(w, points), C.systemHealth.response);

/** `GET /dashboard/health-progress?start&end&unit&points`: one bucket per unit, oldest first. */
export const useHealthProgress = (w: DashboardWindow, points?: string) =>
  useDashboardQuery(C.healthProgress.path, windowQuery(w, points), C.healthProgress.response);

/** `GET /dashboard/fault-distribution?start&end&points`: fault reports created in the window, by fault. */
export const useFaultDistribution = (w: DashboardWindow, points?: string) =>
  useDashboardQuery(C.faultDistribution.path, { start: w.start, end: w.end, points }, C.faultDistribution.response);

/** `GET /dashboard/reports?pageSize=10&pageNumber=1&points`: the newest reports, `answered` of `total`. */
export const useDashboardReports = (points?: string) =>
  useDashboardQuery(C.reports.path, { ...DASHBOARD_PAGE, points }, C.reports.response);

/** `GET /dashboard/point-health-score?points`: each point's score 0–1, worst first. */
export const usePointHealthScores = (points?: string) =>
  useDashboardQuery(C.pointHealthScore.path, { points }, C.pointHealthScore.response);

/** `GET /dashboard/alarm-coverage?points`. */
export const useAlarmCoverage = (points?: string) =>
  useDashboardQuery(C.alarmCoverage.path, { points }, C.alarmCoverage.response);

/** `GET /dashboard/recent-point-health?points`. */
export const useRecentPointHealth = (points?: string) =>
  useDashboardQuery(C.recentPointHealth.path, { points }, C.recentPointHealth.response);

/** `GET /dashboard/point-recovery?points`. */
export const usePointRecovery = (points?: string) =>
  useDashboardQuery(C.pointRecovery.path, { points }, C.pointRecovery.response);

/** `GET /dashboard/time-series/alarm-occurence?dayCount&unit&points` (the spec's spelling). */
export const useAlarmOccurrence = (unit: AlarmIntensityUnit, points?: string) =>
  useDashboardQuery(C.alarmOccurrence.path, { dayCount: ALARM_INTENSITY_DAYS[unit], unit, points }, C.alarmOccurrence.response);

/**
 * `GET /alarm-transactions?pageSize=10&pageNumber=1&points`: the 10 most recent level changes of
 * the filtered points (spec 001 §2, §9). Needs readAlarm on the server: `enabled` false without it.
 */
export const useRecentAlarmTransactions = (points: string | undefined, enabled: boolean) =>
  useDashboardQuery('/alarm-transactions', { ...DASHBOARD_PAGE, points }, alarmTransactionsDetailResponse, enabled);
