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

export interface EnvelopeRequest {
  measurementId: string;
  axis: AxisKey;
  /** Samples in g. */
  signal: number[];
  samplingRateHz: number;
  window: WindowName;
  /** Bandpass [low, high] in Hz. */
  band: [number, number];
  /** Upper frequency of the envelope spectrum in Hz. */
  xlimHz: number;
}

/**
 * `POST /vibration/signal/envelope` (spec 002 §7) for one axis of a measurement: spectrum of the
 * envelope of the band-passed signal up to `xlim`. Cached per measurement, axis, window and band.
 */
export const useEnvelopeQuery = (r: EnvelopeRequest | null) =>
  useQuery({
    queryKey: ['envelope', r?.measurementId, r?.axis, r?.window, r?.band[0], r?.band[1], r?.xlimHz],
    queryFn: ({ signal }) =>
      apiRequest('/vibration/signal/envelope', {
        method: 'POST',
        body: {
          signal: r!.signal,
          samplingRate: r!.samplingRateHz,
          frequencyRange: r!.band,
          xlim: r!.xlimHz,
          window: r!.window,
          dcOffset: true,
          half: true,
        },
        schema: spectrumResponse,
        signal,
        silent: true,
      }).then((res) => res.results),
    enabled: !!r && r.signal.length >= 2 && r.samplingRateHz > 0 && r.band[0] < r.band[1],
    // The chart stays (with a spinner) while another band is computed.
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
