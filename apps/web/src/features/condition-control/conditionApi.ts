import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { currentLanguage } from '../../core/i18n';

/** Key of a point's condition; the language is part of it (the reports' texts come in it). */
export const conditionKey = (pointId: string) => ['condition', pointId] as const;

/** How often the tab reloads while open: the sensor's scans arrive about every minute. */
export const CONDITION_REFETCH_MS = 60_000;

/**
 * `GET /point/{id}/condition` (readPoint): the point's condition at a glance
 * (docs/condition-control.md). Reloaded every minute while the tab is shown.
 */
export const useConditionQuery = (pointId: string) =>
  useQuery({
    queryKey: [...conditionKey(pointId), currentLanguage()],
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.getPointCondition, { params: { id: pointId } }, { signal }),
    refetchInterval: CONDITION_REFETCH_MS,
  });
