/**
 * Queries of the analysis domains (spec 002 §7 "Analysis"): the signal is already in the
 * measurement detail and is sent in the body, so a change of window, lag size, nfft, axis or
 * reference frequency is one analysis request and never a new `GET /measurement/{id}`. Results are
 * cached per measurement, axis and settings (a change back is answered from the cache).
 */
import { useQuery } from '@tanstack/react-query';
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

/** `POST /vibration/signal/cepstrum`: real cepstrum, `x` quefrency in s. */
export const useCepstrumQuery = (r: Base) => {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: ['cepstrum', r.measurementId, r.axis, r.window],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/cepstrum`, {
        method: 'POST',
        body: {
          half: true,
          window: r.window,
          dcOffset: true,
          mode: 'accelerometer',
          signal: r.signal,
          samplingRate: r.samplingRateHz,
        },
        schema: spectrumResponse,
        signal,
        silent: true,
      }).then((res) => res.results),
    enabled: usable(r),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
};

/** `POST /vibration/signal/spectrogram`: STFT with `nfft` samples per segment. */
export const useSpectrogramQuery = (r: Base & { nfft: number }) => {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: ['spectrogram', r.measurementId, r.axis, r.window, r.nfft],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/spectrogram`, {
        method: 'POST',
        body: { window: r.window, dcOffset: true, nfft: r.nfft, signal: r.signal, samplingRate: r.samplingRateHz },
        schema: spectrogramResponse,
        signal,
        silent: true,
      }).then((res) => res.results),
    enabled: usable(r) && r.nfft <= r.signal.length,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
};

/** `POST /vibration/signal/auto-correlation`: normalised autocorrelation for lags 0…lagSize samples. */
export const useAutoCorrelationQuery = (r: Base & { lagSize: number }) => {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: ['auto-correlation', r.measurementId, r.axis, r.window, r.lagSize],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/auto-correlation`, {
        method: 'POST',
        body: { window: r.window, lagSize: r.lagSize, signal: r.signal },
        schema: autoCorrelationResponse,
        signal,
        silent: true,
      }),
    enabled: usable(r) && r.lagSize < r.signal.length,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
};

/** `POST /vibration/signal/polar-analyze`: 1× amplitude and phase per revolution; not sent for a reference of 0. */
export const usePolarQuery = (r: Base & { referenceFrequencyHz: number }) => {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: ['polar-analyze', r.measurementId, r.axis, r.window, r.referenceFrequencyHz],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/polar-analyze`, {
        method: 'POST',
        body: {
          window: r.window,
          dcOffset: true,
          referenceFrequency: r.referenceFrequencyHz,
          signal: r.signal,
          samplingRate: r.samplingRateHz,
        },
        schema: polarResponse,
        signal,
        silent: true,
      }),
    enabled: usable(r) && r.referenceFrequencyHz > 0,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
};

/** `POST /vibration/signal/orbit-analyze`: 1× orbit of `axis` (x) and `axis2` (y); not sent for a reference of 0. */
export const useOrbitQuery = (r: Base & { axis2: AxisKey; signal2: number[]; referenceFrequencyHz: number }) => {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: ['orbit-analyze', r.measurementId, r.axis, r.axis2, r.window, r.referenceFrequencyHz],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/orbit-analyze`, {
        method: 'POST',
        body: {
          window: r.window,
          dcOffset: true,
          referenceFrequency: r.referenceFrequencyHz,
          signal: r.signal,
          signal2: r.signal2,
          samplingRate: r.samplingRateHz,
        },
        schema: orbitResponse,
        signal,
        silent: true,
      }),
    enabled: usable(r) && r.signal2.length >= 2 && r.referenceFrequencyHz > 0,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
};
