import { useQuery } from '@tanstack/react-query';
import { conditionResponse } from '@overtone/contract';
import { apiRequest } from '../../core/api/apiClient';
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
    queryFn: ({ signal }) => apiRequest(`/point/${encodeURIComponent(pointId)}/condition`, { schema: conditionResponse, signal }),
    refetchInterval: CONDITION_REFETCH_MS,
  });
