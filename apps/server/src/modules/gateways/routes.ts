import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  deviceKindOf,
  duckItem,
  errorBody,
  gatewayListQuery,
  gatewayListResponse,
  macAddress,
  triggerItem,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { findDeviceRow } from '../devices/repo.ts';
import { clearDuckTrigger, duckItem as toDuckItem, findDuck, setDuckTrigger } from '../ducks/repo.ts';
import {
  findDeviceByMac,
  listGateways,
  listTriggers,
  moveDevicePointToTrigger,
  triggerItemOf,
  unassignPointTrigger,
} from './repo.ts';

const triggerParams = z.object({ id: z.string().min(1).max(64) });
/** `POST` and `DELETE /trigger/{id}/duck` body (spec 001 §7, spec 002 §7): the Duck's id or MAC. */
const triggerDuckBody = z.object({
  duck: z.string({ message: 'requireDuck' }).trim().min(1, 'requireDuck').max(64, 'requireDuck'),
});

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
const triggerDeviceParams = triggerParams.extend({ mac: sensorMac });

/** Gateways and triggers of the customer (spec 002 §2 "Gateways tab", "Triggers view", §7 Admin). */
export async function gatewaysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/gateway', {
    config: { access: needs('readGateway') },
    schema: {
      tags: ['gateways'],
      summary: "The customer's gateways, paged",
      description:
        'Without `page`: all of them (at most 1000). `macAddress` filters by a part of the MAC. `connectionStatus` is `connected` when the gateway reported within 3 minutes, `disconnected` after, null (N/A) when never; `connectionDate` is when it was last heard. `availableDevices` are the devices in the gateway’s latest scan that are this customer’s or registered to nobody (`claimable`: claim one with POST /device); another customer’s are never listed.',
      querystring: gatewayListQuery,
      response: { 200: gatewayListResponse, 400: badRequestBody },
    },
    handler: async (req) => listGateways(ctx.db, authOf(req).customerId, req.query),
  });

  r.get('/trigger', {
    config: { access: needs('readGateway') },
    schema: {
      tags: ['gateways'],
      summary: "The customer's trigger devices with their last reported state",
      description:
        'Devices with the trigger MAC prefix CA:B8:25. `status.shadow.reported`: the latest event the trigger fired (`<root>/trigger/<MAC>/event`), `eventType` `trigger`, `timestamp` when the server received it, `disconnectReason` null; `status` is null (N/A) for a trigger that never fired since it was registered. `assignedDevices`: the sensors each event makes measure, i.e. the devices of the points the trigger is assigned to (`GET /point/{id}/trigger` lists the same assignments from the point side), ordered by MAC. The Ducks assigned to a trigger are those of `GET /ducks` whose `trigger` is its `_id`.',
      response: { 200: z.array(triggerItem) },
    },
    handler: async (req) => listTriggers(ctx.db, authOf(req).customerId),
  });

  /** The customer's trigger named by the request (device id or MAC), or 404 TRIGGER_NOT_FOUND. */
  const triggerOf = async (customerId: string, triggerId: string) => {
    const trigger = await findDeviceRow(ctx.db, customerId, triggerId);
    if (!trigger || deviceKindOf(trigger.mac) !== 'TRIGGER') throw new AppError('TRIGGER_NOT_FOUND');
    return trigger;
  };

  /** The customer's trigger and Duck named by the request, or 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND. */
  const triggerAndDuck = async (customerId: string, triggerId: string, duckIdOrMac: string) => {
    const trigger = await triggerOf(customerId, triggerId);
    const duck = await findDuck(ctx.db, customerId, duckIdOrMac);
    if (!duck) throw new AppError('DUCK_NOT_FOUND');
    return { trigger, duck };
  };

  r.post('/trigger/:id/duck', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Assign a Duck to a trigger',
      description:
        "`id`: the trigger's device id (`GET /trigger`) or MAC; body `{duck}`: the Duck's id (`GET /ducks`) or MAC. From then on each event of the trigger (`<root>/trigger/<MAC>/event`) also makes the Duck measure, as TRIGGERED, beside the sensors of the points the trigger is assigned to. A Duck has one trigger: assigning it to another one moves it. Idempotent. Answers the Duck (its `trigger` is the trigger's id). 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND for an unknown one or another customer's.",
      params: triggerParams,
      body: triggerDuckBody,
      response: { 200: duckItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, duck } = await triggerAndDuck(customerId, req.params.id, req.body.duck);
      const row = await setDuckTrigger(ctx.db, customerId, duck.id, trigger.id);
      return toDuckItem(ctx.db, customerId, row);
    },
  });

  r.delete('/trigger/:id/duck', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Unassign a Duck from a trigger',
      description:
        "Body `{duck}`: the Duck's id or MAC. The trigger's events no longer make the Duck measure. A Duck assigned to another trigger (or to none) is left as it is. Idempotent. Answers the Duck. 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND for an unknown one or another customer's.",
      params: triggerParams,
      body: triggerDuckBody,
      response: { 200: duckItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, duck } = await triggerAndDuck(customerId, req.params.id, req.body.duck);
      if (duck.trigger_id !== trigger.id) return toDuckItem(ctx.db, customerId, duck);
      const row = await clearDuckTrigger(ctx.db, customerId, duck.id, trigger.id);
      return toDuckItem(ctx.db, customerId, row ?? duck);
    },
  });

  /** The customer's trigger and registered sensor named by the request, or 404 TRIGGER_NOT_FOUND / DEVICE_NOT_FOUND. */
  const triggerAndSensor = async (customerId: string, triggerId: string, mac: string) => {
    const trigger = await triggerOf(customerId, triggerId);
    const sensor = await findDeviceByMac(ctx.db, customerId, mac);
    if (!sensor) throw new AppError('DEVICE_NOT_FOUND');
    return { trigger, sensor };
  };

  r.post('/trigger/:id/device', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Assign a sensor to a trigger',
      description:
        "`id`: the trigger's device id (`GET /trigger`) or MAC; body `{macAddress}`: a sensor of the customer's registry (six hex pairs, lower case is upper-cased; a trigger or a Duck MAC is refused with 400). The assignment is stored on the sensor's point, exactly as `PUT /point/{id}/trigger` stores it, so `GET /point/{id}/trigger` shows it and each event of the trigger makes the point's sensor measure (TRIGGERED). From the trigger's side a sensor has one trigger: the point's other triggers are unassigned (moved, like a Duck). Idempotent. Answers the trigger with its `assignedDevices`. 404 TRIGGER_NOT_FOUND / DEVICE_NOT_FOUND for an unknown one or another customer's; 409 DEVICE_NOT_ON_POINT when the sensor is not attached to a point (attach it first).",
      params: triggerParams,
      body: triggerDeviceBody,
      response: { 200: triggerItem, 400: badRequestBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, sensor } = await triggerAndSensor(customerId, req.params.id, req.body.macAddress);
      if (!sensor.point_id) throw new AppError('DEVICE_NOT_ON_POINT', 'macAddress');
      await moveDevicePointToTrigger(ctx.db, customerId, sensor.point_id, trigger.mac);
      return triggerItemOf(ctx.db, customerId, trigger);
    },
  });

  r.delete('/trigger/:id/device/:mac', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Unassign a sensor from a trigger',
      description:
        "`id`: the trigger's device id or MAC; `mac`: the sensor's MAC. The trigger is unassigned from the sensor's point (the point's other triggers stay), as `DELETE /point/{id}/trigger {trigger}` does; its events no longer make the sensor measure. Idempotent (a sensor not on the trigger, or on no point, changes nothing). Answers the trigger with its `assignedDevices`. 400 for a malformed MAC or one of a trigger or a Duck; 404 TRIGGER_NOT_FOUND / DEVICE_NOT_FOUND for an unknown one or another customer's.",
      params: triggerDeviceParams,
      response: { 200: triggerItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, sensor } = await triggerAndSensor(customerId, req.params.id, req.params.mac);
      if (sensor.point_id) await unassignPointTrigger(ctx.db, customerId, sensor.point_id, trigger.mac);
      return triggerItemOf(ctx.db, customerId, trigger);
    },
  });
}
