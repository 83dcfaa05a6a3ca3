import { okBody } from '../common.ts';
import { gatewayCreateBody, wlanConfigBody, wlanConfigResponse } from '../devices.ts';
import { gatewayCreated } from '../gateways.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Gateway registration and the WLAN configuration of gateways and triggers (spec 002 §2, §7 Admin). Server: modules/gateways.
 */
export const GATEWAY_REGISTRATION_ENDPOINTS = {
  createGateway: endpoint({
    method: 'POST',
    path: '/gateway',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Register a gateway of the customer and issue its MQTT credentials',
    description:
      "`root`: topic root `prod` (default) or `lake`. Answers the gateway's id and its MQTT credentials (username = the MAC, a random password shown only in this answer; see `POST /gateway/{id}/credentials`). Its `scanDevice` reports then offer the devices it hears in `availableDevices`, for an admin to claim; a scan registers nothing. 409 DEVICE_REGISTERED when the MAC is registered already (to any customer).",
    body: gatewayCreateBody,
    response: gatewayCreated,
    errors: [400, 409],
  }),
  deleteGateway: endpoint({
    method: 'DELETE',
    path: '/gateway/:id',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Remove a gateway of the customer (by id or MAC)',
    description:
      'Its devices stay registered; devices attached to points that named it fall back to any gateway that hears them.',
    params: idParams,
    response: okBody,
    errors: [404],
  }),
  updateGatewayConfig: endpoint({
    method: 'PUT',
    path: '/gateway/:id/config',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Send WLAN credentials (SSID, password) to a gateway',
    description:
      'Publishes `<root>/gateway/<GW>/config/wlan` with JSON `{ssid, password}` (QoS 1; our transport, senseway-gateway.md §13). The gateway tries the new credentials 3 times before it falls back to its defaults, which takes up to 2 minutes. The password is not stored or logged; the answer echoes the topic, SSID and time. `id`: gateway id or MAC. 404 GATEWAY_NOT_FOUND, 503 BROKER_UNAVAILABLE.',
    params: idParams,
    body: wlanConfigBody,
    response: wlanConfigResponse,
    errors: [400, 404, 503],
  }),
  updateTriggerConfig: endpoint({
    method: 'PUT',
    path: '/trigger/:id/config',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Send WLAN credentials (SSID, password) to a trigger',
    description:
      'Publishes `<root>/gateway/<GW>/device/<TRIGGER>/config/wlan` with JSON `{ssid, password}` through the trigger’s gateway (the one set on the device, else the one that heard it last). `id`: trigger device id or MAC. 404 DEVICE_NOT_FOUND (also for a device that is not a trigger), 409 NO_ROUTING when no gateway of the customer reaches it, 503 BROKER_UNAVAILABLE.',
    params: idParams,
    body: wlanConfigBody,
    response: wlanConfigResponse,
    errors: [400, 404, 409, 503],
  }),
};
