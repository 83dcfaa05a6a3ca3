import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AXIS_KEYS,
  LARGE_FILE_SAMPLES,
  SIGNAL_MEDIA_TYPE,
  ENDPOINTS,
  decodeSignal,
  type DecodedSignal,
  alarmTransactionsResponse,
  SHARE_TOKEN_PARAM,
  type SharedMeasurementDetail,
  type AxisKey,
  type CreateShareBody,
  type ErrorCode,
  type MeasurementDetail,
  type Point,
  type WindowName,
} from '@overtone/contract';
import { apiHeaders, buildUrl } from '../../core/api/apiClient';
import { fetchGet } from '../../core/api/earlyGet';
import { callEndpoint } from '../../core/api/callEndpoint';
import { computedQueryKey, endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';
import { ApiError } from '../../core/api/ApiError';
import { errorMessage } from '../../core/api/errorMessage';
import { computeInBrowser, samplesOf } from './domains/domainClient';
import { DETAIL_WITHOUT_SAMPLES, signalPathOf } from './measurementReads';
import { pointQueryKey, pointQueryOptions } from '../points/pointApi';
import { blankPoint } from '../points/blankPoint';
import { measurementQueryKey, measurementTagsQuery } from '../measurements/measurementsApi';

export { measurementQueryKey };

/** The key of one measurement's read-only copy with its waveform (`GET /share/measurement/{id}`, a share link's page). */
export const sharedMeasurementQueryKey = (id: string) => endpointQueryKey(ENDPOINTS.getSharedMeasurement, { params: { id } });

/** The error code of a measurement whose stored samples are missing from the object store. */
const WAVEFORM_MISSING: ErrorCode = 'WAVEFORM_MISSING';

/**
 * The measurement's waveform, binary (`GET {prefix}/measurement/{id}/signal`, docs/signals.md):
 * int16 counts with their scale, decoded with the contract's codec (the server's encoder) into g.
 * Null when the answer is not a signal (a failure): the caller decides.
 * @throws ApiError WAVEFORM_MISSING when the server says the stored samples are gone (the page
 *   names that error instead of showing a measurement without signal)
 */
async function fetchSignal(path: string, signal?: AbortSignal): Promise<DecodedSignal | null> {
  const res = await fetchGet(buildUrl(path), apiHeaders(SIGNAL_MEDIA_TYPE), signal);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
    if (body?.code === WAVEFORM_MISSING)
      throw new ApiError(res.status, errorMessage(WAVEFORM_MISSING, undefined), WAVEFORM_MISSING, [], body);
    return null;
  }
  if (!(res.headers.get('content-type') ?? '').startsWith(SIGNAL_MEDIA_TYPE)) return null;
  try {
    return decodeSignal(new Uint8Array(await res.arrayBuffer()));
  } catch {
    return null;
  }
}

/**
 * The detail without its samples and the binary waveform, read in parallel: the samples travel
 * once, as int16 (docs/signals.md), and fill `data` (g, per axis key). A Duck's channels come with
 * the detail. When the waveform cannot be read, the samples the detail holds (if any) are kept.
 */
async function withSignal<T extends MeasurementDetail>(detail: Promise<T>, signalPath: string, signal?: AbortSignal): Promise<T> {
  const [m, s] = await Promise.all([
    detail,
    fetchSignal(signalPath, signal).catch((e: unknown) => {
      if (e instanceof ApiError) throw e;
      return null;
    }),
  ]);
  if (!s?.channels.length) return m;
  return { ...m, data: { ...m.data, ...Object.fromEntries(s.channels.map((c) => [c.key, Array.from(c.values)])) } };
}

/**
 * The measurement query's options (`GET /measurement/{id}?samples=none` and
 * `GET /measurement/{id}/signal`; read-only: under `/share`), shared by the page's query and the
 * prefetch that starts with the app (app/routePrefetch.ts). Failures are handled by the page (404
 * redirect, 403 access denied). As soon as the detail is in (before the waveform), the query of its
 * point, which the page needs for the charts' settings, is started (unless answered in the last
 * minute): it does not wait for the page to render the measurement (issue 18: the spectrum appears
 * at once).
 */
export const measurementQueryOptions = (queryClient: QueryClient, id: string, readOnly = false) => ({
  queryKey: readOnly ? sharedMeasurementQueryKey(id) : measurementQueryKey(id),
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<MeasurementDetail | SharedMeasurementDetail> => {
    const signalPath = signalPathOf(id, readOnly);
    if (!readOnly) {
      const m = await withSignal(
        callEndpoint(ENDPOINTS.getMeasurement, { params: { id }, query: DETAIL_WITHOUT_SAMPLES }, { signal, silent: true }).then(
          (d) => {
            if (d.point?._id)
              void queryClient.prefetchQuery({ ...pointQueryOptions(d.point._id, { silent: true }), staleTime: POINT_FRESH_MS });
            return d;
          },
        ),
        signalPath,
        signal,
      );
      prefetchFirstSpectra(queryClient, m);
      return m;
    }
    // A link that expires while the page is open answers 401: the page says so (no logout).
    const m: SharedMeasurementDetail = await withSignal(
      callEndpoint(
        ENDPOINTS.getSharedMeasurement,
        { params: { id }, query: DETAIL_WITHOUT_SAMPLES },
        { signal, silent: true, redirectOnUnauthorized: false },
      ),
      signalPath,
      signal,
    );
    seedSharedPoint(queryClient, m);
    prefetchFirstSpectra(queryClient, m);
    return m;
  },
  staleTime: 5 * 60_000,
});

/** How long a point read with its measurement is not read again when the measurement is (a note, a tag…). */
const POINT_FRESH_MS = 60_000;

/** The measurement with its samples (see {@link measurementQueryOptions}). */
export const useMeasurementQuery = (id: string, readOnly = false) => {
  const queryClient = useQueryClient();
  return useQuery<MeasurementDetail | SharedMeasurementDetail>(measurementQueryOptions(queryClient, id, readOnly));
};

/**
 * A share token may not read `GET /point/{id}` (it answers 401, which would log the visitor out):
 * in read-only mode the point query of the measurement's point is answered from the measurement
 * (name, path and the point's chart settings: reference frequency, bearing, axis mapping) and never
 * fetched.
 */
function seedSharedPoint(queryClient: QueryClient, m: SharedMeasurementDetail) {
  const p = sharedPointOf(m);
  if (!p) return;
  const key = pointQueryKey(p._id);
  queryClient.setQueryDefaults(key, { staleTime: Infinity, gcTime: Infinity });
  if (!queryClient.getQueryData(key)) queryClient.setQueryData<Point>(key, p);
}

/** The point record as far as a share-link visitor knows it (null without a point). */
export const sharedPointOf = (m: MeasurementDetail & Partial<Pick<SharedMeasurementDetail, 'pointSettings'>>): Point | null =>
  m.point ? blankPoint({ _id: m.point._id, name: m.point.name, path: m.point.path, ...(m.pointSettings ?? {}) }) : null;

/** `PUT /measurement/{id}/favorite`: sets the star (spec 002 §4); a failure shows the server's message. */
export const putFavorite = (id: string, favorite: boolean) =>
  callEndpoint(ENDPOINTS.setMeasurementFavorite, { params: { id }, body: { favorite } });

/**
 * `PUT /measurement/{id}/note` (at most 1000 characters). Silent: the caller shows "saved" for
 * `result: 1` and "could not be saved" otherwise (spec 002 §8).
 */
export const putNote = (id: string, note: string) =>
  callEndpoint(ENDPOINTS.setMeasurementNote, { params: { id }, body: { note } }, { silent: true });

/** `PUT /measurement/{id}/tags`: replaces the tags; answers the stored (trimmed, deduplicated) list. */
export const putTags = (id: string, tags: string[]) =>
  callEndpoint(ENDPOINTS.setMeasurementTags, { params: { id }, body: { tags } });

/** `DELETE /measurement/{id}`: answers the point and its adjacent measurement to open next. */
export const deleteMeasurement = (id: string) => callEndpoint(ENDPOINTS.deleteMeasurement, { params: { id } });

/** `GET /measurement/{id}/json`: the measurement as the JSON file the tools menu downloads. */
export const fetchMeasurementJson = (id: string) => callEndpoint(ENDPOINTS.getMeasurementJson, { params: { id } });

/**
 * `GET /measurement/tags`: the customer's tags (suggestions of the tags editor), asked only while
 * editing; the tag filter's answer (features/measurements/measurementsApi.ts), silent here.
 */
export const useTagSuggestionsQuery = (enabled: boolean) =>
  useQuery({ ...measurementTagsQuery({ silent: true }), enabled, staleTime: 60_000 });

/** The photos' operation: a session's, or a share link visitor's (docs/share-links.md). */
const photosEndpoint = (readOnly: boolean) =>
  readOnly ? ENDPOINTS.listSharedMeasurementPhotos : ENDPOINTS.listMeasurementPhotos;

/** The key of a measurement's photos (`GET /measurement/{id}/photo`; read-only: `/share/measurement/{id}/photo`). */
export const photosQueryKey = (id: string, readOnly = false) => endpointQueryKey(photosEndpoint(readOnly), { params: { id } });

/** `GET /measurement/{id}/photo` (read-only: `/share/measurement/{id}/photo`): the photos, oldest first (signed URLs). */
export const usePhotosQuery = (id: string, readOnly = false) =>
  useQuery({
    ...endpointQuery(photosEndpoint(readOnly), { params: { id } }, { silent: true }),
    // The URLs are signed for about an hour.
    staleTime: 30 * 60_000,
  });

/**
 * Drops every cached answer of a deleted measurement: its detail, its read-only copy and its photos
 * (a session's and a share link visitor's).
 */
export function forgetMeasurement(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: measurementQueryKey(id) });
  queryClient.removeQueries({ queryKey: sharedMeasurementQueryKey(id) });
  queryClient.removeQueries({ queryKey: photosQueryKey(id) });
  queryClient.removeQueries({ queryKey: photosQueryKey(id, true) });
}

/**
 * The last segment of a photo key (`{customer}/measurements/{id}/photos/{name}` → `{name}`): the
 * `photoKeyPart` of `DELETE /measurement/{id}/photo/{photoKeyPart}`.
 */
export const photoKeyPart = (key: string) => key.split('/').filter(Boolean).at(-1) ?? key;

/** `DELETE /measurement/{id}/photo/{photoKeyPart}` (deleteMeasurementPhoto). */
export const deletePhoto = (id: string, key: string) =>
  callEndpoint(ENDPOINTS.deleteMeasurementPhoto, { params: { id, photoKeyPart: photoKeyPart(key) } });

/**
 * `GET /alarm-transactions?points={pointId}` (readAlarm), one page, newest first; in read-only mode
 * `GET /share/measurement/{measurementId}/alarm-transactions` (allowAlarmTransactions). Silent: the
 * table shows its empty state when there is nothing to show.
 */
export const useAlarmTransactionsQuery = (
  target: { pointId: string; measurementId: string; readOnly: boolean },
  pageNumber: number,
  pageSize: number,
) =>
  useQuery({
    // The session's answer is read with the table's read model (`alarmTransactionsResponse`, without
    // the alarms tab's details): its variant keeps it apart from the tab's answer of the same page.
    queryKey: target.readOnly
      ? endpointQueryKey(ENDPOINTS.listSharedAlarmTransactions, {
          params: { id: target.measurementId },
          query: { pageNumber, pageSize },
        })
      : endpointQueryKey(ENDPOINTS.listAlarmTransactions, {
          query: { points: target.pointId, pageNumber, pageSize },
          variant: 'alarmTransactionsResponse',
        }),
    queryFn: ({ signal }) =>
      target.readOnly
        ? callEndpoint(
            ENDPOINTS.listSharedAlarmTransactions,
            { params: { id: target.measurementId }, query: { pageNumber, pageSize } },
            { signal, silent: true },
          )
        : callEndpoint(
            ENDPOINTS.listAlarmTransactions,
            { query: { points: target.pointId, pageNumber, pageSize } },
            { schema: alarmTransactionsResponse, signal, silent: true },
          ),
    placeholderData: keepPreviousData,
  });

/** The key of a measurement's active share links (`GET /temporaryToken?measurementId=`). */
export const shareLinksQueryKey = (measurementId: string) =>
  endpointQueryKey(ENDPOINTS.listShareLinks, { query: { measurementId } });

/** `POST /temporaryToken/measurement`: a new share link; the answer carries its token (shown once). */
export const createShareLink = (body: CreateShareBody) => callEndpoint(ENDPOINTS.createShareLink, { body });

/** `GET /temporaryToken?measurementId=`: the active share links of a measurement. */
export const useShareLinksQuery = (measurementId: string, enabled = true) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listShareLinks, { query: { measurementId } }, { silent: true }),
    enabled,
  });

/** `DELETE /temporaryToken/{id}`: revokes a share link. */
export const revokeShareLink = (linkId: string) => callEndpoint(ENDPOINTS.revokeShareLink, { params: { id: linkId } });

/**
 * `GET /share`: what the share token of the page URL grants. Only asked when the URL carries a
 * token; a failure means the token is not a share token (the page then works normally).
 */
export const useShareScopeQuery = (token: string | null) =>
  useQuery({
    // the token travels in the call's header, not its query: the key's variant tells two tokens' scopes apart
    ...endpointQuery(ENDPOINTS.getShareScope, {}, { silent: true, redirectOnUnauthorized: false, variant: token }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });

/** The page URL that opens a measurement with a share token (spec 002 §7: `?token=`). */
export const shareUrl = (measurementId: string, token: string, origin = window.location.origin) =>
  `${origin}/measurement/${encodeURIComponent(measurementId)}?${SHARE_TOKEN_PARAM}=${encodeURIComponent(token)}`;

export type SpectrumMode = 'accelerometer' | 'velocity';

export interface SpectrumRequest {
  measurementId: string;
  axis: AxisKey;
  /** Samples in g. */
  signal: ArrayLike<number>;
  samplingRateHz: number;
  window: WindowName;
  mode: SpectrumMode;
  dcOffset: boolean;
}

const curveOf = (c: { x: Float64Array; y: Float64Array; unit: string }) => ({
  x: Array.from(c.x),
  y: Array.from(c.y),
  unit: c.unit,
});

/**
 * The spectrum (spec 002 §7, as `POST /vibration/signal/spectrum` answers it) of one axis of a
 * measurement, computed in the browser by @overtone/dsp (domains/domainClient.ts; no request): one-
 * sided RMS spectrum in g (accelerometer) or mm/s (velocity). Cached per measurement, axis and settings.
 */
export const useSpectrumQuery = (r: SpectrumRequest | null) =>
  useQuery({
    queryKey: spectrumQueryKey(r),
    queryFn: () => computeSpectrum(r!),
    enabled: !!r && r.signal.length >= 2 && r.samplingRateHz > 0,
    staleTime: Infinity,
  });

/** The key of a spectrum computed in the browser: its measurement, axis and settings (no operation answers it). */
export const spectrumQueryKey = (r: Pick<SpectrumRequest, 'measurementId' | 'axis' | 'window' | 'mode' | 'dcOffset'> | null) =>
  computedQueryKey('spectrum', r?.measurementId, r?.axis, r?.window, r?.mode, r?.dcOffset);

const computeSpectrum = async (r: SpectrumRequest) =>
  curveOf(
    await computeInBrowser({
      kind: 'spectrum',
      signal: samplesOf(r.signal),
      samplingRateHz: r.samplingRateHz,
      window: r.window,
      removeDc: r.dcOffset,
      half: true,
      mode: r.mode,
    }),
  );

/** The spectrum settings the measurement page opens with (SpectrumPanel's first state). */
export const FIRST_SPECTRUM = { window: 'hanning', mode: 'accelerometer', dcOffset: true } as const satisfies Pick<
  SpectrumRequest,
  'window' | 'mode' | 'dcOffset'
>;

/**
 * Starts computing, in the DSP worker, the spectrum the page shows first for each axis of a
 * measurement that has just arrived ({@link FIRST_SPECTRUM}, under the page's own query key): it is
 * then ready when the page has rendered, or soon after, instead of being asked for only then
 * (issue 18: the spectrum appears at once; switching axes is instant too). Measurements the page
 * does not chart (too large, no sampling rate) are skipped.
 */
function prefetchFirstSpectra(queryClient: QueryClient, m: MeasurementDetail) {
  const fs = m.calibratedSamplingRate ?? 0;
  if (fs <= 0 || m.profile.sampleSize > LARGE_FILE_SAMPLES) return;
  for (const axis of AXIS_KEYS) {
    const signal = m.data[axis];
    if (!signal || signal.length < 2 || signal.length > LARGE_FILE_SAMPLES) continue;
    const r: SpectrumRequest = { measurementId: m._id, axis, signal, samplingRateHz: fs, ...FIRST_SPECTRUM };
    void queryClient.prefetchQuery({ queryKey: spectrumQueryKey(r), queryFn: () => computeSpectrum(r), staleTime: Infinity });
  }
}

export interface EnvelopeRequest {
  measurementId: string;
  axis: AxisKey;
  /** Samples in g. */
  signal: ArrayLike<number>;
  samplingRateHz: number;
  window: WindowName;
  /** Bandpass [low, high] in Hz. */
  band: [number, number];
  /** Upper frequency of the envelope spectrum in Hz. */
  xlimHz: number;
}

/**
 * The envelope spectrum (spec 002 §7, as `POST /vibration/signal/envelope` answers it) of one axis
 * of a measurement, computed in the browser: spectrum of the envelope of the band-passed signal up
 * to `xlim`. Cached per measurement, axis, window and band.
 */
export const useEnvelopeQuery = (r: EnvelopeRequest | null) =>
  useQuery({
    queryKey: computedQueryKey('envelope', r?.measurementId, r?.axis, r?.window, r?.band[0], r?.band[1], r?.xlimHz),
    queryFn: async () =>
      curveOf(
        await computeInBrowser({
          kind: 'envelope',
          signal: samplesOf(r!.signal),
          samplingRateHz: r!.samplingRateHz,
          window: r!.window,
          removeDc: true,
          bandHz: r!.band,
          xlimHz: r!.xlimHz,
        }),
      ),
    enabled: !!r && r.signal.length >= 2 && r.samplingRateHz > 0 && r.band[0] < r.band[1],
    // The chart stays (with a spinner) while another band is computed.
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
