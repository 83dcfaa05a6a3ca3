import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  deviceKindOf,
  errorBody,
  pointChannelGroupBody,
  pointConfig,
  pointDeviceBody,
  pointProfileBody,
  type MeasurementProfile,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { needs } from '../auth/access.ts';
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

const params = z.object({ id: z.string() });
const answers = { 200: pointConfig, 400: badRequestBody, 404: errorBody, 409: errorBody };

/**
 * The point configuration card (spec 001 §2 "Configuration card", §7): device, profile and DUCKV1
 * channel groups. Periodic and trigger live in modules/scheduler. Every answer is the point's
 * configuration after the change. Another customer's point answers 404 POINT_NOT_FOUND (withPoint).
 */
export async function pointConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/point/:id/config', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['point-config'],
      summary: "A point's configuration: device, profile, DUCKV1 channel groups",
      params,
      response: { 200: pointConfig, 404: errorBody },
    },
    handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => pointConfigOf(ctx.db, customerId, pointId)),
  });

  r.put('/point/:id/device', {
    config: { access: needs('updatePointConfig') },
    schema: {
      tags: ['point-config'],
      summary: 'Attach a device (by MAC) to a point, through a gateway',
      description:
        '`macAddress`: six upper-case hex pairs (lower case is accepted and upper-cased). `gateway`: a gateway MAC of the customer, or null for any gateway that hears the device. A MAC registered to no customer is registered to this one. A device is attached to one point at a time: 409 DEVICE_IN_USE when it is attached to another point (detach it there first; nothing is moved silently). Replacing the point’s device keeps the point’s profile on the new device. 409 DEVICE_REGISTERED for another customer’s MAC, DEVICE_KIND_MISMATCH for a trigger (assign triggers with `PUT /point/{id}/trigger`); 404 POINT_NOT_FOUND, GATEWAY_NOT_FOUND.',
      params,
      body: pointDeviceBody,
      response: answers,
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await attachDevice(ctx.db, customerId, pointId, req.body, newId());
        await ctx.edge.scopeChanged(customerId); // a device new to the registry, or another gateway
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.delete('/point/:id/device', {
    config: { access: needs('deletePointConfig') },
    schema: {
      tags: ['point-config'],
      summary: "Detach the point's device",
      description:
        'The device stays in the registry without profile; the point’s profile and channel groups are cleared. Idempotent.',
      params,
      response: { 200: pointConfig, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await detachDevice(ctx.db, customerId, pointId);
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.put('/point/:id/profile', {
    config: { access: needs('updatePointConfig') },
    schema: {
      tags: ['point-config'],
      summary: "Set the measurement profile of the point's device",
      description:
        '`sampleSize`: samples per axis, 10 … 50000 in steps of 10 (default 1000 in the card). `samplingRateIndex` 5 … 10 (nominal 25·2^i Hz: 800 … 25600 Hz), `accelerometerRangeIndex` 1 … 4 (±2^i g), `sensorSelectionIndex` 0 … 3 (device default, accelerometer, magnetometer, both; default 0), `window` one of the spectral windows (default hanning). Stored as `profile` {sampleSize, samplingRate, accelerometerRange, sensorSelection, window} and sent with every measure command. 409 NO_DEVICE without a device.',
      params,
      body: pointProfileBody,
      response: answers,
    },
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

  r.delete('/point/:id/profile', {
    config: { access: needs('deletePointConfig') },
    schema: {
      tags: ['point-config'],
      summary: "Clear the point's measurement profile",
      description: 'Without a profile the point cannot be measured. Idempotent.',
      params,
      response: { 200: pointConfig, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await clearPointProfile(ctx.db, customerId, pointId);
        return pointConfigOf(ctx.db, customerId, pointId);
      }),
  });

  r.put('/point/:id/channelGroup', {
    config: { access: needs('updatePointConfig') },
    schema: {
      tags: ['point-config'],
      summary: 'Set the DUCKV1 channel groups of a point',
      description:
        '`channelGroups`: one group code or a list of them; a code is channel orders 1 … 8, each at most once, joined by `|` (e.g. `1|2|3`, the duck sensor’s groupCode). Replaces the stored list. 409 NO_DEVICE without a device, DEVICE_KIND_MISMATCH when the point’s device is not a duck.',
      params,
      body: pointChannelGroupBody,
      response: answers,
    },
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
