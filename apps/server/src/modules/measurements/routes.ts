import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { measurementFilterQuery, timeZoneOffsetMinutes, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { deleteMeasurements } from './delete.ts';
import { ARCHIVE_PATH, signDownload, streamArchive, verifyDownload } from './download.ts';
import { loadMeasurementDetail } from './detail-repo.ts';
import { listMeasurements, type ListScope } from './repo.ts';
import { measurementTags } from './tags.ts';

export async function measurementRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const scopeOf = (req: FastifyRequest): ListScope => {
    const auth = authOf(req);
    return {
      customerId: auth.customerId,
      userId: auth.userId,
      zoneOffsetMinutes: timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone),
    };
  };

  r.route({
    ...routeOf(ENDPOINTS.listMeasurements),
    handler: async (req) => listMeasurements(ctx.db, scopeOf(req), req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.listMeasurementTags),
    handler: async (req) => measurementTags(ctx.db, authOf(req).customerId),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteMeasurements),
    handler: async (req) => ({
      deleted: await deleteMeasurements(ctx.db, ctx.storage, ctx.chunks, authOf(req).customerId, req.body.ids, req.log),
    }),
  });

  r.route({
    ...routeOf(ENDPOINTS.downloadMeasurements),
    handler: async (req) => {
      const auth = authOf(req);
      const { page: _page, pageSize: _size, ...filters } = req.query;
      const { search, expires } = signDownload(ctx.secrets.storageKey, auth.customerId, auth.userId, filters);
      return { url: `/api${ARCHIVE_PATH}?${search}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.downloadMeasurementArchive),
    handler: async (req, reply) => {
      const customer = req.customer;
      const signed = customer ? verifyDownload(ctx.secrets.storageKey, customer.id, req.query) : null;
      const filters = signed ? measurementFilterQuery.safeParse(signed) : null;
      if (!customer || !filters?.success) throw new AppError('FORBIDDEN');
      const scope: ListScope = {
        customerId: customer.id,
        userId: req.query.user,
        zoneOffsetMinutes: timeZoneOffsetMinutes(customer.preferences.localization.timeZone),
      };
      // named by the customer's wall clock (YYYYMMDD-HHmmss), as every date the user sees
      const stamp = new Date(Date.now() + scope.zoneOffsetMinutes * 60_000)
        .toISOString()
        .slice(0, 19)
        .replace(/[-:]/g, '')
        .replace('T', '-');
      const body = streamArchive(ctx.db, ctx.storage, scope, filters.data, (err) =>
        req.log.error({ err }, 'measurement archive failed'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="measurements-${stamp}.zip"`)
        .header('cache-control', 'no-store')
        .send(body as never); // a stream bypasses the serializer (no 200 schema)
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getMeasurement),
    handler: async (req) =>
      loadMeasurementDetail(ctx, authOf(req).customerId, req.params.id, { samples: req.query.samples !== 'none' }),
  });
}
