import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type DuckConfig } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointsFilter } from '../../core/api/endpointQuery';

/** `GET /ducks` (readGateway): the customer's Ducks with their configuration; shared by the admin tab and {@link ChannelGroupPicker}. */
export function useDucksQuery(enabled = true) {
  return useQuery({ ...endpointQuery(ENDPOINTS.listDucks), enabled });
}

/** `GET /ducks/{id}/periodic` (readGateway): the periodic interval, s, or null when off. */
export function useDuckPeriodicQuery(id: string) {
  return useQuery({
    ...endpointQuery(ENDPOINTS.getDuckPeriodic, { params: { id } }),
    select: (r) => r.data.repeatInterval,
  });
}

/** `PUT /ducks/{id}/config` (updateGateway); the server recomputes each sensor's groupCode. */
export const saveDuckConfig = (id: string, config: DuckConfig) =>
  callEndpoint(ENDPOINTS.updateDuckConfig, { params: { id }, body: { config } });

/** `PUT /ducks/{id}/periodic` (updateGateway): `periodS` seconds, 60 s … 7 days. */
export const saveDuckPeriod = (id: string, periodS: number) =>
  callEndpoint(ENDPOINTS.setDuckPeriodic, { params: { id }, body: { period: periodS } });

/** `DELETE /ducks/{id}/periodic` (updateGateway): periodic measurement off. */
export const deleteDuckPeriod = (id: string) => callEndpoint(ENDPOINTS.deleteDuckPeriodic, { params: { id } });

/**
 * `POST /duck/{mac}/measure` (createMeasurement): requests a live measurement. A Duck without
 * sensor channels answers 409 DUCK_NOT_CONFIGURED, shown by the API client's toast.
 */
export const measureDuck = (mac: string) => callEndpoint(ENDPOINTS.measureDuck, { params: { mac }, body: {} });

/** A Duck changed: the list and the periodic intervals (`GET /ducks`, `GET /ducks/{id}/periodic`). */
export const invalidateDucks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries(endpointsFilter([ENDPOINTS.listDucks, ENDPOINTS.getDuckPeriodic]));
