import { z } from 'zod';
import {
  deleteMeasurementsBody,
  deleteMeasurementsResponse,
  measurementDetail,
  measurementDetailQuery,
  measurementDownloadResponse,
  measurementFilterQuery,
  measurementListResponse,
  measurementTagsResponse,
} from '../measurement.ts';
import { endpoint } from './endpoint.ts';

/** The list's filters, as the list, its download and its deletion state them. */
const FILTERS_DOC =
  'Filters (all optional, combined with AND): `tags` and `points` comma lists (a measurement matches with any of the tags / points), `ids` comma list, `macAddress` (any case), `measurementType`, `startDate`/`endDate` `YYYY-MM-DD HH:mm:ss` in the customer’s time zone (preferences.localization.timeZone; ISO 8601 with an offset also accepted), inclusive, on createdAt; `onlyMine`, `upload`, `favorite`, `partial`, `error` (`partial` and `error` together: either); value filter `telemetry` with `minValueActive`/`minValue` and `maxValueActive`/`maxValue`: a measurement matches when any of its computed values of that telemetry (any axis, device-reported values excluded) lies within the active bounds, inclusive. Both active with min ≥ max: 400 `admin.warningForValidationValue`.';

/**
 * The measurement list, its tags, download and deletion (spec 000 "Measurements"; docs/measurement-list.md). Server: modules/measurements.
 */
export const MEASUREMENT_ENDPOINTS = {
  listMeasurements: endpoint({
    method: 'GET',
    path: '/measurement',
    access: { permission: ['readMeasurement'] },
    tags: ['measurements'],
    summary: 'Search measurements (newest first, paged)',
    description: `${FILTERS_DOC} Paging: \`page\` from 1, \`pageSize\` 10, 25, 50 or 75. \`total\` counts matches up to 10,000; \`totalExact\` false means at least that many.`,
    query: measurementFilterQuery,
    response: measurementListResponse,
    errors: [400],
  }),
  listMeasurementTags: endpoint({
    method: 'GET',
    path: '/measurement/tags',
    access: { permission: ['readMeasurement'] },
    tags: ['measurements'],
    summary: 'Tag suggestions: the customer’s measurement tags, most used first (at most 200)',
    response: measurementTagsResponse,
  }),
  deleteMeasurements: endpoint({
    method: 'DELETE',
    path: '/measurements',
    access: { permission: ['deleteMeasurement'] },
    tags: ['measurements'],
    summary: 'Delete a selection of measurements',
    description:
      'Body `{ids}` (1–1000 measurement ids; the spec’s `{query}` is read as this list). Rows, telemetry values and pending chunks go in one transaction, stored waveforms after the commit. Ids of another customer or unknown ids are ignored; `deleted` counts what was removed.',
    body: deleteMeasurementsBody,
    response: deleteMeasurementsResponse,
    errors: [400],
  }),
  downloadMeasurements: endpoint({
    method: 'GET',
    path: '/measurement/download',
    access: { permission: ['readMeasurement'] },
    tags: ['measurements'],
    summary: 'A signed URL of a zip archive of the matching measurements',
    description: `Same query as GET /measurement (page and pageSize ignored; \`ids\` limits it to a selection). Answers \`{url, expiresAt}\`: a GET of \`url\` (no token needed, valid 5 minutes, on this customer’s host) streams \`application/zip\` with \`index.csv\`, and per measurement \`{id}.json\` (units, sampling rate Hz, range g, axis mapping, telemetry) and \`{id}.csv\` (time_s and the three axes in g). ${FILTERS_DOC}`,
    query: measurementFilterQuery,
    response: measurementDownloadResponse,
    errors: [400],
  }),
  getMeasurement: endpoint({
    method: 'GET',
    path: '/measurement/:id',
    access: { permission: ['readMeasurement'] },
    tags: ['measurements'],
    summary: 'One measurement with its samples and telemetry',
    description:
      '`data[key]` holds the samples at `calibratedSamplingRate` Hz, `measurementData` the keys with their units. A tri-axial measurement: `accelerometer_x/y/z` in g, decoded from the stored raw int16 stream. A Duck’s (docs/ducks.md): `channel_{order}` per configured channel in its sensor type’s unit (A, V, g, °C …), decoded from the stored uint32 stream with the measurement’s voltage reference and scaled as the ingest did, and `config` the Duck configuration it was taken with. `samples=none`: a tri-axial measurement’s `data` is `{}` (`measurementData` still lists the stored axes), the samples being read in binary from GET /measurement/{id}/signal (docs/signals.md). Another customer’s measurement answers 404.',
    params: z.object({ id: z.string() }),
    query: measurementDetailQuery,
    response: measurementDetail,
    errors: [400, 404],
  }),
  downloadMeasurementArchive: endpoint({
    method: 'GET',
    path: '/measurement/download/archive',
    access: { public: true },
    tags: ['measurements'],
    summary: 'The zip archive behind a signed download URL (streamed)',
    description: '403 when the signature is wrong or expired, or the URL is used on another customer’s host.',
    query: z.object({ q: z.string(), user: z.string(), expires: z.coerce.number().int(), signature: z.string() }),
    errors: [400, 403],
  }),
};
