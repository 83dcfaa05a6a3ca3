import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type ALARM_TRANSACTION_LEVEL_FILTERS,
  type FrequencyPeakAlarmsBody,
  type FrequencyPeakAlarmsResponse,
  type MetricAlarmBody,
} from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';

/** The keys of a point's alarm queries (metric, frequency-peak, every page of its transactions). */
export const alarmKeys = {
  metric: (pointId: string) => endpointQueryKey(ENDPOINTS.listMetricAlarms, { params: { id: pointId } }),
  frequencyPeak: (pointId: string) => endpointQueryKey(ENDPOINTS.listFrequencyPeakAlarms, { params: { id: pointId } }),
  transactions: (pointId: string) => endpointQueryKey(ENDPOINTS.listAlarmTransactions, { query: { points: pointId } }),
};

/** Every alarm query of a point is loaded again: its metric and frequency-peak alarms and its transactions. */
const invalidatePointAlarms = (qc: QueryClient, pointId: string) =>
  Promise.all(Object.values(alarmKeys).map((key) => qc.invalidateQueries({ queryKey: key(pointId) })));

/**
 * `GET /point/{id}/alarm`: the point's metric alarms, oldest first, each with its active level.
 * @param enabled false without readAlarm (spec 001 §6: alarms are fetched only with it)
 */
export const useMetricAlarmsQuery = (pointId: string, enabled: boolean) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listMetricAlarms, { params: { id: pointId } }),
    enabled,
  });

/**
 * Create (`POST /point/{id}/alarm`), replace (`PUT …/alarm/{alarmId}`) and delete
 * (`DELETE …/alarm/{alarmId}`) a metric alarm. The body is the parsed {@link MetricAlarmBody}
 * (thresholds normalised: unused side null, 4 decimals). Failures are shown by the API client; each
 * success refreshes the point's alarm list and its transactions (a new level may follow).
 */
export function useMetricAlarmMutations(pointId: string) {
  const qc = useQueryClient();
  const refresh = () => invalidatePointAlarms(qc, pointId);
  const create = useMutation({
    mutationFn: (body: MetricAlarmBody) => callEndpoint(ENDPOINTS.createMetricAlarm, { params: { id: pointId }, body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ alarmId, body }: { alarmId: string; body: MetricAlarmBody }) =>
      callEndpoint(ENDPOINTS.updateMetricAlarm, { params: { id: pointId, alarmId }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (alarmId: string) => callEndpoint(ENDPOINTS.deleteMetricAlarm, { params: { id: pointId, alarmId } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** The alarms of a frequency-peak answer (module-level: a stable `select`). */
const alarmsOf = (r: FrequencyPeakAlarmsResponse) => r.alarms;

/**
 * `GET /point/{id}/frequencyPeakAlarm`: the point's frequency-peak (envelope) alarms in their order;
 * `sensitivity` is the full band width in Hz (the server answers twice the stored half-width).
 */
export const useFrequencyPeakAlarmsQuery = (pointId: string, enabled: boolean) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listFrequencyPeakAlarms, { params: { id: pointId } }),
    select: alarmsOf,
    enabled,
  });

/**
 * `POST /point/{id}/frequencyPeakAlarm` with `{alarms}`: replaces the point's whole set (updateAlarm).
 * The answer (the stored set) replaces the cached one.
 */
export function useSaveFrequencyPeakAlarms(pointId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FrequencyPeakAlarmsBody) =>
      callEndpoint(ENDPOINTS.replaceFrequencyPeakAlarms, { params: { id: pointId }, body }).then((r) => r.alarms),
    onSuccess: (alarms) => {
      qc.setQueryData<FrequencyPeakAlarmsResponse>(alarmKeys.frequencyPeak(pointId), { alarms });
      void qc.invalidateQueries({ queryKey: alarmKeys.transactions(pointId) });
    },
  });
}

export type LevelFilter = (typeof ALARM_TRANSACTION_LEVEL_FILTERS)[number];

export interface TransactionsParams {
  pageNumber: number;
  /** 10, 25, 50 or 75 (spec 001 §9). */
  pageSize: number;
  levelName: LevelFilter;
}

/** The query string of `GET /alarm-transactions` for one point (`levelName` left out for all). */
export const transactionsQueryOf = (pointId: string, p: TransactionsParams) => ({
  pageNumber: p.pageNumber,
  pageSize: p.pageSize,
  points: pointId,
  levelName: p.levelName === 'all' ? undefined : p.levelName,
});

/**
 * `GET /alarm-transactions?pageSize&pageNumber&points&levelName`: one page of the point's level
 * changes, newest first. The previous page stays on screen while the next loads.
 */
export const useAlarmTransactionsQuery = (pointId: string, p: TransactionsParams, enabled: boolean) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listAlarmTransactions, { query: transactionsQueryOf(pointId, p) }),
    enabled,
    placeholderData: keepPreviousData,
  });
