import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNAL_MEDIA_TYPE, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import {
  cleanTags,
  deleteOne,
  deletePhoto,
  listPhotos,
  measurementJson,
  findPhoto,
  setMeasurementField,
  verifyPhotoUrl,
} from './detail-repo.ts';
import { loadMeasurementSignal, type MeasurementSignal } from './signal.ts';

/** Sends an encoded signal: binary, compressible, cached for an hour once the waveform is final. */
export const sendSignal = (reply: FastifyReply, s: MeasurementSignal) =>
  reply
    .type(SIGNAL_MEDIA_TYPE)
    .header('cache-control', s.final ? 'private, max-age=3600' : 'no-store')
    .send(Buffer.from(s.bytes.buffer, s.bytes.byteOffset, s.bytes.byteLength) as never);

/** The measurement detail page's own calls (spec 002 §2, §7); docs/measurement-list.md for the list. */
export async function measurementDetailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.setMeasurementFavorite),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await setMeasurementField(ctx.db, customerId, req.params.id, { favorite: req.body.favorite });
      if (!row) throw new AppError('MEASUREMENT_NOT_FOUND');
      return { favorite: row.favorite };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.setMeasurementNote),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await setMeasurementField(ctx.db, customerId, req.params.id, { note: req.body.note });
      if (!row) throw new AppError('MEASUREMENT_NOT_FOUND');
      return { result: 1 as const, note: row.note };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.setMeasurementTags),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await setMeasurementField(ctx.db, customerId, req.params.id, { tags: cleanTags(req.body.tags) });
      if (!row) throw new AppError('MEASUREMENT_NOT_FOUND');
      return { tags: row.tags };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.listMeasurementPhotos),
    handler: async (req) => listPhotos(ctx, authOf(req).customerId, req.params.id),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteMeasurementPhoto),
    handler: async (req) => {
      await deletePhoto(ctx, authOf(req).customerId, req.params.id, req.params.photoKeyPart);
      return { ok: true as const };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getMeasurementPhotoObject),
    handler: async (req, reply) => {
      if (!req.customer || !verifyPhotoUrl(ctx.secrets.storageKey, req.query)) throw new AppError('FORBIDDEN');
      const row = await findPhoto(ctx.db, req.customer.id, req.query.key);
      const bytes = row ? await ctx.storage.get(req.query.key) : null;
      if (!row || !bytes) throw new AppError('PHOTO_NOT_FOUND');
      return reply
        .header('content-type', row.content_type)
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(bytes) as never);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteMeasurement),
    handler: async (req) => deleteOne(ctx, authOf(req).customerId, req.params.id, req.log),
  });

  r.route({
    ...routeOf(ENDPOINTS.getMeasurementSignal),
    handler: async (req, reply) =>
      sendSignal(reply, await loadMeasurementSignal(ctx, authOf(req).customerId, req.params.id, req.query.axis)),
  });

  r.route({
    ...routeOf(ENDPOINTS.getMeasurementJson),
    handler: async (req, reply) => {
      const body = await measurementJson(ctx, authOf(req).customerId, req.params.id);
      reply.header('content-disposition', `attachment; filename="measurement-${body.measurement._id}.json"`);
      return body;
    },
  });
}
