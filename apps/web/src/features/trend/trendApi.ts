import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type MEASUREMENT_TYPES, type TrendQuery } from '@overtone/contract';
import { endpointQuery } from '../../core/api/endpointQuery';

/** What the panel asks the trend for (spec 001 §7 `GET /point/{id}/trend`). */
export interface TrendParams {
  /** `YYYY-MM-DD HH:mm:ss` in the customer's time zone. */
  startDate: string;
  endDate: string;
  /** Telemetry names (the `filters` comma list). */
  telemetries: readonly string[];
  measurementType?: (typeof MEASUREMENT_TYPES)[number];
  /** Active bounds only (null: inactive). */
  minValue: number | null;
  maxValue: number | null;
  /** Points per series and source the chart can show (twice its width in pixels). */
  maxPoints: number;
}

/**
 * The options of the query of the telemetries a point has values of (`GET /point/{id}/trend/telemetries`),
 * shared by the trend tab and the measurement page's trend card (one cached answer); `silent` where a
 * failure is not shown.
 */
export const trendTelemetriesQuery = (pointId: string, { silent = false } = {}) =>
  endpointQuery(ENDPOINTS.listPointTrendTelemetries, { params: { id: pointId } }, { silent });

/** `GET /point/{id}/trend/telemetries`: the telemetries the point has values of. */
export const useTrendTelemetries = (pointId: string) => useQuery({ ...trendTelemetriesQuery(pointId), staleTime: 60_000 });

/** The query string of a trend request. */
export function trendQueryOf(p: TrendParams): TrendQuery {
  return {
    startDate: p.startDate,
    endDate: p.endDate,
    filters: p.telemetries.join(','),
    measurementType: p.measurementType,
    minValueActive: p.minValue !== null || undefined,
    minValue: p.minValue ?? undefined,
    maxValueActive: p.maxValue !== null || undefined,
    maxValue: p.maxValue ?? undefined,
    maxPoints: p.maxPoints,
  };
}

/**
 * `GET /point/{id}/trend`; `enabled` false skips the load (invalid value filters, spec 001 §5, or no
 * telemetry chosen yet). The previous answer stays on screen while the next loads.
 */
export const useTrend = (pointId: string, p: TrendParams, enabled: boolean) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.getPointTrend, { params: { id: pointId }, query: trendQueryOf(p) }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `GET /ai-model`: the models of the predictions mode (loaded only in that mode). */
export const useAiModels = (enabled: boolean) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listAiModels),
    enabled,
    staleTime: 10 * 60_000,
  });

/** `GET /ai-model/{id}/predictions?point&startDate&endDate`: one class per measurement of the point. */
export const usePredictions = (modelId: string | undefined, pointId: string, startDate: string, endDate: string) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.getAiModelPredictions, {
      params: { id: modelId! },
      query: { point: pointId, startDate, endDate },
    }),
    enabled: !!modelId,
    staleTime: 60_000,
  });
