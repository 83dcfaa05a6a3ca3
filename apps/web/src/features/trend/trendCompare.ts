import { measurementDetail, type MeasurementDetail } from '@overtone/contract';
import { apiRequest } from '../../app/api/apiClient';
import type { CompareItem } from '../../charts/compareBasket';
import type { TrendLine } from './trendModel';

/**
 * The compare dialog's item for one measurement of the trend (the compare feature's shape,
 * charts/compareBasket.ts): the waveform of the line's source in g, no stored spectrum (the dialog
 * computes it, `POST /vibration/signal/spectrum`), amplitude Grms for GRMS and Vrms for VRMS /
 * VRMS_ISO10816.
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

/** Loads the two measurements (`GET /measurement/{id}`) and builds their compare items, in the given order. */
export async function loadCompareItems(ids: readonly string[], line: TrendLine): Promise<CompareItem[]> {
  const ms = await Promise.all(
    ids.map((id) => apiRequest(`/measurement/${encodeURIComponent(id)}`, { schema: measurementDetail })),
  );
  return ms.map((m) => compareItemOf(m, line));
}
