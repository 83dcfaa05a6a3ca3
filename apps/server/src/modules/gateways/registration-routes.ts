import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  deviceKindOf,
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
import { authOf, needs } from '../auth/access.ts';
import { findDevice, findGateway } from '../devices/repo.ts';
import { sendWlanConfig, wlanTopics } from '../devices/wlan.ts';
import { customerOrigin } from '../tenancy/tenant.ts';
import { registerGateway, removeGateway } from './registration.ts';

const idParams = z.object({ id: z.string() });

/**
 * Gateway registration and the WLAN configuration of gateways and triggers (docs/devices.md; spec
 * 002 §2 "Gateways tab", §7 Admin): registering a gateway issues its MQTT credentials, removing it
 * revokes them.
 */
export async function gatewayRegistrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The customer's gateway by id or MAC, or GATEWAY_NOT_FOUND. */
  const gatewayOf = async (customerId: string, idOrMac: string) => {
    const gw = await findGateway(ctx.db, customerId, idOrMac);
    if (!gw) throw new AppError('GATEWAY_NOT_FOUND');
    return gw;
  };

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
      return registerGateway(ctx, {
        customerId: auth.customerId,
        userId: auth.userId,
        mac: req.body.macAddress,
        root: req.body.root,
        hostname: new URL(customerOrigin(req)).hostname,
      });
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
      await removeGateway(ctx, auth.customerId, await gatewayOf(auth.customerId, req.params.id));
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
      const gw = via ? await findGateway(ctx.db, auth.customerId, via) : undefined;
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
