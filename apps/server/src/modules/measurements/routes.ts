import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  errorBody,
  measurementDetail,
  measurementDetailQuery,
  deleteMeasurementsBody,
  deleteMeasurementsResponse,
  measurementDownloadResponse,
  measurementFilterQuery,
  measurementListResponse,
  measurementTagsResponse,
  timeZoneOffsetMinutes,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { PUBLIC } from '../auth/access.ts';
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
  const FILTERS_DOC =
    'Filters (all optional, combined with AND): `tags` and `points` comma lists (a measurement matches with any of the tags / points), `ids` comma list, `macAddress` (any case), `measurementType`, `startDate`/`endDate` `YYYY-MM-DD HH:mm:ss` in the customer’s time zone (preferences.localization.timeZone; ISO 8601 with an offset also accepted), inclusive, on createdAt; `onlyMine`, `upload`, `favorite`, `partial`, `error` (`partial` and `error` together: either); value filter `telemetry` with `minValueActive`/`minValue` and `maxValueActive`/`maxValue`: a measurement matches when any of its computed values of that telemetry (any axis, device-reported values excluded) lies within the active bounds, inclusive. Both active with min ≥ max: 400 `admin.warningForValidationValue`.';

  r.get('/measurement', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'Search measurements (newest first, paged)',
      description: `${FILTERS_DOC} Paging: \`page\` from 1, \`pageSize\` 10, 25, 50 or 75. \`total\` counts matches up to 10,000; \`totalExact\` false means at least that many.`,
      querystring: measurementFilterQuery,
      response: { 200: measurementListResponse, 400: badRequestBody },
    },
    handler: async (req) => listMeasurements(ctx.db, scopeOf(req), req.query),
  });

  r.get('/measurement/tags', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'Tag suggestions: the customer’s measurement tags, most used first (at most 200)',
      response: { 200: measurementTagsResponse },
    },
    handler: async (req) => measurementTags(ctx.db, authOf(req).customerId),
  });

  r.delete('/measurements', {
    config: { access: needs('deleteMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'Delete a selection of measurements',
      description:
        'Body `{ids}` (1–1000 measurement ids; the spec’s `{query}` is read as this list). Rows, telemetry values and pending chunks go in one transaction, stored waveforms after the commit. Ids of another customer or unknown ids are ignored; `deleted` counts what was removed.',
      body: deleteMeasurementsBody,
      response: { 200: deleteMeasurementsResponse, 400: badRequestBody },
    },
    handler: async (req) => ({
      deleted: await deleteMeasurements(ctx.db, ctx.storage, ctx.chunks, authOf(req).customerId, req.body.ids, req.log),
    }),
  });

  r.get('/measurement/download', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'A signed URL of a zip archive of the matching measurements',
      description: `Same query as GET /measurement (page and pageSize ignored; \`ids\` limits it to a selection). Answers \`{url, expiresAt}\`: a GET of \`url\` (no token needed, valid 5 minutes, on this customer’s host) streams \`application/zip\` with \`index.csv\`, and per measurement \`{id}.json\` (units, sampling rate Hz, range g, axis mapping, telemetry) and \`{id}.csv\` (time_s and the three axes in g). ${FILTERS_DOC}`,
      querystring: measurementFilterQuery,
      response: { 200: measurementDownloadResponse, 400: badRequestBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const { page: _page, pageSize: _size, ...filters } = req.query;
      const { search, expires } = signDownload(ctx.secrets.storageKey, auth.customerId, auth.userId, filters);
      return { url: `/api${ARCHIVE_PATH}?${search}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
  });

  r.get(ARCHIVE_PATH, {
    config: { access: PUBLIC },
    schema: {
      tags: ['measurements'],
      summary: 'The zip archive behind a signed download URL (streamed)',
      description: '403 when the signature is wrong or expired, or the URL is used on another customer’s host.',
      querystring: z.object({ q: z.string(), user: z.string(), expires: z.coerce.number().int(), signature: z.string() }),
      response: { 403: errorBody },
    },
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

  r.get('/measurement/:id', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'One measurement with its samples and telemetry',
      description:
        '`data[key]` holds the samples at `calibratedSamplingRate` Hz, `measurementData` the keys with their units. A tri-axial measurement: `accelerometer_x/y/z` in g, decoded from the stored raw int16 stream. A Duck’s (docs/ducks.md): `channel_{order}` per configured channel in its sensor type’s unit (A, V, g, °C …), decoded from the stored uint32 stream with the measurement’s voltage reference and scaled as the ingest did, and `config` the Duck configuration it was taken with. `samples=none`: a tri-axial measurement’s `data` is `{}` (`measurementData` still lists the stored axes), the samples being read in binary from GET /measurement/{id}/signal (docs/signals.md). Another customer’s measurement answers 404.',
      params: z.object({ id: z.string() }),
      querystring: measurementDetailQuery,
      response: { 200: measurementDetail, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) =>
      loadMeasurementDetail(ctx, authOf(req).customerId, req.params.id, { samples: req.query.samples !== 'none' }),
  });
}
