import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { senseway, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { liveSocketUrl, signLiveQuery } from '../../infra/live-url.ts';
import { authOf } from '../auth/access.ts';
import { sendMeasureCommand } from './measure-command.ts';
import { scansOfDevice } from './repo.ts';
import { findDeviceRow, latestBattery } from '../devices/repo.ts';

/** A scan older than this is no evidence of the device's state (gateways scan about every 60 s). */
export const SCAN_STALE_MS = 5 * 60 * 1000;

export async function iotRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.measurePoint),
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

  r.route({
    ...routeOf(ENDPOINTS.getBrokerUrl),
    handler: async (req) => {
      const auth = authOf(req);
      const expires = Math.floor(Date.now() / 1000) + ctx.config.liveUrlTtlS;
      const query = signLiveQuery(ctx.secrets.liveUrlKey, { customerId: auth.customerId, userId: auth.userId, expires });
      return { url: liveSocketUrl(req, query), expiresAt: new Date(expires * 1000).toISOString() };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getDeviceRoutingLookup),
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
