import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, measureBody, measureResponse, routingLookupResponse, senseway, sigv4Response } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { liveSocketUrl, signLiveQuery } from '../../infra/live-url.ts';
import { authOf, needs } from '../auth/access.ts';
import { sendMeasureCommand } from './measure-command.ts';
import { scansOfDevice } from './repo.ts';
import { findDeviceRow, latestBattery } from '../devices/repo.ts';

/** A scan older than this is no evidence of the device's state (gateways scan about every 60 s). */
export const SCAN_STALE_MS = 5 * 60 * 1000;

export async function iotRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/iot/:pointId/measure', {
    config: { access: needs('createMeasurement') },
    schema: {
      tags: ['iot'],
      summary: 'Request a live measurement of a point',
      description:
        'Creates the measurement (state `requested`) and publishes `<root>/gateway/<gw>/device/<mac>/measure/<id>` with `<rangeIndex>,<rateIndex>,<sampleSize>` from the device profile (senseway-gateway.md §4). Progress arrives on the live topics; the result is `.../measure/<id>/persisted`.',
      params: z.object({ pointId: z.string() }),
      body: measureBody,
      response: { 200: measureResponse, 404: errorBody, 409: errorBody, 503: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const id = await sendMeasureCommand(ctx, {
        customerId: auth.customerId,
        pointId: req.params.pointId,
        type: 'MANUAL',
        userId: auth.userId,
        tags: req.body.tags,
        gateway: req.body.gateway,
      });
      return { _id: id };
    },
  });

  r.get('/iot/sigv4', {
    config: { access: needs('createMeasurement', 'readMeasurement') },
    schema: {
      tags: ['iot'],
      summary: 'Short-lived signed WebSocket URL of the broker',
      description:
        'The broker accepts the connection only with a valid, unexpired signature, and lets it subscribe only to live topics of its customer’s gateways and devices.',
      response: { 200: sigv4Response },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const expires = Math.floor(Date.now() / 1000) + ctx.config.liveUrlTtlS;
      const query = signLiveQuery(ctx.secrets.liveUrlKey, { customerId: auth.customerId, userId: auth.userId, expires });
      return { url: liveSocketUrl(req, query), expiresAt: new Date(expires * 1000).toISOString() };
    },
  });

  r.get('/iot/device/:id/routingLookup', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['iot'],
      summary: 'Which gateways see a device, with rssi and status from their latest scans',
      description: 'Statuses from scans older than 5 minutes read `unknown`.',
      params: z.object({ id: z.string() }),
      response: { 200: routingLookupResponse, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const device = await findDeviceRow(ctx.db, auth.customerId, req.params.id);
      if (!device) throw new AppError('NOT_FOUND');
      const scans = await scansOfDevice(ctx.db, auth.customerId, device.mac);
      const now = Date.now();
      return {
        data: {
          ...(await latestBattery(ctx.db, auth.customerId, device.mac)),
          data: scans.map((s) => ({
            _id: { gateway: s.gateway_mac, device: s.device_mac },
            rssi: s.rssi,
            status:
              now - s.scanned_at.getTime() > SCAN_STALE_MS ? ('unknown' as const) : senseway.normalizeDeviceStatus(s.status),
            scannedAt: s.scanned_at.toISOString(),
          })),
        },
      };
    },
  });
}
