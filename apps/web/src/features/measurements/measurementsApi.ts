import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type MeasurementListQuery } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';

/** The query key of one measurement's detail (features/measurement-detail/measurementApi.ts; the trend's compare reads it too). */
export const measurementQueryKey = (id: string) => ['measurement', id] as const;

/** Root of every measurement-list query key; invalidate it after a new measurement. */
export const MEASUREMENTS_QUERY_KEY = 'measurements';

export type MeasurementListParams = Pick<MeasurementListQuery, 'page' | 'pageSize'> &
  Partial<Omit<MeasurementListQuery, 'page' | 'pageSize'>>;

/** `GET /measurement` (spec 000 §7): one page of measurements, newest first. */
export function fetchMeasurements(params: MeasurementListParams, signal?: AbortSignal) {
  return callEndpoint(ENDPOINTS.listMeasurements, { query: params }, { signal });
}

export function useMeasurementsQuery(params: MeasurementListParams, enabled = true) {
  return useQuery({
    queryKey: [MEASUREMENTS_QUERY_KEY, params],
    queryFn: ({ signal }) => fetchMeasurements(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /measurement/tags`: the customer's tags, most used first (suggestions of the tag filter). */
export function useMeasurementTagsQuery() {
  return useQuery({
    queryKey: [MEASUREMENTS_QUERY_KEY, 'tags'],
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.listMeasurementTags, {}, { signal }),
    staleTime: 60_000,
  });
}

/** `DELETE /measurements` with the selected ids (deleteMeasurement). */
export const deleteMeasurements = (ids: string[]) => callEndpoint(ENDPOINTS.deleteMeasurements, { body: { ids } });

/** `GET /measurement/download`: a signed, short-lived URL of the zip archive of the matching measurements. */
export const measurementDownloadUrl = (filters: Omit<MeasurementListParams, 'page' | 'pageSize'>) =>
  callEndpoint(ENDPOINTS.downloadMeasurements, { query: filters });
