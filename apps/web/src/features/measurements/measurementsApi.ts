import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { measurementListResponse, type MeasurementListQuery } from '@overtone/contract';
import { apiRequest } from '../../app/api/apiClient';

/** Root of every measurement-list query key; invalidate it after a new measurement. */
export const MEASUREMENTS_QUERY_KEY = 'measurements';

export type MeasurementListParams = Pick<MeasurementListQuery, 'page' | 'pageSize'> &
  Partial<Omit<MeasurementListQuery, 'page' | 'pageSize'>>;

/** `GET /measurement` (spec 000 §7): one page of measurements, newest first. */
export function fetchMeasurements(params: MeasurementListParams, signal?: AbortSignal) {
  return apiRequest('/measurement', { query: params, schema: measurementListResponse, signal });
}

export function useMeasurementsQuery(params: MeasurementListParams, enabled = true) {
  return useQuery({
    queryKey: [MEASUREMENTS_QUERY_KEY, params],
    queryFn: ({ signal }) => fetchMeasurements(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
