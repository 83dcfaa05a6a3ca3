import { okBody } from '../common.ts';
import { createdBody, deviceCreateBody, deviceItem, deviceList, deviceListQuery, deviceUpdateBody } from '../devices.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * The device registry (spec 001 §7, spec 002 §7 Admin; docs/devices.md). Server: modules/devices.
 */
export const DEVICE_ENDPOINTS = {
  listDevices: endpoint({
    method: 'GET',
    path: '/device',
    access: { permission: ['readPoint', 'readGateway'] },
    tags: ['devices'],
    summary: "The customer's devices (sensors, triggers, ducks) with their latest scan",
    description:
      'Without `all=true` at most 10 devices (spec: the device search lists 10; enter a MAC address to find others); with it at most 5000. `macAddress` filters by a part of the MAC (case-insensitive), `kind` by type (SENSEWAY, TRIGGER, DUCK by MAC prefix). Ordered by MAC. `rssi` (dBm), `status`, `lastGateway` and `lastSeenAt` come from the latest scan by one of the customer’s gateways; `status` is `unknown` when that scan is older than 5 minutes.',
    query: deviceListQuery,
    response: deviceList,
    errors: [400],
  }),
  getDevice: endpoint({
    method: 'GET',
    path: '/device/:id',
    access: { permission: ['readPoint', 'readGateway'] },
    tags: ['devices'],
    summary: 'One device of the customer by id or MAC',
    params: idParams,
    response: deviceItem,
    errors: [404],
  }),
  createDevice: endpoint({
    method: 'POST',
    path: '/device',
    access: { permission: ['addSensor'] },
    tags: ['devices'],
    summary: 'Register a device by MAC address',
    description:
      'Registers (claims) a device: one the customer’s gateway lists in `availableDevices`, or one not heard yet (a scan registers nothing). `gateway`: the customer’s gateway to send its commands through (null: the one that heard it last). 409 DEVICE_REGISTERED when the MAC is registered already (to any customer), 404 GATEWAY_NOT_FOUND for a gateway that is not the customer’s.',
    body: deviceCreateBody,
    response: createdBody,
    errors: [400, 404, 409],
  }),
  updateDevice: endpoint({
    method: 'PUT',
    path: '/device/:id',
    access: { permission: ['addSensor'] },
    tags: ['devices'],
    summary: 'Set the gateway a device is commanded through',
    description: '`gateway` null: the gateway that heard the device last. 404 DEVICE_NOT_FOUND, GATEWAY_NOT_FOUND.',
    params: idParams,
    body: deviceUpdateBody,
    response: deviceItem,
    errors: [400, 404],
  }),
  deleteDevice: endpoint({
    method: 'DELETE',
    path: '/device/:id',
    access: { permission: ['addSensor'] },
    tags: ['devices'],
    summary: 'Remove a device from the registry',
    description:
      '409 DEVICE_IN_USE while it is attached to a point (remove it from the point first). A device that is still heard by the customer’s gateways is registered again by the next scan.',
    params: idParams,
    response: okBody,
    errors: [404, 409],
  }),
};
