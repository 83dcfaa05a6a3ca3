import {
  confirmationStatsResponse,
  evaluationBody,
  faultReport,
  faultReportsQuery,
  faultReportsResponse,
  unansweredEvaluationsResponse,
} from '../fault-reports.ts';
import { endpoint, idParams } from './endpoint.ts';

export const NOT_FOUND_DOC = 'Another customer’s point or report answers 404 exactly like a missing one.';

const TEXTS_DOC =
  'Texts (description, indication, cause, suggestions, question texts, time to stop) in the request’s `language` header language (tr default); `name` and the questions in all six report languages. `evidence`: the lines that show the fault, each with the measurement it was seen in (docs/fault-reports.md).';

/**
 * Fault reports and their evaluation (spec 001 §3 "Fault report"; docs/fault-reports.md). Server: modules/fault-reports.
 */
export const FAULT_REPORT_ENDPOINTS = {
  listPointFaultReports: endpoint({
    method: 'GET',
    path: '/point/:id/fault-reports',
    access: { permission: ['readFaultReport'] },
    tags: ['fault-reports'],
    summary: "The point's fault reports (paged)",
    description: `Newest first. Query \`pageSize\` (1…100, default 25), \`pageNumber\` (from 1), \`status\` (open, closed, all). ${TEXTS_DOC} ${NOT_FOUND_DOC}`,
    params: idParams,
    query: faultReportsQuery,
    response: faultReportsResponse,
    errors: [400, 404],
  }),
  getPointFaultReportConfirmations: endpoint({
    method: 'GET',
    path: '/point/:id/fault-reports/confirmations',
    access: { permission: ['readFaultReport'] },
    tags: ['fault-reports'],
    summary: 'How often fault reports were confirmed',
    description: `Per fault: reports in all, answered confirmed ("fault_confirmed" yes), answered not confirmed, unanswered; \`point\` of this point, \`customer\` of all the customer's points. ${NOT_FOUND_DOC}`,
    params: idParams,
    response: confirmationStatsResponse,
    errors: [404],
  }),
  countUnansweredEvaluations: endpoint({
    method: 'GET',
    path: '/fault-reports/unanswered-evaluations-count',
    access: { permission: ['readFaultReport'] },
    tags: ['fault-reports'],
    summary: 'Unanswered fault reports per point',
    description:
      'The customer’s reports (open and closed) not yet evaluated, counted per point (the tree’s badge, spec 000); points without any are left out.',
    response: unansweredEvaluationsResponse,
  }),
  getFaultReport: endpoint({
    method: 'GET',
    path: '/fault-reports/:id',
    access: { permission: ['readFaultReport'] },
    tags: ['fault-reports'],
    summary: 'One fault report',
    description: `${TEXTS_DOC} ${NOT_FOUND_DOC}`,
    params: idParams,
    response: faultReport,
    errors: [404],
  }),
  evaluateFaultReport: endpoint({
    method: 'PUT',
    path: '/fault-reports/:id/evaluation',
    access: { permission: ['updateFaultReport'] },
    tags: ['fault-reports'],
    summary: 'Evaluate a fault report',
    description: `Body \`{questions: [{code, answer}]}\`: every mandatory question answered; yes/no questions \`yes\` or \`no\`; \`comments\` free text up to 2000 characters (400 with \`errors: [{msg, param: 'questions.{code}'}]\` otherwise). Sets \`isAnswered\` (the point's unanswered count drops only when the report was unanswered) and may be repeated (the answers are replaced). "fault_confirmed" \`no\` stores the report's pattern as a known false positive of the point: the same fault must grow by 6 dB (×2) before it is reported there again; \`yes\` keeps the report as a confirmed label. Answers the report. ${NOT_FOUND_DOC}`,
    params: idParams,
    body: evaluationBody,
    response: faultReport,
    errors: [400, 404],
  }),
};
