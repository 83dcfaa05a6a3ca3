import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { periodicResponse, pointTriggersResponse, type PeriodicResponse, type PointTriggers } from '@overtone/contract';
import { apiRequest } from '../../app/api/apiClient';

export const periodicQueryKey = (pointId: string) => ['pointPeriodic', pointId] as const;
export const triggersQueryKey = (pointId: string) => ['pointTriggers', pointId] as const;
const path = (pointId: string, what: 'periodic' | 'trigger') => `/point/${encodeURIComponent(pointId)}/${what}`;

/** `GET /point/{id}/periodic`: sleep code and scheduler job (both null when not periodic). */
export const usePeriodicQuery = (pointId: string) =>
  useQuery({
    queryKey: periodicQueryKey(pointId),
    queryFn: ({ signal }) => apiRequest(path(pointId, 'periodic'), { schema: periodicResponse, signal }),
  });

/** `PUT /point/{id}/periodic {sleepAmount}` and `DELETE /point/{id}/periodic`; the answer replaces the cached query. */
export function usePeriodicMutations(pointId: string) {
  const qc = useQueryClient();
  const set = (data: PeriodicResponse) => qc.setQueryData(periodicQueryKey(pointId), data);
  const save = useMutation({
    mutationFn: (sleepAmount: number) =>
      apiRequest(path(pointId, 'periodic'), { method: 'PUT', body: { sleepAmount }, schema: periodicResponse }),
    onSuccess: set,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest(path(pointId, 'periodic'), { method: 'DELETE', schema: periodicResponse }),
    onSuccess: set,
  });
  return { save, remove };
}

/** `GET /point/{id}/trigger`: the triggers assigned to the point. */
export const useTriggersQuery = (pointId: string) =>
  useQuery({
    queryKey: triggersQueryKey(pointId),
    queryFn: ({ signal }) => apiRequest(path(pointId, 'trigger'), { schema: pointTriggersResponse, signal }),
  });

/** `PUT /point/{id}/trigger {trigger}` and `DELETE /point/{id}/trigger {trigger}`. */
export function useTriggerMutations(pointId: string) {
  const qc = useQueryClient();
  const set = (data: PointTriggers) => qc.setQueryData(triggersQueryKey(pointId), data);
  const assign = useMutation({
    mutationFn: (trigger: string) =>
      apiRequest(path(pointId, 'trigger'), { method: 'PUT', body: { trigger }, schema: pointTriggersResponse }),
    onSuccess: set,
  });
  const unassign = useMutation({
    mutationFn: (trigger: string) =>
      apiRequest(path(pointId, 'trigger'), { method: 'DELETE', body: { trigger }, schema: pointTriggersResponse }),
    onSuccess: set,
  });
  return { assign, unassign };
}
