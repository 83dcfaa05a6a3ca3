import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';

/** Query key of the caller's notifications (`GET /notifications`, every language). */
export const NOTIFICATIONS_KEY = endpointQueryKey(ENDPOINTS.listNotifications);
/** How often the bell looks for new notifications, ms (alarms are evaluated at ingest, swept every 30 s). */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** How many notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

/**
 * `GET /notifications?limit=20`: the caller's newest alarm notifications and the unread count
 * (docs/alarms.md "Notifications"), refreshed every minute and on window focus; errors are silent
 * (the bell is a side panel, not the page). Only when `enabled` (readAlarm).
 */
export const useNotificationsQuery = (enabled: boolean) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listNotifications, { query: { limit: NOTIFICATIONS_SHOWN } }, { silent: true, translated: true }),
    enabled,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** `POST /notifications/read`: marks these transaction ids (absent: all) read, then refreshes the list. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => callEndpoint(ENDPOINTS.markNotificationsRead, { body: ids ? { ids } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
