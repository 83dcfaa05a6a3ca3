import { z } from 'zod';
import {
  deleteMeasurementResponse,
  favoriteBody,
  favoriteResponse,
  measurementJsonExport,
  measurementPhotosResponse,
  noteBody,
  noteResponse,
  tagsBody,
  tagsResponse,
} from '../measurement-detail.ts';
import { endpoint, idParams } from './endpoint.ts';

/** What every operation on one measurement states. */
export const NOT_FOUND_DOC = 'Another customer’s measurement answers 404 exactly like a missing one.';

/**
 * One measurement: its detail, signal, favorite, note, tags and photos (spec 002 §9). Server: modules/measurements.
 */
export const MEASUREMENT_DETAIL_ENDPOINTS = {
  setMeasurementFavorite: endpoint({
    method: 'PUT',
    path: '/measurement/:id/favorite',
    access: { permission: ['updateMeasurementTags'] },
    tags: ['measurement detail'],
    summary: 'Set the favorite star of a measurement',
    description: `Body \`{favorite}\`: the new value (the page toggles and sends it). ${NOT_FOUND_DOC}`,
    params: idParams,
    body: favoriteBody,
    response: favoriteResponse,
    errors: [400, 404],
  }),
  setMeasurementNote: endpoint({
    method: 'PUT',
    path: '/measurement/:id/note',
    access: { permission: ['updateMeasurementTags'] },
    tags: ['measurement detail'],
    summary: 'Save the note of a measurement',
    description: `Body \`{note}\`, at most 1000 characters (longer: 400 \`{errors:[{msg}]}\`), '' clears it. \`result: 1\` means saved. ${NOT_FOUND_DOC}`,
    params: idParams,
    body: noteBody,
    response: noteResponse,
    errors: [400, 404],
  }),
  setMeasurementTags: endpoint({
    method: 'PUT',
    path: '/measurement/:id/tags',
    access: { permission: ['updateMeasurementTags'] },
    tags: ['measurement detail'],
    summary: 'Replace the tags of a measurement',
    description: `Body \`{tags}\` (at most 50, each at most 64 characters). Tags are trimmed; empty ones and duplicates are dropped, the order is kept. Suggestions: GET /measurement/tags and the contract’s FAULT_TAG_SUGGESTIONS. ${NOT_FOUND_DOC}`,
    params: idParams,
    body: tagsBody,
    response: tagsResponse,
    errors: [400, 404],
  }),
  listMeasurementPhotos: endpoint({
    method: 'GET',
    path: '/measurement/:id/photo',
    access: { permission: ['readMeasurement'] },
    tags: ['measurement detail'],
    summary: 'The photos attached to a measurement',
    description: `Oldest first; each \`url\` is a signed GET (no token needed) valid 1 hour. ${NOT_FOUND_DOC}`,
    params: idParams,
    response: measurementPhotosResponse,
    errors: [404],
  }),
  deleteMeasurementPhoto: endpoint({
    method: 'DELETE',
    path: '/measurement/:id/photo/:photoKeyPart',
    access: { permission: ['deleteMeasurementPhoto'] },
    tags: ['measurement detail'],
    summary: 'Delete a photo of a measurement',
    description: `\`photoKeyPart\` is the last segment of the photo’s \`key\`. 404 PHOTO_NOT_FOUND when the measurement has no such photo. ${NOT_FOUND_DOC}`,
    params: z.object({ id: z.string(), photoKeyPart: z.string().regex(/^[A-Za-z0-9._-]{1,120}$/) }),
    response: z.object({ ok: z.literal(true) }),
    errors: [400, 404],
  }),
  deleteMeasurement: endpoint({
    method: 'DELETE',
    path: '/measurement/:id',
    access: { permission: ['deleteMeasurement'] },
    tags: ['measurement detail'],
    summary: 'Delete one measurement; answers the adjacent measurement of its point',
    description: `Removes the row, its telemetry, waveform, photos and share links. \`pointId\` null: the page goes to \`/\`; otherwise it opens \`adjacent\` (the next newer measurement of the point, else the next older one); \`adjacent\` null: none left, go to \`/\`. ${NOT_FOUND_DOC}`,
    params: idParams,
    response: deleteMeasurementResponse,
    errors: [404],
  }),
  getMeasurementJson: endpoint({
    method: 'GET',
    path: '/measurement/:id/json',
    access: { permission: ['readMeasurement'] },
    tags: ['measurement detail'],
    summary: 'Download one measurement as a JSON file (metadata and samples)',
    description: `The tools menu’s download: \`application/json\` as an attachment \`measurement-{id}.json\`; \`data[axis]\` are the samples in g at \`measurement.samplingRateHz\`. ${NOT_FOUND_DOC}`,
    params: idParams,
    response: measurementJsonExport,
    errors: [404],
  }),
};
