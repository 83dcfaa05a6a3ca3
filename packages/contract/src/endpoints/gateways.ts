import { z } from 'zod';
import { macAddress } from '../common.ts';
import { duckItem } from '../ducks.ts';
import { deviceKindOf, gatewayListQuery, gatewayListResponse, triggerItem } from '../gateways.ts';
import { endpoint } from './endpoint.ts';

/**
 * A sensor's MAC for `POST /trigger/{id}/device` and `DELETE /trigger/{id}/device/{mac}`: six
 * upper-case hex pairs (lower case is upper-cased), and not a trigger (CA:B8:25) or a Duck
 * (CA:B8:DA), which are not measured through a point's trigger.
 */
const sensorMac = macAddress.pipe(
  z.string().superRefine((mac, c) => {
    const kind = deviceKindOf(mac);
    if (kind === 'TRIGGER') c.addIssue({ code: 'custom', message: 'triggerDeviceIsTrigger' });
    if (kind === 'DUCK') c.addIssue({ code: 'custom', message: 'triggerDeviceIsDuck' });
  }),
);

const triggerDeviceBody = z.object({ macAddress: sensorMac });

const triggerParams = z.object({ id: z.string().min(1).max(64) });

const triggerDeviceParams = triggerParams.extend({ mac: sensorMac });

/** `POST` and `DELETE /trigger/{id}/duck` body (spec 001 §7, spec 002 §7): the Duck's id or MAC. */
const triggerDuckBody = z.object({
  duck: z.string({ message: 'requireDuck' }).trim().min(1, 'requireDuck').max(64, 'requireDuck'),
});

/**
 * Gateways and trigger devices (spec 002 §2 "Gateways tab", §7 Admin; docs/devices.md). Server: modules/gateways.
 */
export const GATEWAY_ENDPOINTS = {
  listGateways: endpoint({
    method: 'GET',
    path: '/gateway',
    access: { permission: ['readGateway'] },
    tags: ['gateways'],
    summary: "The customer's gateways, paged",
    description:
      'Without `page`: all of them (at most 1000). `macAddress` filters by a part of the MAC. `connectionStatus` is `connected` when the gateway reported within 3 minutes, `disconnected` after, null (N/A) when never; `connectionDate` is when it was last heard. `availableDevices` are the devices in the gateway’s latest scan that are this customer’s or registered to nobody (`claimable`: claim one with POST /device); another customer’s are never listed.',
    query: gatewayListQuery,
    response: gatewayListResponse,
    errors: [400],
  }),
  listTriggers: endpoint({
    method: 'GET',
    path: '/trigger',
    access: { permission: ['readGateway'] },
    tags: ['gateways'],
    summary: "The customer's trigger devices with their last reported state",
    description:
      'Devices with the trigger MAC prefix CA:B8:25. `status.shadow.reported`: the latest event the trigger fired (`<root>/trigger/<MAC>/event`), `eventType` `trigger`, `timestamp` when the server received it, `disconnectReason` null; `status` is null (N/A) for a trigger that never fired since it was registered. `assignedDevices`: the sensors each event makes measure, i.e. the devices of the points the trigger is assigned to (`GET /point/{id}/trigger` lists the same assignments from the point side), ordered by MAC. The Ducks assigned to a trigger are those of `GET /ducks` whose `trigger` is its `_id`.',
    response: z.array(triggerItem),
  }),
  addTriggerDuck: endpoint({
    method: 'POST',
    path: '/trigger/:id/duck',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Assign a Duck to a trigger',
    description:
      "`id`: the trigger's device id (`GET /trigger`) or MAC; body `{duck}`: the Duck's id (`GET /ducks`) or MAC. From then on each event of the trigger (`<root>/trigger/<MAC>/event`) also makes the Duck measure, as TRIGGERED, beside the sensors of the points the trigger is assigned to. A Duck has one trigger: assigning it to another one moves it. Idempotent. Answers the Duck (its `trigger` is the trigger's id). 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND for an unknown one or another customer's.",
    params: triggerParams,
    body: triggerDuckBody,
    response: duckItem,
    errors: [400, 404],
  }),
  removeTriggerDuck: endpoint({
    method: 'DELETE',
    path: '/trigger/:id/duck',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Unassign a Duck from a trigger',
    description:
      "Body `{duck}`: the Duck's id or MAC. The trigger's events no longer make the Duck measure. A Duck assigned to another trigger (or to none) is left as it is. Idempotent. Answers the Duck. 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND for an unknown one or another customer's.",
    params: triggerParams,
    body: triggerDuckBody,
    response: duckItem,
    errors: [400, 404],
  }),
  addTriggerDevice: endpoint({
    method: 'POST',
    path: '/trigger/:id/device',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Assign a sensor to a trigger',
    description:
      "`id`: the trigger's device id (`GET /trigger`) or MAC; body `{macAddress}`: a sensor of the customer's registry (six hex pairs, lower case is upper-cased; a trigger or a Duck MAC is refused with 400). The assignment is stored on the sensor's point, exactly as `PUT /point/{id}/trigger` stores it, so `GET /point/{id}/trigger` shows it and each event of the trigger makes the point's sensor measure (TRIGGERED). From the trigger's side a sensor has one trigger: the point's other triggers are unassigned (moved, like a Duck). Idempotent. Answers the trigger with its `assignedDevices`. 404 TRIGGER_NOT_FOUND / DEVICE_NOT_FOUND for an unknown one or another customer's; 409 DEVICE_NOT_ON_POINT when the sensor is not attached to a point (attach it first).",
    params: triggerParams,
    body: triggerDeviceBody,
    response: triggerItem,
    errors: [400, 404, 409],
  }),
  removeTriggerDevice: endpoint({
    method: 'DELETE',
    path: '/trigger/:id/device/:mac',
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: 'Unassign a sensor from a trigger',
    description:
      "`id`: the trigger's device id or MAC; `mac`: the sensor's MAC. The trigger is unassigned from the sensor's point (the point's other triggers stay), as `DELETE /point/{id}/trigger {trigger}` does; its events no longer make the sensor measure. Idempotent (a sensor not on the trigger, or on no point, changes nothing). Answers the trigger with its `assignedDevices`. 400 for a malformed MAC or one of a trigger or a Duck; 404 TRIGGER_NOT_FOUND / DEVICE_NOT_FOUND for an unknown one or another customer's.",
    params: triggerDeviceParams,
    response: triggerItem,
    errors: [400, 404],
  }),
};
