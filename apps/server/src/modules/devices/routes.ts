import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { authOf } from '../auth/access.ts';
import { deleteUnattachedDevice, findDevice, gatewayOrThrow, insertDevice, listDevices, setDeviceGateway } from './repo.ts';

/**
 * Device registry of the customer (docs/devices.md): sensors, triggers and ducks learned from
 * `scanDevice` or registered by an admin (spec 002 §7 Admin; spec 001 §7 `GET /device`). Gateway
 * registration and WLAN configuration are the gateways module's (gateways/registration-routes.ts).
 */
export async function devicesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listDevices),
    handler: async (req) => listDevices(ctx.db, authOf(req).customerId, req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.getDevice),
    handler: async (req) => {
      const d = await findDevice(ctx.db, authOf(req).customerId, req.params.id);
      if (!d) throw new AppError('DEVICE_NOT_FOUND');
      return d;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.createDevice),
    handler: async (req) => {
      const auth = authOf(req);
      const gateway = req.body.gateway ? (await gatewayOrThrow(ctx.db, auth.customerId, req.body.gateway)).mac : null;
      const id = newId();
      if (!(await insertDevice(ctx.db, { id, customerId: auth.customerId, mac: req.body.macAddress, gatewayMac: gateway })))
        throw new AppError('DEVICE_REGISTERED', 'macAddress');
      await ctx.edge.scopeChanged(auth.customerId); // its gateways may now speak for it
      return { _id: id };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.updateDevice),
    handler: async (req) => {
      const auth = authOf(req);
      const device = await findDevice(ctx.db, auth.customerId, req.params.id);
      if (!device) throw new AppError('DEVICE_NOT_FOUND');
      const gateway = req.body.gateway ? (await gatewayOrThrow(ctx.db, auth.customerId, req.body.gateway)).mac : null;
      await setDeviceGateway(ctx.db, auth.customerId, device._id, gateway);
      await ctx.edge.scopeChanged(auth.customerId);
      return (await findDevice(ctx.db, auth.customerId, device._id))!;
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteDevice),
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
