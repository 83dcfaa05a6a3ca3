import { createContext, useContext } from 'react';
import { keepPreviousData, partialMatchKey, useQuery, type QueryKey } from '@tanstack/react-query';
import { DASHBOARD_ENDPOINTS, ENDPOINTS, type Endpoint, type EndpointAnswer, type EndpointQuery } from '@overtone/contract';
import type { QueryValue } from '../../core/api/apiClient';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQueryKey, endpointsFilter, type EndpointKeyCall } from '../../core/api/endpointQuery';
import type { DashboardWindow } from './dashboardInterval';

/**
 * The variant of the dashboard's own read of an operation it shares with other pages (the recent
 * alarm transactions): silent, refreshed with the dashboard, and reloaded with it.
 */
const DASHBOARD_VARIANT = 'dashboard';

const dashboardEndpointReads = endpointsFilter(Object.values(DASHBOARD_ENDPOINTS));
const dashboardTransactions = endpointQueryKey(ENDPOINTS.listAlarmTransactions, { variant: DASHBOARD_VARIANT });

/**
 * Every dashboard read (the `/dashboard/…` operations and its recent alarm transactions): the home
 * view invalidates them when it mounts (spec 000 §2) and when the dashboard tab is shown again.
 */
export const DASHBOARD_READS = {
  predicate: (q: { queryKey: QueryKey }) =>
    dashboardEndpointReads.predicate(q) || partialMatchKey(q.queryKey, dashboardTransactions),
};

/** Page of the last reports table and of the alarm transactions (spec 001 §9: page size 10, page 1). */
export const DASHBOARD_PAGE = { pageSize: 10, pageNumber: 1 } as const;

/** Alarm intensity graph (spec 001 §9 "daily or weekly"): days looked back for each unit. */
export const ALARM_INTENSITY_DAYS = { day: 30, week: 182 } as const;
export type AlarmIntensityUnit = keyof typeof ALARM_INTENSITY_DAYS;

/**
 * One dashboard call. A failure shows no toast (spec 001 §8): it is logged as 'Error loading data'
 * with its path and rethrown, so the card shows its empty state. A 401 still ends the session (API
 * client).
 */
async function loadDashboard<E extends Endpoint>(
  e: E,
  query: EndpointQuery<E>,
  signal?: AbortSignal,
): Promise<EndpointAnswer<E>> {
  try {
    return await callEndpoint(e, { query }, { signal, silent: true });
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'AbortError')) console.error('Error loading data', e.path, err);
    throw err;
  }
}

/** How often a shown dashboard reads its data again, ms. */
export const DASHBOARD_REFRESH_MS = 60_000;
/**
 * Whether the dashboard is the tab on screen (the home view keeps it mounted behind the others):
 * only then is its data read again every {@link DASHBOARD_REFRESH_MS}.
 */
export const DashboardShownContext = createContext(true);

/** A dashboard query keyed by its operation, query and variant, loaded by `load`. */
const useDashboardLoad = <T>(key: QueryKey, load: (signal: AbortSignal) => Promise<T>, enabled = true) => {
  const shown = useContext(DashboardShownContext);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    enabled,
    // another interval or filter keeps the previous answer on screen until the new one arrives
    placeholderData: keepPreviousData,
    // a wall display stays current: read again every minute while shown
    refetchInterval: shown ? DASHBOARD_REFRESH_MS : false,
  });
};

/**
 * A dashboard card's call (the contract's endpoint table) as a dashboard query; `variant` for an
 * operation that is not the dashboard's own (see {@link DASHBOARD_READS}).
 */
const useDashboardQuery = <E extends Endpoint>(
  e: E,
  query: EndpointQuery<E> & Record<string, QueryValue>,
  enabled = true,
  variant?: string,
) =>
  useDashboardLoad(
    endpointQueryKey(e, { query, variant } as EndpointKeyCall<E>),
    (signal) => loadDashboard(e, query, signal),
    enabled,
  );

const windowQuery = (w: DashboardWindow, points: string | undefined) => ({ start: w.start, end: w.end, unit: w.unit, points });

/** `GET /dashboard/system-health?start&end&unit&points`: health 0–100 and the previous period's. */
export const useSystemHealth = (w: DashboardWindow, points?: string) =>
  useDashboardQuery(ENDPOINTS.getSystemHealth, windowQuery(w, points));

/** `GET /dashboard/health-progress?start&end&unit&points`: one bucket per unit, oldest first. */
export const useHealthProgress = (w: DashboardWindow, points?: string) =>
  useDashboardQuery(ENDPOINTS.getHealthProgress, windowQuery(w, points));

/** `GET /dashboard/fault-distribution?start&end&points`: fault reports created in the window, by fault. */
export const useFaultDistribution = (w: DashboardWindow, points?: string) =>
  useDashboardQuery(ENDPOINTS.getFaultDistribution, { start: w.start, end: w.end, points });

/** `GET /dashboard/reports?pageSize=10&pageNumber=1&points`: the newest reports, `answered` of `total`. */
export const useDashboardReports = (points?: string) =>
  useDashboardQuery(ENDPOINTS.listDashboardReports, { ...DASHBOARD_PAGE, points });

/** `GET /dashboard/point-health-score?points`: each point's score 0–1, worst first. */
export const usePointHealthScores = (points?: string) => useDashboardQuery(ENDPOINTS.getPointHealthScores, { points });

/** `GET /dashboard/alarm-coverage?points`. */
export const useAlarmCoverage = (points?: string) => useDashboardQuery(ENDPOINTS.getAlarmCoverage, { points });

/** `GET /dashboard/recent-point-health?points`. */
export const useRecentPointHealth = (points?: string) => useDashboardQuery(ENDPOINTS.getRecentPointHealth, { points });

/** `GET /dashboard/point-recovery?points`. */
export const usePointRecovery = (points?: string) => useDashboardQuery(ENDPOINTS.getPointRecovery, { points });

/** `GET /dashboard/time-series/alarm-occurence?dayCount&unit&points` (the spec's spelling). */
export const useAlarmOccurrence = (unit: AlarmIntensityUnit, points?: string) =>
  useDashboardQuery(ENDPOINTS.getAlarmOccurrence, { dayCount: ALARM_INTENSITY_DAYS[unit], unit, points });

/**
 * `GET /alarm-transactions?pageSize=10&pageNumber=1&points`: the 10 most recent level changes of
 * the filtered points (spec 001 §2, §9). Needs readAlarm on the server: `enabled` false without it.
 */
export const useRecentAlarmTransactions = (points: string | undefined, enabled: boolean) =>
  useDashboardQuery(ENDPOINTS.listAlarmTransactions, { ...DASHBOARD_PAGE, points }, enabled, DASHBOARD_VARIANT);
