import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ENDPOINTS,
  TREND_MAX_POINTS_DEFAULT,
  TREND_RANGE_SHORTCUTS,
  type MeasurementDetail,
  type ShareTrendResponse,
  type TrendSeries,
} from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQueryKey } from '../../core/api/endpointQuery';
import { customerClock } from '../../ui/customerTime';
import { trendQueryOf, trendTelemetriesQuery } from '../trend/trendApi';
import { TREND_DATE_FORMAT } from '../trend/trendModel';

/**
 * Ranges of the measurement page's trend card (spec 002 §9 "Measurement trend ranges: last hour,
 * 3 hours, day, week, month, 3 months, year"), in hours. Month, 3 months and year are the point
 * trend's shortcuts (contract `TREND_RANGE_SHORTCUTS`: 30, 90 and 364 days) so both trends agree.
 */
export const MEASUREMENT_TREND_RANGES = {
  hour: 1,
  threeHours: 3,
  day: 24,
  week: TREND_RANGE_SHORTCUTS.week * 24,
  month: TREND_RANGE_SHORTCUTS.month * 24,
  threeMonths: TREND_RANGE_SHORTCUTS.threeMonths * 24,
  year: TREND_RANGE_SHORTCUTS.year * 24,
} as const;
export type MeasurementTrendRange = keyof typeof MEASUREMENT_TREND_RANGES;

/** The default range (spec 002 §2: "Default trend unit is daily, 168 hours"): the last week. */
export const MEASUREMENT_TREND_DEFAULT_RANGE: MeasurementTrendRange = 'week';

/**
 * Telemetries a share-link visitor may choose (the token cannot read the point's telemetry list):
 * overall acceleration and velocity RMS, the ISO 10816-1 velocity RMS (10 … 1000 Hz), kurtosis and
 * crest factor, the values Overtone computes for every accelerometer measurement.
 */
export const SHARE_TREND_TELEMETRIES = ['GRMS', 'VRMS', 'VRMS_ISO10816', 'KURTOSIS', 'CREST'] as const;

/**
 * The card's default telemetry: VRMS_ISO10816 (the ISO 10816-1 severity value), else GRMS, else
 * the first of `names`; undefined for none.
 */
export function defaultCardTelemetry(names: readonly string[]): string | undefined {
  if (names.includes('VRMS_ISO10816')) return 'VRMS_ISO10816';
  if (names.includes('GRMS')) return 'GRMS';
  return names[0];
}

/**
 * The `startDate`/`endDate` of `GET /point/{id}/trend` for the last `hours` before `now`, as
 * `YYYY-MM-DD HH:mm:ss` wall clocks in the customer's zone.
 * @param offsetMinutes the customer's zone, minutes east of UTC
 * @param now the range's end, ms since epoch
 */
export function trendWindow(hours: number, offsetMinutes: number, now: number): { startDate: string; endDate: string } {
  const end = customerClock(now, offsetMinutes);
  return { startDate: end.subtract(hours, 'hour').format(TREND_DATE_FORMAT), endDate: end.format(TREND_DATE_FORMAT) };
}

/**
 * A share trend answer as the point trend's series, so both draw alike: one series of the
 * telemetry, its unit taken from the measurement's own values (the share answer carries none).
 */
export function shareSeriesAsTrend(answer: ShareTrendResponse, m: Pick<MeasurementDetail, 'telemetry'>): TrendSeries[] {
  const data = answer.series.flatMap((s) =>
    s.points.map((p) => ({
      value: p.value,
      createdAt: p.createdAt,
      source: s.source,
      measurement: { _id: p.measurementId, note: '' },
    })),
  );
  if (!data.length) return [];
  const unit = m.telemetry.find((x) => x.name === answer.telemetry || x.telemetry === answer.telemetry)?.unit ?? '';
  return [
    {
      telemetry: {
        name: answer.telemetry,
        unit,
        displayName: answer.telemetry,
        signal: 'accelerometer',
        hidden: false,
        calculated: true,
      },
      telemetrySources: answer.series.map((s) => ({ code: s.source })),
      data,
      total: data.length,
      decimated: false,
    },
  ];
}

/** What the card asks for. */
export interface MeasurementTrendRequest {
  measurementId: string;
  pointId: string;
  /** The measurement's own values: the unit of a share answer's telemetry. */
  measurement: Pick<MeasurementDetail, 'telemetry'>;
  /** Share-link visitor: `/share/measurement/{id}/trend`. */
  readOnly: boolean;
  telemetry: string | undefined;
  hours: number;
  /** End of the range, ms since epoch (fixed when the range is chosen, so the query key is stable). */
  now: number;
  offsetMinutes: number;
}

/**
 * The values of one telemetry of the measurement's point over the last `hours`, one series per
 * source, oldest first.
 * - Session: `GET /point/{pointId}/trend?startDate&endDate&filters={telemetry}&maxPoints` (Readtrend;
 *   decimated to min/max per time bucket above `maxPoints`, docs/trend.md).
 * - Share visitor: `GET /share/measurement/{measurementId}/trend?telemetry&hours` (allowTrend; the
 *   server counts the hours back from its own now).
 * Silent: the card shows its error state. Disabled until a telemetry is chosen.
 */
export const useMeasurementTrend = (r: MeasurementTrendRequest) => {
  const query = trendQueryOf({
    ...trendWindow(r.hours, r.offsetMinutes, r.now),
    telemetries: r.telemetry ? [r.telemetry] : [],
    minValue: null,
    maxValue: null,
    maxPoints: TREND_MAX_POINTS_DEFAULT,
  });
  const shareQuery = { telemetry: r.telemetry!, hours: r.hours };
  return useQuery({
    // Both answers are kept as the card's series (not as the operation answers them): the variant
    // keeps them apart from the trend tab's answers of the same call. The share link's `now` only
    // marks when the range was chosen (the server counts the hours back from its own now).
    queryKey: r.readOnly
      ? endpointQueryKey(ENDPOINTS.getSharedPointTrend, {
          params: { id: r.measurementId },
          query: shareQuery,
          variant: { series: 'card', now: r.now },
        })
      : endpointQueryKey(ENDPOINTS.getPointTrend, { params: { id: r.pointId }, query, variant: { series: 'card' } }),
    queryFn: async ({ signal }): Promise<TrendSeries[]> => {
      if (r.readOnly) {
        const answer = await callEndpoint(
          ENDPOINTS.getSharedPointTrend,
          { params: { id: r.measurementId }, query: shareQuery },
          { signal, silent: true },
        );
        return shareSeriesAsTrend(answer, r.measurement);
      }
      const answer = await callEndpoint(ENDPOINTS.getPointTrend, { params: { id: r.pointId }, query }, { signal, silent: true });
      return answer.series.filter((s) => s.data.length > 0);
    },
    enabled: !!r.telemetry,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/**
 * `GET /point/{id}/trend/telemetries` (same cache as the point's trend tab), asked for a session
 * only: a share token may not read it. Silent: without the list the card falls back to the share list.
 */
export const useCardTelemetries = (pointId: string, enabled: boolean) =>
  useQuery({
    ...trendTelemetriesQuery(pointId, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
