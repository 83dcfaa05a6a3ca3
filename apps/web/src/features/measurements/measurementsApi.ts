import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type MeasurementListQuery } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey, endpointsFilter } from '../../core/api/endpointQuery';

/**
 * The query key of one measurement's detail with its waveform (`GET /measurement/{id}`,
 * features/measurement-detail/measurementApi.ts; the trend's compare reads it too).
 */
export const measurementQueryKey = (id: string) => endpointQueryKey(ENDPOINTS.getMeasurement, { params: { id } });

/** Every measurement list and the tags' suggestions: invalidate them after a measurement is added, changed or deleted. */
export const MEASUREMENT_LISTS = endpointsFilter([ENDPOINTS.listMeasurements, ENDPOINTS.listMeasurementTags]);

export type MeasurementListParams = Pick<MeasurementListQuery, 'page' | 'pageSize'> &
  Partial<Omit<MeasurementListQuery, 'page' | 'pageSize'>>;

/** `GET /measurement` (spec 000 §7): one page of measurements, newest first; the previous page stays on screen while the next loads. */
export function useMeasurementsQuery(params: MeasurementListParams, enabled = true) {
  return useQuery({
    ...endpointQuery(ENDPOINTS.listMeasurements, { query: params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The options of the tags' query (`GET /measurement/tags`), shared by the tag filter and the
 * measurement page's tags editor (one cached answer); `silent` where a failure is not shown.
 */
export const measurementTagsQuery = ({ silent = false } = {}) => endpointQuery(ENDPOINTS.listMeasurementTags, {}, { silent });

/** `GET /measurement/tags`: the customer's tags, most used first (suggestions of the tag filter). */
export function useMeasurementTagsQuery() {
  return useQuery({ ...measurementTagsQuery(), staleTime: 60_000 });
}

/** `DELETE /measurements` with the selected ids (deleteMeasurement). */
export const deleteMeasurements = (ids: string[]) => callEndpoint(ENDPOINTS.deleteMeasurements, { body: { ids } });

/** `GET /measurement/download`: a signed, short-lived URL of the zip archive of the matching measurements. */
export const measurementDownloadUrl = (filters: Omit<MeasurementListParams, 'page' | 'pageSize'>) =>
  callEndpoint(ENDPOINTS.downloadMeasurements, { query: filters });
