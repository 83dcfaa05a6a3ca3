import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  TELEMETRY_READERS,
  type TelemetryCreateBody,
  type TelemetryDefinition,
  type TelemetryUpdateBody,
} from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointsFilter } from '../../core/api/endpointQuery';
import { reloadCustomer } from '../../core/customer/customerApi';
import { hasPermission, useSession } from '../../core/session';

/**
 * `GET /telemetry`: the customer's telemetry definitions in display order; asked only when the
 * session holds a permission that may read them (contract TELEMETRY_READERS; without one, names
 * fall back to the built-in ones).
 */
export function useTelemetryQuery(enabled = true) {
  const session = useSession();
  const mayRead = TELEMETRY_READERS.some((p) => hasPermission(session, p));
  return useQuery({
    ...endpointQuery(ENDPOINTS.listTelemetry),
    enabled: enabled && mayRead,
    select: (list) => [...list].sort((a, b) => a.order - b.order),
  });
}

/** `GET /telemetry/sources`: where telemetry values come from (the telemetry admin: TELEMETRY_SOURCE_READERS). */
export function useTelemetrySourcesQuery() {
  return useQuery({ ...endpointQuery(ENDPOINTS.listTelemetrySources), staleTime: Infinity });
}

/** `POST /telemetry` (createTelemetry). */
export const createTelemetry = (body: TelemetryCreateBody) => callEndpoint(ENDPOINTS.createTelemetry, { body });

/** `PUT /telemetry/{id}` (updateTelemetry); the name does not change. */
export const updateTelemetry = (id: string, body: TelemetryUpdateBody) =>
  callEndpoint(ENDPOINTS.updateTelemetry, { params: { id }, body });

/** `DELETE /telemetry/{id}` (deleteTelemetry); built-in definitions are refused by the server. */
export const deleteTelemetry = (id: string) => callEndpoint(ENDPOINTS.deleteTelemetry, { params: { id } });

/** `PUT /telemetry/order` (reorderTelemetry): every definition id in the new display order. */
export const saveTelemetryOrder = (ids: string[]) => callEndpoint(ENDPOINTS.reorderTelemetry, { body: { ids } });

/** The editable fields of a definition, as `PUT /telemetry/{id}` takes them. */
export const telemetryFields = (d: TelemetryDefinition): TelemetryUpdateBody => ({
  displayName: d.displayName,
  unit: d.unit,
  hidden: d.hidden,
  minValue: d.minValue,
  maxValue: d.maxValue,
  isDefault: d.isDefault,
});

/**
 * Definitions changed: their list (`GET /telemetry`), the points' trend telemetries (`GET
 * /point/{id}/trend/telemetries`: display name, unit, hidden flag and order come from the
 * definitions), and the customer (its default telemetry follows the default flag).
 */
export const invalidateTelemetry = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries(endpointsFilter([ENDPOINTS.listTelemetry, ENDPOINTS.listPointTrendTelemetries])),
    reloadCustomer(queryClient),
  ]);
