import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ENDPOINTS, type MeasurementDetail } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import type { CompareItem } from '../../charts/compareBasket';
import { measurementQueryKey } from '../measurements/measurementsApi';
import type { TrendLine } from './trendModel';

/**
 * The compare dialog's item for one measurement of the trend (the compare feature's shape,
 * charts/compareBasket.ts): the waveform of the line's source in g, no stored spectrum (the dialog
 * computes it in the browser, features/compare/compareSpectrum.ts), amplitude Grms for GRMS and
 * Vrms for VRMS / VRMS_ISO10816.
 */
export function compareItemOf(m: MeasurementDetail, line: TrendLine): CompareItem {
  const vrms = line.telemetry !== 'GRMS';
  const wave = m.data[line.source ?? ''] ?? [];
  return {
    measurementId: m._id,
    pointName: m.point ? (m.point.path.length ? m.point.path.join(' / ') : m.point.name) : '',
    date: m.createdAt,
    channel: line.source ?? '',
    fft: { x: [], y: [], unit: vrms ? 'mm/s' : 'g', window: 'rectangular', amplitude: vrms ? 'vrms' : 'grms' },
    time: { samplingRateHz: m.calibratedSamplingRate && m.calibratedSamplingRate > 0 ? m.calibratedSamplingRate : 1, y: wave },
  };
}

/** What the trend asks to compare: the two selected measurements on one line. */
export interface TrendCompareRequest {
  ids: readonly string[];
  line: TrendLine;
}

/** The compare items being loaded: progress, first failure, and the items once all are loaded. */
export interface TrendCompareItems {
  done: number;
  total: number;
  error: Error | null;
  /** The items in the requested order, null until every measurement is loaded. */
  items: CompareItem[] | null;
}

/**
 * Loads the measurements of a trend compare (`GET /measurement/{id}`, in parallel) and builds their
 * compare items, in the given order. Each measurement is cached under the measurement page's query
 * key (`measurementQueryKey`, 5 min): a measurement opened before, or compared before, is not
 * fetched again. Nothing is fetched while `request` is null.
 */
export function useTrendCompareItems(request: TrendCompareRequest | null): TrendCompareItems {
  const ids = request?.ids ?? [];
  const loaded = useQueries({
    combine,
    queries: ids.map((id) => ({
      queryKey: measurementQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callEndpoint(ENDPOINTS.getMeasurement, { params: { id } }, { signal, silent: true }),
      staleTime: 5 * 60_000,
    })),
  });
  // `loaded` is a new object only when a result changes: the items (and the dialog's charts) too.
  const items = useMemo(
    () => (request && loaded.data.every((m) => m) ? loaded.data.map((m) => compareItemOf(m!, request.line)) : null),
    [loaded, request],
  );
  return { done: loaded.done, total: ids.length, error: loaded.error, items };
}

// Module-level (stable), so that useQueries re-runs it only when a result changes.
const combine = (rs: { data: MeasurementDetail | undefined; error: Error | null }[]) => ({
  done: rs.filter((r) => r.data).length,
  error: rs.find((r) => r.error)?.error ?? null,
  data: rs.map((r) => r.data),
});
