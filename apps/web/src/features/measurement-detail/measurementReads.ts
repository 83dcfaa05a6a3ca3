import { ENDPOINTS, endpointPath } from '@overtone/contract';

/**
 * The two reads a measurement's page opens with, named once for the page's query
 * (`measurementQueryOptions`) and for the reads started before the app's code has loaded
 * (app/earlyReads.ts), which must ask for exactly the same URLs to be taken. A light module: the
 * entry imports it.
 */

/** The detail's query: without its samples, which come binary from the signal endpoint (docs/signals.md). */
export const DETAIL_WITHOUT_SAMPLES = { samples: 'none' } as const;

/** Path of a measurement's binary waveform, under `/share` for a share link's visitor (`readOnly`). */
export const signalPathOf = (id: string, readOnly = false) =>
  endpointPath(readOnly ? ENDPOINTS.getSharedMeasurementSignal : ENDPOINTS.getMeasurementSignal, { id });
