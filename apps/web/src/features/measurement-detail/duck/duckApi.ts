import { useQuery } from '@tanstack/react-query';
import { spectrumResponse, type WindowName } from '@overtone/contract';
import { apiRequest } from '../../../core/api/apiClient';
import { useApiPrefix } from '../detailAccess';

/** The analysis domains of the Duck view (spec 002 §2 "Duck measurement details"). */
export const DUCK_DOMAINS = ['spectrum', 'envelope', 'cepstrum'] as const;
export type DuckDomain = (typeof DUCK_DOMAINS)[number];

export interface DuckAnalysisRequest {
  measurementId: string;
  /** `channel_{order}` */
  channelKey: string;
  /** the channel's samples, in the sensor's unit */
  signal: readonly number[];
  samplingRateHz: number;
  window: WindowName;
  /** envelope only: bandpass [low, high] Hz */
  band?: [number, number];
  /** envelope only: upper frequency of the envelope spectrum, Hz */
  xlimHz?: number;
}

/** Request body of each domain (spec 002 §7 "Analysis"), as the Senseway panels send them. */
export function duckAnalysisBody(domain: DuckDomain, r: DuckAnalysisRequest) {
  const base = { signal: r.signal, samplingRate: r.samplingRateHz, window: r.window, dcOffset: true, half: true };
  switch (domain) {
    case 'spectrum':
      return { ...base, mode: 'accelerometer' };
    case 'cepstrum':
      return { ...base, mode: 'accelerometer' };
    case 'envelope':
      return { ...base, frequencyRange: r.band, xlim: r.xlimHz };
  }
}

/**
 * `POST /vibration/signal/{spectrum|envelope|cepstrum}` with the selected channel's signal; cached
 * per measurement, channel, domain and settings (read-only share links call the `/share` family).
 */
export function useDuckAnalysisQuery(domain: DuckDomain, r: DuckAnalysisRequest) {
  const prefix = useApiPrefix();
  return useQuery({
    queryKey: ['duckAnalysis', domain, r.measurementId, r.channelKey, r.window, r.band?.[0], r.band?.[1], r.xlimHz],
    queryFn: ({ signal }) =>
      apiRequest(`${prefix}/vibration/signal/${domain}`, {
        method: 'POST',
        body: duckAnalysisBody(domain, r),
        schema: spectrumResponse,
        signal,
        silent: true,
      }).then((res) => res.results),
    enabled: r.signal.length >= 2 && r.samplingRateHz > 0 && (domain !== 'envelope' || (!!r.band && r.band[0] < r.band[1])),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}
