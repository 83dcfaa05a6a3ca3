import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AXIS_KEYS,
  SIGNAL_MEDIA_TYPE,
  badRequestBody,
  deleteMeasurementResponse,
  errorBody,
  favoriteBody,
  favoriteResponse,
  measurementJsonExport,
  measurementPhotosResponse,
  noteBody,
  noteResponse,
  tagsBody,
  tagsResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs, PUBLIC } from '../auth/access.ts';
import {
  cleanTags,
  deleteOne,
  deletePhoto,
  listPhotos,
  measurementJson,
  PHOTO_OBJECT_PATH,
  findPhoto,
  setMeasurementField,
  verifyPhotoUrl,
} from './detail-repo.ts';
import { loadMeasurementSignal, type MeasurementSignal } from './signal.ts';

const idParams = z.object({ id: z.string() });

/** The query of GET /measurement/{id}/signal (and its share-link twin). */
export const signalQuery = z.object({ axis: z.enum(AXIS_KEYS).optional() });
/** The OpenAPI text of the binary waveform read. */
export const SIGNAL_DOC =
  'The stored samples as binary (`application/octet-stream`, brotli/gzip by Accept-Encoding): header `OTSG`, version 1, sample type (1 int16), channel count k, samples per channel n, the calibrated sampling rate (float64 Hz) and the scale (float64 g per count), then k channel keys of 16 bytes and the k·n int16 LE counts channel after channel; g = count × scale. Layout: docs/signals.md (packages/contract signal-codec.ts encodes and decodes it). `axis` asks for one axis; without it x, y, z. No channel while the waveform is not stored, and for a Duck (its channels come with GET /measurement/{id}).';

/** Sends an encoded signal: binary, compressible, cached for an hour once the waveform is final. */
export const sendSignal = (reply: FastifyReply, s: MeasurementSignal) =>
  reply
    .type(SIGNAL_MEDIA_TYPE)
    .header('cache-control', s.final ? 'private, max-age=3600' : 'no-store')
    .send(Buffer.from(s.bytes.buffer, s.bytes.byteOffset, s.bytes.byteLength) as never);

/** The measurement detail page's own calls (spec 002 §2, §7); docs/measurement-list.md for the list. */
export async function measurementDetailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const NOT_FOUND_DOC = 'Another customer’s measurement answers 404 exactly like a missing one.';

  r.put('/measurement/:id/favorite', {
    config: { access: needs('updateMeasurementTags') },
    schema: {
      tags: ['measurement detail'],
      summary: 'Set the favorite star of a measurement',
      description: `Body \`{favorite}\`: the new value (the page toggles and sends it). ${NOT_FOUND_DOC}`,
      params: idParams,
      body: favoriteBody,
      response: { 200: favoriteResponse, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await setMeasurementField(ctx.db, customerId, req.params.id, { favorite: req.body.favorite });
      if (!row) throw new AppError('MEASUREMENT_NOT_FOUND');
      return { favorite: row.favorite };
    },
  });

  r.put('/measurement/:id/note', {
    config: { access: needs('updateMeasurementTags') },
    schema: {
      tags: ['measurement detail'],
      summary: 'Save the note of a measurement',
      description: `Body \`{note}\`, at most 1000 characters (longer: 400 \`{errors:[{msg}]}\`), '' clears it. \`result: 1\` means saved. ${NOT_FOUND_DOC}`,
      params: idParams,
      body: noteBody,
      response: { 200: noteResponse, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await setMeasurementField(ctx.db, customerId, req.params.id, { note: req.body.note });
      if (!row) throw new AppError('MEASUREMENT_NOT_FOUND');
      return { result: 1 as const, note: row.note };
    },
  });

  r.put('/measurement/:id/tags', {
    config: { access: needs('updateMeasurementTags') },
    schema: {
      tags: ['measurement detail'],
      summary: 'Replace the tags of a measurement',
      description: `Body \`{tags}\` (at most 50, each at most 64 characters). Tags are trimmed; empty ones and duplicates are dropped, the order is kept. Suggestions: GET /measurement/tags and the contract’s FAULT_TAG_SUGGESTIONS. ${NOT_FOUND_DOC}`,
      params: idParams,
      body: tagsBody,
      response: { 200: tagsResponse, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await setMeasurementField(ctx.db, customerId, req.params.id, { tags: cleanTags(req.body.tags) });
      if (!row) throw new AppError('MEASUREMENT_NOT_FOUND');
      return { tags: row.tags };
    },
  });

  r.get('/measurement/:id/photo', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurement detail'],
      summary: 'The photos attached to a measurement',
      description: `Oldest first; each \`url\` is a signed GET (no token needed) valid 1 hour. ${NOT_FOUND_DOC}`,
      params: idParams,
      response: { 200: measurementPhotosResponse, 404: errorBody },
    },
    handler: async (req) => listPhotos(ctx, authOf(req).customerId, req.params.id),
  });

  r.delete('/measurement/:id/photo/:photoKeyPart', {
    config: { access: needs('deleteMeasurementPhoto') },
    schema: {
      tags: ['measurement detail'],
      summary: 'Delete a photo of a measurement',
      description: `\`photoKeyPart\` is the last segment of the photo’s \`key\`. 404 PHOTO_NOT_FOUND when the measurement has no such photo. ${NOT_FOUND_DOC}`,
      params: z.object({ id: z.string(), photoKeyPart: z.string().regex(/^[A-Za-z0-9._-]{1,120}$/) }),
      response: { 200: z.object({ ok: z.literal(true) }), 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      await deletePhoto(ctx, authOf(req).customerId, req.params.id, req.params.photoKeyPart);
      return { ok: true as const };
    },
  });

  r.get(PHOTO_OBJECT_PATH, {
    config: { access: PUBLIC },
    schema: {
      tags: ['measurement detail'],
      summary: 'The bytes of a measurement photo behind a signed URL',
      description: 'The `url` of GET /measurement/{id}/photo. 403 when expired or tampered with, 404 when the photo was deleted.',
      querystring: z.object({ key: z.string().max(300), expires: z.coerce.number().int(), signature: z.string().max(100) }),
      response: { 403: errorBody, 404: errorBody },
    },
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

  r.delete('/measurement/:id', {
    config: { access: needs('deleteMeasurement') },
    schema: {
      tags: ['measurement detail'],
      summary: 'Delete one measurement; answers the adjacent measurement of its point',
      description: `Removes the row, its telemetry, waveform, photos and share links. \`pointId\` null: the page goes to \`/\`; otherwise it opens \`adjacent\` (the next newer measurement of the point, else the next older one); \`adjacent\` null: none left, go to \`/\`. ${NOT_FOUND_DOC}`,
      params: idParams,
      response: { 200: deleteMeasurementResponse, 404: errorBody },
    },
    handler: async (req) => deleteOne(ctx, authOf(req).customerId, req.params.id, req.log),
  });

  r.get('/measurement/:id/signal', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurement detail'],
      summary: 'The waveform of a measurement, binary (int16 counts with their scale)',
      description: `${SIGNAL_DOC} ${NOT_FOUND_DOC}`,
      params: idParams,
      querystring: signalQuery,
      response: { 400: badRequestBody, 404: errorBody },
    },
    handler: async (req, reply) =>
      sendSignal(reply, await loadMeasurementSignal(ctx, authOf(req).customerId, req.params.id, req.query.axis)),
  });

  r.get('/measurement/:id/json', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurement detail'],
      summary: 'Download one measurement as a JSON file (metadata and samples)',
      description: `The tools menu’s download: \`application/json\` as an attachment \`measurement-{id}.json\`; \`data[axis]\` are the samples in g at \`measurement.samplingRateHz\`. ${NOT_FOUND_DOC}`,
      params: idParams,
      response: { 200: measurementJsonExport, 404: errorBody },
    },
    handler: async (req, reply) => {
      const body = await measurementJson(ctx, authOf(req).customerId, req.params.id);
      reply.header('content-disposition', `attachment; filename="measurement-${body.measurement._id}.json"`);
      return body;
    },
  });
}
