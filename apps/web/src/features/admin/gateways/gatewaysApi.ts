import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { duckItem, gatewayListResponse, triggerList } from '@overtone/contract';
import { apiRequest } from '../../../app/api/apiClient';

export interface GatewayPageParams {
  page: number;
  pageSize: number;
  /** Part of a MAC address to search for; empty: all. */
  macAddress: string;
}

/** `GET /gateway?page&pageSize&macAddress` (readGateway): one page of the customer's gateways and the total. */
export function useGatewaysQuery(params: GatewayPageParams) {
  return useQuery({
    queryKey: ['admin', 'gateways', params],
    queryFn: ({ signal }) => apiRequest('/gateway', { query: { ...params }, schema: gatewayListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /trigger` (readGateway): trigger devices with their last reported state. */
export function useTriggersQuery() {
  return useQuery({
    queryKey: ['admin', 'triggers'],
    queryFn: ({ signal }) => apiRequest('/trigger', { schema: triggerList, signal }),
  });
}

const triggerDuckPath = (triggerId: string) => `/trigger/${encodeURIComponent(triggerId)}/duck`;

/**
 * `POST /trigger/{id}/duck {duck}` (updateGateway): the trigger's events also make the Duck measure.
 * A Duck has one trigger, so this moves it from another one. Answers the Duck.
 */
export const assignTriggerDuck = (triggerId: string, duckId: string) =>
  apiRequest(triggerDuckPath(triggerId), { method: 'POST', body: { duck: duckId }, schema: duckItem });

/** `DELETE /trigger/{id}/duck {duck}` (updateGateway): the trigger no longer makes the Duck measure. */
export const unassignTriggerDuck = (triggerId: string, duckId: string) =>
  apiRequest(triggerDuckPath(triggerId), { method: 'DELETE', body: { duck: duckId }, schema: duckItem });
