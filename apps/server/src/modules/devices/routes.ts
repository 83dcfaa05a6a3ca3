import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  createdBody,
  deviceCreateBody,
  deviceItem,
  deviceList,
  deviceListQuery,
  deviceUpdateBody,
  errorBody,
  okBody,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { authOf, needs } from '../auth/access.ts';
import { deleteUnattachedDevice, findDevice, findGateway, insertDevice, listDevices, setDeviceGateway } from './repo.ts';

const idParams = z.object({ id: z.string() });

/**
 * Device registry of the customer (docs/devices.md): sensors, triggers and ducks learned from
 * `scanDevice` or registered by an admin (spec 002 §7 Admin; spec 001 §7 `GET /device`). Gateway
 * registration and WLAN configuration are the gateways module's (gateways/registration-routes.ts).
 */
export async function devicesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The customer's gateway by id or MAC, or GATEWAY_NOT_FOUND. */
  const gatewayOf = async (customerId: string, idOrMac: string) => {
    const gw = await findGateway(ctx.db, customerId, idOrMac);
    if (!gw) throw new AppError('GATEWAY_NOT_FOUND');
    return gw;
  };

  r.get('/device', {
    config: { access: needs('readPoint', 'readGateway') },
    schema: {
      tags: ['devices'],
      summary: "The customer's devices (sensors, triggers, ducks) with their latest scan",
      description:
        'Without `all=true` at most 10 devices (spec: the device search lists 10; enter a MAC address to find others); with it at most 5000. `macAddress` filters by a part of the MAC (case-insensitive), `kind` by type (SENSEWAY, TRIGGER, DUCK by MAC prefix). Ordered by MAC. `rssi` (dBm), `status`, `lastGateway` and `lastSeenAt` come from the latest scan by one of the customer’s gateways; `status` is `unknown` when that scan is older than 5 minutes.',
      querystring: deviceListQuery,
      response: { 200: deviceList, 400: badRequestBody },
    },
    handler: async (req) => listDevices(ctx.db, authOf(req).customerId, req.query),
  });

  r.get('/device/:id', {
    config: { access: needs('readPoint', 'readGateway') },
    schema: {
      tags: ['devices'],
      summary: 'One device of the customer by id or MAC',
      params: idParams,
      response: { 200: deviceItem, 404: errorBody },
    },
    handler: async (req) => {
      const d = await findDevice(ctx.db, authOf(req).customerId, req.params.id);
      if (!d) throw new AppError('DEVICE_NOT_FOUND');
      return d;
    },
  });

  r.post('/device', {
    config: { access: needs('addSensor') },
    schema: {
      tags: ['devices'],
      summary: 'Register a device by MAC address',
      description:
        'Registers (claims) a device: one the customer’s gateway lists in `availableDevices`, or one not heard yet (a scan registers nothing). `gateway`: the customer’s gateway to send its commands through (null: the one that heard it last). 409 DEVICE_REGISTERED when the MAC is registered already (to any customer), 404 GATEWAY_NOT_FOUND for a gateway that is not the customer’s.',
      body: deviceCreateBody,
      response: { 200: createdBody, 400: badRequestBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const gateway = req.body.gateway ? (await gatewayOf(auth.customerId, req.body.gateway)).mac : null;
      const id = newId();
      if (!(await insertDevice(ctx.db, { id, customerId: auth.customerId, mac: req.body.macAddress, gatewayMac: gateway })))
        throw new AppError('DEVICE_REGISTERED', 'macAddress');
      await ctx.edge.scopeChanged(auth.customerId); // its gateways may now speak for it
      return { _id: id };
    },
  });

  r.put('/device/:id', {
    config: { access: needs('addSensor') },
    schema: {
      tags: ['devices'],
      summary: 'Set the gateway a device is commanded through',
      description: '`gateway` null: the gateway that heard the device last. 404 DEVICE_NOT_FOUND, GATEWAY_NOT_FOUND.',
      params: idParams,
      body: deviceUpdateBody,
      response: { 200: deviceItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const device = await findDevice(ctx.db, auth.customerId, req.params.id);
      if (!device) throw new AppError('DEVICE_NOT_FOUND');
      const gateway = req.body.gateway ? (await gatewayOf(auth.customerId, req.body.gateway)).mac : null;
      await setDeviceGateway(ctx.db, auth.customerId, device._id, gateway);
      await ctx.edge.scopeChanged(auth.customerId);
      return (await findDevice(ctx.db, auth.customerId, device._id))!;
    },
  });

  r.delete('/device/:id', {
    config: { access: needs('addSensor') },
    schema: {
      tags: ['devices'],
      summary: 'Remove a device from the registry',
      description:
        '409 DEVICE_IN_USE while it is attached to a point (remove it from the point first). A device that is still heard by the customer’s gateways is registered again by the next scan.',
      params: idParams,
      response: { 200: okBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const device = await findDevice(ctx.db, auth.customerId, req.params.id);
      if (!device) throw new AppError('DEVICE_NOT_FOUND');
      if (!(await deleteUnattachedDevice(ctx.db, auth.customerId, device._id))) throw new AppError('DEVICE_IN_USE');
      await ctx.edge.scopeChanged(auth.customerId);
      return { ok: true as const };
    },
  });
}
