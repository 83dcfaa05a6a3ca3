import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { endpointQuery } from '../../core/api/endpointQuery';

/** How often the tab reloads while open: the sensor's scans arrive about every minute. */
export const CONDITION_REFETCH_MS = 60_000;

/**
 * `GET /point/{id}/condition` (readPoint): the point's condition at a glance
 * (docs/condition-control.md), keyed with the interface language (the reports' texts come in it).
 * Reloaded every minute while the tab is shown.
 */
export const useConditionQuery = (pointId: string) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.getPointCondition, { params: { id: pointId } }, { translated: true }),
    refetchInterval: CONDITION_REFETCH_MS,
  });
