import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceKindOf, type MeasurementProfile, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import {
  attachDevice,
  attachedDevice,
  clearPointProfile,
  detachDevice,
  pointConfigOf,
  setChannelGroups,
  setDeviceProfile,
} from './repo.ts';
import { withPoint } from './with-point.ts';

/**
 * The point configuration card (spec 001 §2 "Configuration card", §7): device, profile and DUCKV1
 * channel groups. Periodic and trigger live in modules/scheduler. Every answer is the point's
 * configuration after the change. Another customer's point answers 404 POINT_NOT_FOUND (withPoint).
 */
export async function pointConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getPointConfig),
    handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => pointConfigOf(ctx.db, customerId, pointId)),
  });

  r.route({
    ...routeOf(ENDPOINTS.setPointDevice),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await attachDevice(ctx.db, customerId, pointId, req.body, newId());
        await ctx.edge.scopeChanged(customerId); // a device new to the registry, or another gateway
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.removePointDevice),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await detachDevice(ctx.db, customerId, pointId);
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.setPointProfile),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const device = await attachedDevice(ctx.db, customerId, pointId);
        if (!device) throw new AppError('NO_DEVICE');
        const b = req.body;
        const profile: MeasurementProfile = {
          sampleSize: b.sampleSize,
          samplingRate: b.samplingRateIndex,
          accelerometerRange: b.accelerometerRangeIndex,
          sensorSelection: b.sensorSelectionIndex,
          window: b.window,
        };
        await setDeviceProfile(ctx.db, customerId, device.id, profile);
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.removePointProfile),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await clearPointProfile(ctx.db, customerId, pointId);
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.setPointChannelGroups),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const device = await attachedDevice(ctx.db, customerId, pointId);
        if (!device) throw new AppError('NO_DEVICE');
        if (deviceKindOf(device.mac) !== 'DUCK') throw new AppError('DEVICE_KIND_MISMATCH');
        const groups = [...new Set(Array.isArray(req.body.channelGroups) ? req.body.channelGroups : [req.body.channelGroups])];
        await setChannelGroups(ctx.db, customerId, pointId, groups);
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });
}
