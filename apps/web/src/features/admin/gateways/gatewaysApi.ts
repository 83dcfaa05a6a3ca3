import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gatewayListResponse, triggerList } from '@overtone/contract';
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
