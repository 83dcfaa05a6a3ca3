import { z } from 'zod';
import { AXIS_KEYS } from '../measurement.ts';
import { NOT_FOUND_DOC } from './measurement-detail.ts';
import { endpoint, idParams } from './endpoint.ts';

/** The query of GET /measurement/{id}/signal (and its share-link twin). */
export const signalQuery = z.object({ axis: z.enum(AXIS_KEYS).optional() });
/** The OpenAPI text of the binary waveform read. */
export const SIGNAL_DOC =
  'The stored samples as binary (`application/octet-stream`, brotli/gzip by Accept-Encoding): header `OTSG`, version 1, sample type (1 int16), channel count k, samples per channel n, the calibrated sampling rate (float64 Hz) and the scale (float64 g per count), then k channel keys of 16 bytes and the k·n int16 LE counts channel after channel; g = count × scale. Layout: docs/signals.md (packages/contract signal-codec.ts encodes and decodes it). `axis` asks for one axis; without it x, y, z. No channel while the waveform is not stored, and for a Duck (its channels come with GET /measurement/{id}).';

/**
 * One measurement as bytes: its signal and photos (docs/signals.md). Server: modules/measurements.
 */
export const MEASUREMENT_DETAIL_FILE_ENDPOINTS = {
  getMeasurementSignal: endpoint({
    method: 'GET',
    path: '/measurement/:id/signal',
    access: { permission: ['readMeasurement'] },
    tags: ['measurement detail'],
    summary: 'The waveform of a measurement, binary (int16 counts with their scale)',
    description: `${SIGNAL_DOC} ${NOT_FOUND_DOC}`,
    params: idParams,
    query: signalQuery,
    errors: [400, 404],
  }),
};
