import { App } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type PeriodicResponse, type PointTriggers } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey, endpointsFilter } from '../../core/api/endpointQuery';

/** The key of a point's periodic settings (`GET /point/{id}/periodic`); a change's answer replaces it. */
export const periodicQueryKey = (pointId: string) => endpointQueryKey(ENDPOINTS.getPointPeriodic, { params: { id: pointId } });
/** The key of a point's triggers (`GET /point/{id}/trigger`); an assignment's answer replaces it. */
export const triggersQueryKey = (pointId: string) => endpointQueryKey(ENDPOINTS.getPointTrigger, { params: { id: pointId } });
/** Every point's triggers (`GET /point/{id}/trigger`): stale once a sensor's trigger changed elsewhere (admin). */
export const POINT_TRIGGERS = endpointsFilter([ENDPOINTS.getPointTrigger]);

/** How often a shown scheduler job is reloaded, ms: its last run and failure change on the server. */
export const PERIODIC_POLL_MS = 15_000;
/**
 * How long after a run is due the job is reloaded, ms: the server's scheduler claims due jobs every
 * second (SCHEDULER_POLL_MS) and stores the run at once. Also the retry while a run is just overdue.
 */
export const RUN_DUE_GRACE_MS = 2_000;
/** A run overdue by more than this, ms, is not about to be made (no scheduler running): back to {@link PERIODIC_POLL_MS}. */
export const OVERDUE_MS = 60_000;

/**
 * When to reload the periodic settings of a point (react-query `refetchInterval`): never while it
 * is not periodic; otherwise every {@link PERIODIC_POLL_MS}, and sooner when the next run falls
 * before that — {@link RUN_DUE_GRACE_MS} after it is due — so that "last run" and "next run" follow
 * the scheduler. react-query pauses it while the page is hidden and stops it when the section
 * unmounts.
 *
 * The interval is measured from when the data was loaded (`loadedAt`), not from the time of the
 * call: react-query asks again on every render and restarts its timer whenever the answer changes.
 * @param loadedAt when `data` was loaded, ms since epoch (react-query `dataUpdatedAt`)
 * @returns ms until the next reload, or false for none
 */
export function periodicRefetchInterval(data: PeriodicResponse | undefined, loadedAt: number): number | false {
  const job = data?.schedulerJob;
  if (!job) return false;
  const untilDue = Date.parse(job.nextRunAt) - loadedAt;
  if (Number.isNaN(untilDue) || untilDue < -OVERDUE_MS) return PERIODIC_POLL_MS;
  return Math.min(PERIODIC_POLL_MS, Math.max(0, untilDue) + RUN_DUE_GRACE_MS);
}

/** `GET /point/{id}/periodic`: sleep code and scheduler job (both null when not periodic), kept current while shown. */
export const usePeriodicQuery = (pointId: string) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.getPointPeriodic, { params: { id: pointId } }),
    refetchInterval: (query) => periodicRefetchInterval(query.state.data, query.state.dataUpdatedAt),
  });

/**
 * `PUT /point/{id}/periodic {sleepAmount}` and `DELETE /point/{id}/periodic`; the answer replaces the
 * cached query, and a success message says it is done ("saved", "deleted").
 */
export function usePeriodicMutations(pointId: string) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('pointConfigSchedule');
  const set = (data: PeriodicResponse) => qc.setQueryData(periodicQueryKey(pointId), data);
  const save = useMutation({
    mutationFn: (sleepAmount: number) =>
      callEndpoint(ENDPOINTS.setPointPeriodic, { params: { id: pointId }, body: { sleepAmount } }),
    onSuccess: (data) => {
      set(data);
      void message.success(t('saved'));
    },
  });
  const remove = useMutation({
    mutationFn: () => callEndpoint(ENDPOINTS.deletePointPeriodic, { params: { id: pointId } }),
    onSuccess: (data) => {
      set(data);
      void message.success(t('deleted'));
    },
  });
  return { save, remove };
}

/** `GET /point/{id}/trigger`: the triggers assigned to the point. */
export const useTriggersQuery = (pointId: string) =>
  useQuery(endpointQuery(ENDPOINTS.getPointTrigger, { params: { id: pointId } }));

/** `PUT /point/{id}/trigger {trigger}` and `DELETE /point/{id}/trigger {trigger}`, each confirmed by a success message. */
export function useTriggerMutations(pointId: string) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('pointConfigSchedule');
  const set = (data: PointTriggers) => qc.setQueryData(triggersQueryKey(pointId), data);
  const assign = useMutation({
    mutationFn: (trigger: string) => callEndpoint(ENDPOINTS.setPointTrigger, { params: { id: pointId }, body: { trigger } }),
    onSuccess: (data) => {
      set(data);
      void message.success(t('triggerAssigned'));
    },
  });
  const unassign = useMutation({
    mutationFn: (trigger: string) => callEndpoint(ENDPOINTS.deletePointTrigger, { params: { id: pointId }, body: { trigger } }),
    onSuccess: (data) => {
      set(data);
      void message.success(t('triggerUnassigned'));
    },
  });
  return { assign, unassign };
}
