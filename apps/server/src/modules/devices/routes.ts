import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  createdBody,
  deviceCreateBody,
  deviceItem,
  deviceKindOf,
  deviceList,
  deviceListQuery,
  deviceUpdateBody,
  errorBody,
  gatewayCreateBody,
  gatewayCreated,
  okBody,
  senseway,
  wlanConfigBody,
  wlanConfigResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { authOf, needs } from '../auth/access.ts';
import { deviceTypeOf, findDevice, listDevices } from './repo.ts';
import { sendWlanConfig, wlanTopics } from './wlan.ts';
import { customerOrigin } from '../customers/tenant.ts';
import { forgetEdgeCredentials, issueEdgeCredentials } from '../edge/credentials.ts';
import { findGateway } from '../gateways/repo.ts';

const idParams = z.object({ id: z.string() });

/**
 * Device registry of the customer (docs/devices.md): sensors, triggers and ducks learned from
 * `scanDevice` or registered by an admin, gateway registration, and WLAN configuration of gateways
 * and triggers (spec 002 §2 "Gateways tab", §7 Admin; spec 001 §7 `GET /device`).
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
      const res = await ctx.db
        .insertInto('devices')
        .values({
          id,
          customer_id: auth.customerId,
          mac: req.body.macAddress,
          type: deviceTypeOf(req.body.macAddress),
          point_id: null,
          gateway_mac: gateway,
          profile: null,
        })
        .onConflict((oc) => oc.column('mac').doNothing())
        .executeTakeFirst();
      if (!Number(res.numInsertedOrUpdatedRows)) throw new AppError('DEVICE_REGISTERED', 'macAddress');
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
      await ctx.db.updateTable('devices').set({ gateway_mac: gateway }).where('id', '=', device._id).execute();
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
      const res = await ctx.db
        .deleteFrom('devices')
        .where('id', '=', device._id)
        .where('point_id', 'is', null)
        .executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw new AppError('DEVICE_IN_USE');
      await ctx.edge.scopeChanged(auth.customerId);
      return { ok: true as const };
    },
  });

  r.post('/gateway', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Register a gateway of the customer and issue its MQTT credentials',
      description:
        "`root`: topic root `prod` (default) or `lake`. Answers the gateway's id and its MQTT credentials (username = the MAC, a random password shown only in this answer; see `POST /gateway/{id}/credentials`). Its `scanDevice` reports then offer the devices it hears in `availableDevices`, for an admin to claim; a scan registers nothing. 409 DEVICE_REGISTERED when the MAC is registered already (to any customer).",
      body: gatewayCreateBody,
      response: { 200: gatewayCreated, 400: badRequestBody, 409: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const id = newId();
      const res = await ctx.db
        .insertInto('gateways')
        .values({ id, customer_id: auth.customerId, mac: req.body.macAddress, root: req.body.root, last_seen_at: null })
        .onConflict((oc) => oc.column('mac').doNothing())
        .executeTakeFirst();
      if (!Number(res.numInsertedOrUpdatedRows)) throw new AppError('DEVICE_REGISTERED', 'macAddress');
      const credentials = await issueEdgeCredentials(ctx, {
        customerId: auth.customerId,
        mac: req.body.macAddress,
        kind: 'GATEWAY',
        userId: auth.userId,
        hostname: new URL(customerOrigin(req)).hostname,
      });
      return { _id: id, credentials };
    },
  });

  r.delete('/gateway/:id', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Remove a gateway of the customer (by id or MAC)',
      description:
        'Its devices stay registered; devices attached to points that named it fall back to any gateway that hears them.',
      params: idParams,
      response: { 200: okBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const gw = await gatewayOf(auth.customerId, req.params.id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('devices')
          .set({ gateway_mac: null })
          .where('customer_id', '=', auth.customerId)
          .where('gateway_mac', '=', gw.mac)
          .execute();
        await trx.deleteFrom('gateways').where('id', '=', gw.id).execute();
      });
      // its MQTT identity goes with it: the broker refuses and disconnects it
      await forgetEdgeCredentials(ctx, auth.customerId, gw.mac);
      await ctx.edge.scopeChanged(auth.customerId);
      return { ok: true as const };
    },
  });

  r.put('/gateway/:id/config', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Send WLAN credentials (SSID, password) to a gateway',
      description:
        'Publishes `<root>/gateway/<GW>/config/wlan` with JSON `{ssid, password}` (QoS 1; our transport, senseway-gateway.md §13). The gateway tries the new credentials 3 times before it falls back to its defaults, which takes up to 2 minutes. The password is not stored or logged; the answer echoes the topic, SSID and time. `id`: gateway id or MAC. 404 GATEWAY_NOT_FOUND, 503 BROKER_UNAVAILABLE.',
      params: idParams,
      body: wlanConfigBody,
      response: { 200: wlanConfigResponse, 400: badRequestBody, 404: errorBody, 503: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const gw = await gatewayOf(auth.customerId, req.params.id);
      return sendWlanConfig(
        ctx,
        {
          customerId: auth.customerId,
          userId: auth.userId,
          mac: gw.mac,
          kind: 'GATEWAY',
          topic: wlanTopics.gateway(senseway.sensewayRootOf(gw.root), gw.mac),
        },
        req.body,
      );
    },
  });

  r.put('/trigger/:id/config', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Send WLAN credentials (SSID, password) to a trigger',
      description:
        'Publishes `<root>/gateway/<GW>/device/<TRIGGER>/config/wlan` with JSON `{ssid, password}` through the trigger’s gateway (the one set on the device, else the one that heard it last). `id`: trigger device id or MAC. 404 DEVICE_NOT_FOUND (also for a device that is not a trigger), 409 NO_ROUTING when no gateway of the customer reaches it, 503 BROKER_UNAVAILABLE.',
      params: idParams,
      body: wlanConfigBody,
      response: { 200: wlanConfigResponse, 400: badRequestBody, 404: errorBody, 409: errorBody, 503: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const device = await findDevice(ctx.db, auth.customerId, req.params.id);
      if (!device || deviceKindOf(device.macAddress) !== 'TRIGGER') throw new AppError('DEVICE_NOT_FOUND');
      const via = device.gateway ?? device.lastGateway;
      const gw = via
        ? await ctx.db
            .selectFrom('gateways')
            .select(['mac', 'root'])
            .where('customer_id', '=', auth.customerId)
            .where('mac', '=', via)
            .executeTakeFirst()
        : undefined;
      if (!gw) throw new AppError('NO_ROUTING');
      return sendWlanConfig(
        ctx,
        {
          customerId: auth.customerId,
          userId: auth.userId,
          mac: device.macAddress,
          kind: 'TRIGGER',
          topic: wlanTopics.device(senseway.sensewayRootOf(gw.root), gw.mac, device.macAddress),
        },
        req.body,
      );
    },
  });
}
