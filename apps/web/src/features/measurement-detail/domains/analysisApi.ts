/**
 * Queries of the analysis domains (spec 002 §7 "Analysis"), computed in the browser (docs/signals.md):
 * the measurement's waveform is read once, in binary, with the measurement; each domain is computed
 * from it by @overtone/dsp in the page's Web Worker (domainClient.ts), the very function
 * `POST /vibration/signal/*` runs on the server. A change of domain, window, lag size, nfft, axis or
 * reference frequency sends no request. Results are cached per measurement, axis and settings (a
 * change back is answered from the cache). The answers keep the endpoints' shapes (contract analysis.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AxisKey, WindowName } from '@overtone/contract';
import type { DomainRequest, DomainResult } from '@overtone/dsp';
import { computedQueryKey } from '../../../core/api/endpointQuery';
import { computeInBrowser, samplesOf } from './domainClient';

interface Base {
  measurementId: string;
  axis: AxisKey;
  /** Samples in g. */
  signal: ArrayLike<number>;
  samplingRateHz: number;
  window: WindowName;
}

const usable = (r: Base) => r.signal.length >= 2 && r.samplingRateHz > 0;
const arr = (a: Float64Array) => Array.from(a);
const part = (p: { r: Float64Array; phase: Float64Array; r_mean: number; phase_mean: number }) => ({
  r: arr(p.r),
  phase: arr(p.phase),
  r_mean: p.r_mean,
  phase_mean: p.phase_mean,
});

/**
 * One analysis domain of the page, computed in the browser, cached forever per key, the previous
 * result kept on screen while a new one is computed.
 */
function useDomainQuery<K extends DomainRequest['kind'], T>(o: {
  /** the domain's name and what its result depends on: the key of a browser-side computation */
  key: readonly [name: string, ...inputs: unknown[]];
  request: () => Extract<DomainRequest, { kind: K }>;
  answer: (r: DomainResult<K>) => T;
  enabled: boolean;
}) {
  return useQuery({
    queryKey: computedQueryKey(...o.key),
    queryFn: async () => o.answer((await computeInBrowser(o.request())) as DomainResult<K>),
    enabled: o.enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** Real cepstrum (as `POST /vibration/signal/cepstrum`), `x` quefrency in s. */
export const useCepstrumQuery = (r: Base) =>
  useDomainQuery({
    key: ['cepstrum', r.measurementId, r.axis, r.window],
    request: () => ({
      kind: 'cepstrum',
      signal: samplesOf(r.signal),
      samplingRateHz: r.samplingRateHz,
      window: r.window,
      removeDc: true,
    }),
    answer: (c) => ({ x: arr(c.x), y: arr(c.y), unit: c.unit }),
    enabled: usable(r),
  });

/** Spectrogram (as `POST /vibration/signal/spectrogram`): STFT with `nfft` samples per segment. */
export const useSpectrogramQuery = (r: Base & { nfft: number }) =>
  useDomainQuery({
    key: ['spectrogram', r.measurementId, r.axis, r.window, r.nfft],
    request: () => ({
      kind: 'spectrogram',
      signal: samplesOf(r.signal),
      samplingRateHz: r.samplingRateHz,
      window: r.window,
      removeDc: true,
      nfft: r.nfft,
      overlap: 0.5,
    }),
    answer: (s) => ({ f: arr(s.f), t: arr(s.t), sxx: s.sxx.map(arr), unit: s.unit }),
    enabled: usable(r) && r.nfft <= r.signal.length,
  });

/** Normalised autocorrelation (as `POST /vibration/signal/auto-correlation`) for lags 0…lagSize samples. */
export const useAutoCorrelationQuery = (r: Base & { lagSize: number }) =>
  useDomainQuery({
    key: ['autocorrelation', r.measurementId, r.axis, r.window, r.lagSize],
    request: () => ({ kind: 'autocorrelation', signal: samplesOf(r.signal), window: r.window, lagSize: r.lagSize }),
    answer: (a) => ({ r: arr(a.r), lags: arr(a.lags) }),
    enabled: usable(r) && r.lagSize < r.signal.length,
  });

/** Polar (as `POST /vibration/signal/polar-analyze`): 1× amplitude and phase per revolution; nothing for a reference of 0. */
export const usePolarQuery = (r: Base & { referenceFrequencyHz: number }) =>
  useDomainQuery({
    key: ['polar', r.measurementId, r.axis, r.window, r.referenceFrequencyHz],
    request: () => ({
      kind: 'polar',
      signal: samplesOf(r.signal),
      samplingRateHz: r.samplingRateHz,
      window: r.window,
      removeDc: true,
      referenceFrequencyHz: r.referenceFrequencyHz,
    }),
    answer: (p) => ({ ...part(p), unit: p.unit }),
    enabled: usable(r) && r.referenceFrequencyHz > 0,
  });

/** Orbit (as `POST /vibration/signal/orbit-analyze`) of `axis` (x) and `axis2` (y); nothing for a reference of 0. */
export const useOrbitQuery = (r: Base & { axis2: AxisKey; signal2: ArrayLike<number>; referenceFrequencyHz: number }) =>
  useDomainQuery({
    key: ['orbit', r.measurementId, r.axis, r.axis2, r.window, r.referenceFrequencyHz],
    request: () => ({
      kind: 'orbit',
      signal: samplesOf(r.signal),
      signal2: samplesOf(r.signal2),
      samplingRateHz: r.samplingRateHz,
      window: r.window,
      removeDc: true,
      referenceFrequencyHz: r.referenceFrequencyHz,
    }),
    answer: (o) => ({ ...part(o), unit: o.unit, x: part(o.x), y: part(o.y) }),
    enabled: usable(r) && r.signal2.length >= 2 && r.referenceFrequencyHz > 0,
  });
