import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type DuckConfig } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';

/** Query key of the Duck list; shared by the admin tab and {@link ChannelGroupPicker}. */
export const DUCKS_KEY = ['ducks'] as const;
const periodicKey = (id: string) => ['ducks', id, 'periodic'] as const;

/** `GET /ducks` (readGateway): the customer's Ducks with their configuration. */
export function useDucksQuery(enabled = true) {
  return useQuery({
    queryKey: DUCKS_KEY,
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.listDucks, {}, { signal }),
    enabled,
  });
}

/** `GET /ducks/{id}/periodic` (readGateway): the periodic interval, s, or null when off. */
export function useDuckPeriodicQuery(id: string) {
  return useQuery({
    queryKey: periodicKey(id),
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.getDuckPeriodic, { params: { id } }, { signal }),
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

/** A Duck changed: the list and its periodic interval. */
export const invalidateDucks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: DUCKS_KEY });
