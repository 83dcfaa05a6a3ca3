import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceKindOf, senseway, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { findDevice, findGateway, gatewayOrThrow } from '../devices/repo.ts';
import { sendWlanConfig, wlanTopics } from '../devices/wlan.ts';
import { customerOrigin } from '../tenancy/tenant.ts';
import { registerGateway, removeGateway } from './registration.ts';

/**
 * Gateway registration and the WLAN configuration of gateways and triggers (docs/devices.md; spec
 * 002 §2 "Gateways tab", §7 Admin): registering a gateway issues its MQTT credentials, removing it
 * revokes them.
 */
export async function gatewayRegistrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.createGateway),
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

  r.route({
    ...routeOf(ENDPOINTS.deleteGateway),
    handler: async (req) => {
      const auth = authOf(req);
      await removeGateway(ctx, auth.customerId, await gatewayOrThrow(ctx.db, auth.customerId, req.params.id));
      return { ok: true as const };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.updateGatewayConfig),
    handler: async (req) => {
      const auth = authOf(req);
      const gw = await gatewayOrThrow(ctx.db, auth.customerId, req.params.id);
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

  r.route({
    ...routeOf(ENDPOINTS.updateTriggerConfig),
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
