import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  endpointPath,
  errorBody,
  type EndpointAnswer,
  type EvaluationBody,
  type FaultReport,
  type Language,
  type ReportLanguage,
} from '@overtone/contract';
import { apiHeaders, buildUrl } from '../../core/api/apiClient';
import { ApiError } from '../../core/api/ApiError';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointsFilter } from '../../core/api/endpointQuery';
import { errorMessage, genericErrorMessage } from '../../core/api/errorMessage';
import { TREE_QUERY_KEY } from '../tree/treeApi';

/** Status filter of the list (`GET /point/{id}/fault-reports?status=`). */
export type ReportStatusFilter = 'all' | 'open' | 'closed';

export interface FaultReportsParams {
  pageNumber: number;
  pageSize: number;
  status: ReportStatusFilter;
}

/**
 * Every fault-report read that an evaluation or a maintenance makes stale: the points' report lists,
 * the unanswered counts (the tab's badge) and the confirmation statistics.
 */
export const FAULT_REPORT_READS = endpointsFilter([
  ENDPOINTS.listPointFaultReports,
  ENDPOINTS.countUnansweredEvaluations,
  ENDPOINTS.getPointFaultReportConfirmations,
]);

/** The `data` of an answer (module-level: a stable `select`). */
const dataOf = <D>(r: { data: D }) => r.data;

/** An unanswered-count answer as a map point id → count. */
const countsByPoint = (r: EndpointAnswer<typeof ENDPOINTS.countUnansweredEvaluations>) =>
  new Map(r.data.detectionReports.map((d) => [d.point, d.count]));

/**
 * `GET /point/{id}/fault-reports?pageSize&pageNumber&status`: the point's reports, newest first,
 * texts in the request's language (spec 001 §7). Fetched only when `enabled` (readFaultReport).
 */
export const usePointFaultReportsQuery = (pointId: string, params: FaultReportsParams, enabled = true) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listPointFaultReports, { params: { id: pointId }, query: { ...params } }, { translated: true }),
    select: dataOf,
    enabled,
    placeholderData: (previous) => previous,
  });

/**
 * `GET /fault-reports/unanswered-evaluations-count`: unanswered reports per point (spec 001 §7), as
 * a map point id → count. Silent: the badge is an extra, its failure is only logged.
 */
export const useUnansweredCountsQuery = (enabled = true) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.countUnansweredEvaluations, {}, { silent: true }),
    select: countsByPoint,
    enabled,
  });

/** `GET /point/{id}/fault-reports/confirmations`: how often each fault was confirmed, per point and per customer. */
export const useConfirmationsQuery = (pointId: string, enabled = true) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.getPointFaultReportConfirmations, { params: { id: pointId } }, { silent: true }),
    select: dataOf,
    enabled,
  });

/** `GET /fault-reports/{id}`. */
export const fetchFaultReport = (id: string, signal?: AbortSignal): Promise<FaultReport> =>
  callEndpoint(ENDPOINTS.getFaultReport, { params: { id } }, { signal });

/** `PUT /fault-reports/{id}/evaluation` with the answers by question code (updateFaultReport); answers the evaluated report. */
export const saveEvaluation = (id: string, body: EvaluationBody): Promise<FaultReport> =>
  callEndpoint(ENDPOINTS.evaluateFaultReport, { params: { id }, body });

/**
 * After an evaluation: the lists, the unanswered counts (the tab's badge), the confirmation
 * statistics and the tree (its point badges, spec 000) are loaded again.
 */
export const refreshAfterEvaluation = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries(FAULT_REPORT_READS), queryClient.invalidateQueries({ queryKey: TREE_QUERY_KEY })]);

/** The report language of an interface language (spec 001 §9: `zh-tw` is spelt `zhTw` on the wire). */
export const reportLanguageOf = (language: Language): ReportLanguage => (language === 'zh-tw' ? 'zhTw' : language);

/** The interface language of a report language (for its label). */
export const interfaceLanguageOf = (language: ReportLanguage): Language => (language === 'zhTw' ? 'zh-tw' : language);

/** The API path of a report's PDF in a language (`&download=1`: as an attachment). */
export const faultReportPdfPath = (id: string, language: ReportLanguage, download = false) =>
  buildUrl(endpointPath(ENDPOINTS.getFaultReportPdf, { id }), { language, download: download ? 1 : undefined });

/** A fetched PDF: its bytes and the file name the server gave (Content-Disposition), if any. */
export interface PdfFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/**
 * `GET /fault-reports/{id}/pdf?language=…` with the session's `token` header (an `<iframe src>`
 * cannot send it): the PDF as a Blob for a blob: URL. The API client reads JSON only, so the call
 * is made here with the same headers and the same error texts.
 * @throws ApiError with the translated message (the caller shows it)
 */
export async function fetchFaultReportPdf(id: string, language: ReportLanguage, signal?: AbortSignal): Promise<PdfFile> {
  const headers = apiHeaders('application/pdf');
  let res: Response;
  try {
    res = await fetch(faultReportPdfPath(id, language), { headers, signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, genericErrorMessage(), 'NETWORK');
  }
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => undefined);
    const err = errorBody.safeParse(json);
    const text = res.status >= 500 ? genericErrorMessage() : errorMessage(err.data?.code, err.data?.message);
    throw new ApiError(res.status, text, err.data?.code);
  }
  const blob = await res.blob();
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: dispositionFileName(res.headers.get('content-disposition')),
  };
}
