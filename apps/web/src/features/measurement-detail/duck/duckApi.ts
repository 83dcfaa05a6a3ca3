import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type WindowName } from '@overtone/contract';
import { callEndpoint } from '../../../core/api/callEndpoint';
import { endpointQueryKey } from '../../../core/api/endpointQuery';
import { useDetailAccess } from '../detailAccess';

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

/** The request body every domain shares (spec 002 §7 "Analysis"), as the Senseway panels send it. */
const baseBody = (r: DuckAnalysisRequest) => ({
  signal: [...r.signal],
  samplingRate: r.samplingRateHz,
  window: r.window,
  dcOffset: true,
  half: true,
});

/**
 * Each domain's operation for a session and for a share link's visitor (docs/share-links.md: a share
 * token is not a session), and its body.
 */
const DUCK_ANALYSES = {
  spectrum: {
    session: ENDPOINTS.computeSpectrum,
    shareToken: ENDPOINTS.computeSpectrumWithShareToken,
    body: (r: DuckAnalysisRequest) => ({ ...baseBody(r), mode: 'accelerometer' as const }),
  },
  envelope: {
    session: ENDPOINTS.computeEnvelopeSpectrum,
    shareToken: ENDPOINTS.computeEnvelopeSpectrumWithShareToken,
    body: (r: DuckAnalysisRequest) => ({ ...baseBody(r), frequencyRange: r.band, xlim: r.xlimHz }),
  },
  cepstrum: {
    session: ENDPOINTS.computeCepstrum,
    shareToken: ENDPOINTS.computeCepstrumWithShareToken,
    body: (r: DuckAnalysisRequest) => ({ ...baseBody(r), mode: 'accelerometer' as const }),
  },
} satisfies Record<DuckDomain, unknown>;

/**
 * `POST /vibration/signal/{spectrum|envelope|cepstrum}` with the selected channel's signal; cached
 * per measurement, channel, domain and settings (read-only share links call the `/share` family).
 */
export function useDuckAnalysisQuery(domain: DuckDomain, r: DuckAnalysisRequest) {
  const { readOnly } = useDetailAccess();
  const { session, shareToken, body } = DUCK_ANALYSES[domain];
  const operation = readOnly ? shareToken : session;
  return useQuery({
    // the operation's answer for the posted inputs (the samples named by their measurement and channel)
    queryKey: endpointQueryKey(operation, {
      variant: { measurementId: r.measurementId, channelKey: r.channelKey, window: r.window, band: r.band, xlimHz: r.xlimHz },
    }),
    queryFn: ({ signal }) => callEndpoint(operation, { body: body(r) }, { signal, silent: true }).then((res) => res.results),
    enabled: r.signal.length >= 2 && r.samplingRateHz > 0 && (domain !== 'envelope' || (!!r.band && r.band[0] < r.band[1])),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}
