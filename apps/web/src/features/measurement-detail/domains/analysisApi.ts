/**
 * Queries of the analysis domains (spec 002 §7 "Analysis"): the signal is already in the
 * measurement detail and is sent in the body, so a change of window, lag size, nfft, axis or
 * reference frequency is one analysis request and never a new `GET /measurement/{id}`. Results are
 * cached per measurement, axis and settings (a change back is answered from the cache).
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  autoCorrelationResponse,
  orbitResponse,
  polarResponse,
  spectrogramResponse,
  spectrumResponse,
  type AxisKey,
  type WindowName,
} from '@overtone/contract';
import { apiRequest } from '../../../app/api/apiClient';
import { useApiPrefix } from '../detailAccess';

interface Base {
  measurementId: string;
  axis: AxisKey;
  /** Samples in g. */
  signal: number[];
  samplingRateHz: number;
  window: WindowName;
}

const usable = (r: Base) => r.signal.length >= 2 && r.samplingRateHz > 0;

/**
 * One analysis request of the page: `POST {prefix}/vibration/signal/{path}` (under `/share` for a
 * share-link visitor), silent (the panel shows its own error), cached forever per key, the previous
 * result kept on screen while a new one loads.
 */
function useAnalysisQuery<T>(o: {
  path: string;
  key: readonly unknown[];
  body: Record<string, unknown>;
  schema: z.ZodType<T>;
  enabled: boolean;
}) {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: [o.path, ...o.key],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/${o.path}`, {
        method: 'POST',
        body: o.body,
        schema: o.schema,
        signal,
        silent: true,
      }),
    enabled: o.enabled,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}

/** `POST /vibration/signal/cepstrum`: real cepstrum, `x` quefrency in s. */
export const useCepstrumQuery = (r: Base) => {
  const q = useAnalysisQuery({
    path: 'cepstrum',
    key: [r.measurementId, r.axis, r.window],
    body: {
      half: true,
      window: r.window,
      dcOffset: true,
      mode: 'accelerometer',
      signal: r.signal,
      samplingRate: r.samplingRateHz,
    },
    schema: spectrumResponse,
    enabled: usable(r),
  });
  return { ...q, data: q.data?.results };
};

/** `POST /vibration/signal/spectrogram`: STFT with `nfft` samples per segment. */
export const useSpectrogramQuery = (r: Base & { nfft: number }) => {
  const q = useAnalysisQuery({
    path: 'spectrogram',
    key: [r.measurementId, r.axis, r.window, r.nfft],
    body: { window: r.window, dcOffset: true, nfft: r.nfft, signal: r.signal, samplingRate: r.samplingRateHz },
    schema: spectrogramResponse,
    enabled: usable(r) && r.nfft <= r.signal.length,
  });
  return { ...q, data: q.data?.results };
};

/** `POST /vibration/signal/auto-correlation`: normalised autocorrelation for lags 0…lagSize samples. */
export const useAutoCorrelationQuery = (r: Base & { lagSize: number }) =>
  useAnalysisQuery({
    path: 'auto-correlation',
    key: [r.measurementId, r.axis, r.window, r.lagSize],
    body: { window: r.window, lagSize: r.lagSize, signal: r.signal },
    schema: autoCorrelationResponse,
    enabled: usable(r) && r.lagSize < r.signal.length,
  });

/** `POST /vibration/signal/polar-analyze`: 1× amplitude and phase per revolution; not sent for a reference of 0. */
export const usePolarQuery = (r: Base & { referenceFrequencyHz: number }) =>
  useAnalysisQuery({
    path: 'polar-analyze',
    key: [r.measurementId, r.axis, r.window, r.referenceFrequencyHz],
    body: {
      window: r.window,
      dcOffset: true,
      referenceFrequency: r.referenceFrequencyHz,
      signal: r.signal,
      samplingRate: r.samplingRateHz,
    },
    schema: polarResponse,
    enabled: usable(r) && r.referenceFrequencyHz > 0,
  });

/** `POST /vibration/signal/orbit-analyze`: 1× orbit of `axis` (x) and `axis2` (y); not sent for a reference of 0. */
export const useOrbitQuery = (r: Base & { axis2: AxisKey; signal2: number[]; referenceFrequencyHz: number }) =>
  useAnalysisQuery({
    path: 'orbit-analyze',
    key: [r.measurementId, r.axis, r.axis2, r.window, r.referenceFrequencyHz],
    body: {
      window: r.window,
      dcOffset: true,
      referenceFrequency: r.referenceFrequencyHz,
      signal: r.signal,
      signal2: r.signal2,
      samplingRate: r.samplingRateHz,
    },
    schema: orbitResponse,
    enabled: usable(r) && r.signal2.length >= 2 && r.referenceFrequencyHz > 0,
  });
