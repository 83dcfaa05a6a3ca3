import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type WlanConfig } from '@overtone/contract';
import { callEndpoint } from '../../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../../core/api/endpointQuery';
import { POINT_TRIGGERS } from '../../point-config/scheduleApi';

export interface GatewayPageParams {
  page: number;
  pageSize: number;
  /** Part of a MAC address to search for; empty: all. */
  macAddress: string;
}

/** `GET /gateway?page&pageSize&macAddress` (readGateway): one page of the customer's gateways and the total. */
export function useGatewaysQuery(params: GatewayPageParams) {
  return useQuery({
    ...endpointQuery(ENDPOINTS.listGateways, { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a gateway was registered, removed or its credentials changed: every answer of `GET /gateway`
 * (every page of the gateways list, and the point form's gateway choices).
 */
export const invalidateGateways = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: endpointQueryKey(ENDPOINTS.listGateways) });

/**
 * `POST /gateway {macAddress, root}` (updateGateway): registers a gateway of the customer and issues
 * its MQTT credentials. Answers its id and the credentials, whose password is shown only now.
 * 409 DEVICE_REGISTERED when the MAC is registered already (shown by the API client).
 */
export const registerGateway = (body: { macAddress: string; root: 'prod' | 'lake' }) =>
  callEndpoint(ENDPOINTS.createGateway, { body });

/** `DELETE /gateway/{id}` (updateGateway): removes the gateway and its MQTT identity (the broker disconnects it). */
export const removeGateway = (id: string) => callEndpoint(ENDPOINTS.deleteGateway, { params: { id } });

/** Which MQTT client a credential call is about: a gateway, or a trigger (its own MQTT client). */
export type EdgeKind = 'gateway' | 'trigger';

/**
 * `POST /gateway/{id}/credentials` or `/trigger/{id}/credentials` (updateGateway): issues the
 * device's MQTT credentials, or rotates them (the old password stops working and its connections are
 * closed). Answers what to type on the device's `Advance > MQTT` page; the password only now.
 */
export const issueEdgeCredentials = (kind: EdgeKind, id: string) =>
  callEndpoint(kind === 'gateway' ? ENDPOINTS.issueGatewayCredentials : ENDPOINTS.issueTriggerCredentials, { params: { id } });

/** `DELETE /gateway/{id}/credentials` or `/trigger/{id}/credentials` (updateGateway): the broker refuses the device from now on. */
export const revokeEdgeCredentials = (kind: EdgeKind, id: string) =>
  callEndpoint(kind === 'gateway' ? ENDPOINTS.revokeGatewayCredentials : ENDPOINTS.revokeTriggerCredentials, { params: { id } });

/** `GET /trigger` (readGateway): trigger devices with their last reported state and their sensors. */
export function useTriggersQuery() {
  return useQuery(endpointQuery(ENDPOINTS.listTriggers));
}

/**
 * After a sensor's trigger changed: the triggers list, and the point card's trigger lists
 * (`GET /point/{id}/trigger`, features/point-config/scheduleApi `POINT_TRIGGERS`), which read the
 * same assignments.
 */
export const invalidateTriggers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointQueryKey(ENDPOINTS.listTriggers) }),
    queryClient.invalidateQueries(POINT_TRIGGERS),
  ]);

/**
 * `GET /device?all=true&kind=SENSEWAY` (readGateway): the customer's sensors, with the point each is
 * on (an answer of `listDevices`, so among features/point-config/pointConfigApi `DEVICE_READS`).
 */
export function useSensorsQuery() {
  return useQuery(endpointQuery(ENDPOINTS.listDevices, { query: { all: 'true', kind: 'SENSEWAY' } }));
}

/**
 * `POST /trigger/{id}/duck {duck}` (updateGateway): the trigger's events also make the Duck measure.
 * A Duck has one trigger, so this moves it from another one. Answers the Duck.
 */
export const assignTriggerDuck = (triggerId: string, duckId: string) =>
  callEndpoint(ENDPOINTS.addTriggerDuck, { params: { id: triggerId }, body: { duck: duckId } });

/** `DELETE /trigger/{id}/duck {duck}` (updateGateway): the trigger no longer makes the Duck measure. */
export const unassignTriggerDuck = (triggerId: string, duckId: string) =>
  callEndpoint(ENDPOINTS.removeTriggerDuck, { params: { id: triggerId }, body: { duck: duckId } });

/**
 * `POST /trigger/{id}/device {macAddress}` (updateGateway): the trigger's events make the sensor
 * measure. Stored on the sensor's point, so the sensor is moved from any other trigger. Answers the trigger.
 */
export const assignTriggerDevice = (triggerId: string, macAddress: string) =>
  callEndpoint(ENDPOINTS.addTriggerDevice, { params: { id: triggerId }, body: { macAddress } });

/** `DELETE /trigger/{id}/device/{mac}` (updateGateway): the trigger no longer makes the sensor measure. */
export const unassignTriggerDevice = (triggerId: string, macAddress: string) =>
  callEndpoint(ENDPOINTS.removeTriggerDevice, { params: { id: triggerId, mac: macAddress } });

/**
 * `POST /device {macAddress, gateway}` (addSensor): claims a device the gateway hears and nobody
 * registered (docs/devices.md "Ownership"). 409 DEVICE_REGISTERED when someone claimed it first
 * (shown by the API client). Answers the new device's id.
 */
export const claimDevice = (macAddress: string, gateway: string) =>
  callEndpoint(ENDPOINTS.createDevice, { body: { macAddress, gateway } });

/**
 * `PUT /gateway/{id}/config` or `/trigger/{id}/config {ssid, password}` (updateGateway): sends the
 * WLAN credentials to the device over MQTT (a trigger through its gateway). The password is not
 * stored by the server; the answer echoes the SSID and when it was sent. Failures (404, 409
 * NO_ROUTING, 503 BROKER_UNAVAILABLE) are left to the caller (`silent`).
 */
export const sendWlanConfig = (kind: EdgeKind, id: string, body: WlanConfig) =>
  callEndpoint(
    kind === 'gateway' ? ENDPOINTS.updateGatewayConfig : ENDPOINTS.updateTriggerConfig,
    { params: { id }, body },
    { silent: true },
  );
