import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';

/** The key of one point's answer (`GET /point/{id}`). */
export const pointQueryKey = (id: string) => endpointQueryKey(ENDPOINTS.getPoint, { params: { id } });
/** The key of a device's gateways (`GET /iot/device/{id}/routingLookup`). */
export const routingQueryKey = (deviceId: string) =>
  endpointQueryKey(ENDPOINTS.getDeviceRoutingLookup, { params: { id: deviceId } });

/** The options of the point query (`GET /point/{id}`), for `useQuery` or a prefetch. */
export const pointQueryOptions = (id: string, { silent = false } = {}) =>
  endpointQuery(ENDPOINTS.getPoint, { params: { id } }, { silent });

/** `GET /point/{id}`; `silent` when the point only enriches another page (its failure is not shown). */
export const usePointQuery = (id: string | undefined, { silent = false } = {}) =>
  useQuery({ ...pointQueryOptions(id ?? '', { silent }), enabled: !!id });

/** `GET /iot/device/{id}/routingLookup`: the gateways that see the device, with status and rssi. */
export const useRoutingLookupQuery = (deviceId: string | undefined) =>
  useQuery({
    queryKey: routingQueryKey(deviceId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(ENDPOINTS.getDeviceRoutingLookup, { params: { id: deviceId! } }, { signal }).then((r) => r.data),
    enabled: !!deviceId,
    staleTime: 0,
  });
