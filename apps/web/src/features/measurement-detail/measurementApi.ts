import { useQuery } from '@tanstack/react-query';
import { measurementDetail, spectrumResponse, type AxisKey, type WindowName } from '@overtone/contract';
import { apiRequest } from '../../app/api/apiClient';

export const measurementQueryKey = (id: string) => ['measurement', id] as const;

/** `GET /measurement/{id}`; failures are handled by the page (404 redirect, 403 access denied). */
export const useMeasurementQuery = (id: string) =>
  useQuery({
    queryKey: measurementQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/measurement/${encodeURIComponent(id)}`, { schema: measurementDetail, signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export type SpectrumMode = 'accelerometer' | 'velocity';

export interface SpectrumRequest {
  measurementId: string;
  axis: AxisKey;
  /** Samples in g. */
  signal: number[];
  samplingRateHz: number;
  window: WindowName;
  mode: SpectrumMode;
  dcOffset: boolean;
}

/**
 * `POST /vibration/signal/spectrum` (spec 002 §7) for one axis of a measurement: one-sided RMS
 * spectrum in g (accelerometer) or mm/s (velocity). Cached per measurement, axis and settings.
 */
export const useSpectrumQuery = (r: SpectrumRequest | null) =>
  useQuery({
    queryKey: ['spectrum', r?.measurementId, r?.axis, r?.window, r?.mode, r?.dcOffset],
    queryFn: ({ signal }) =>
      apiRequest('/vibration/signal/spectrum', {
        method: 'POST',
        body: {
          half: true,
          dcOffset: r!.dcOffset,
          window: r!.window,
          mode: r!.mode,
          signal: r!.signal,
          samplingRate: r!.samplingRateHz,
        },
        schema: spectrumResponse,
        signal,
      }).then((res) => res.results),
    enabled: !!r && r.signal.length >= 2 && r.samplingRateHz > 0,
    staleTime: Infinity,
  });
