import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGE_HEADER,
  badRequestBody,
  confirmationStatsResponse,
  errorBody,
  evaluationBody,
  faultReport,
  faultReportsQuery,
  faultReportsResponse,
  unansweredEvaluationsResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { authOf, needs } from '../auth/access.ts';
import { withPoint } from '../point-config/with-point.ts';
import { confirmationStats, listReports, reportOf, unansweredCounts } from './repo.ts';
import { evaluateReport, toFaultReports } from './service.ts';

const idParams = z.object({ id: z.string() });
const NOT_FOUND_DOC = 'Another customer’s point or report answers 404 exactly like a missing one.';
const TEXTS_DOC =
  'Texts (description, indication, cause, suggestions, question texts, time to stop) in the request’s `language` header language (tr default); `name` and the questions in all six report languages. `evidence`: the lines that show the fault, each with the measurement it was seen in (docs/fault-reports.md).';

const languageOf = (req: FastifyRequest) => resolveLanguage(req.headers[LANGUAGE_HEADER]);

/**
 * Fault reports and their evaluations (spec 001 §2 "Vibration analyze (fault) reports", §5, §6
 * readFaultReport / updateFaultReport, §7; docs/fault-reports.md). The diagnosis that writes them
 * runs in jobs/diagnosis, not here.
 */
export async function faultReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/point/:id/fault-reports', {
    config: { access: needs('readFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: "The point's fault reports (paged)",
      description: `Newest first. Query \`pageSize\` (1…100, default 25), \`pageNumber\` (from 1), \`status\` (open, closed, all). ${TEXTS_DOC} ${NOT_FOUND_DOC}`,
      params: idParams,
      querystring: faultReportsQuery,
      response: { 200: faultReportsResponse, 400: badRequestBody, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const { total, rows } = await listReports(ctx.db, customerId, pointId, req.query);
        return { data: { total, detectionReports: await toFaultReports(ctx.db, customerId, rows, languageOf(req)) } };
      }),
  });

  r.get('/point/:id/fault-reports/confirmations', {
    config: { access: needs('readFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: 'How often fault reports were confirmed',
      description: `Per fault: reports in all, answered confirmed ("fault_confirmed" yes), answered not confirmed, unanswered; \`point\` of this point, \`customer\` of all the customer's points. ${NOT_FOUND_DOC}`,
      params: idParams,
      response: { 200: confirmationStatsResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => ({
        data: {
          point: await confirmationStats(ctx.db, customerId, pointId),
          customer: await confirmationStats(ctx.db, customerId, null),
        },
      })),
  });

  r.get('/fault-reports/unanswered-evaluations-count', {
    config: { access: needs('readFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: 'Unanswered fault reports per point',
      description:
        'The customer’s reports (open and closed) not yet evaluated, counted per point (the tree’s badge, spec 000); points without any are left out.',
      response: { 200: unansweredEvaluationsResponse },
    },
    handler: async (req) => ({ data: { detectionReports: await unansweredCounts(ctx.db, authOf(req).customerId) } }),
  });

  r.get('/fault-reports/:id', {
    config: { access: needs('readFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: 'One fault report',
      description: `${TEXTS_DOC} ${NOT_FOUND_DOC}`,
      params: idParams,
      response: { 200: faultReport, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const row = await reportOf(ctx.db, customerId, req.params.id);
      if (!row) throw new AppError('FAULT_REPORT_NOT_FOUND');
      return (await toFaultReports(ctx.db, customerId, [row], languageOf(req)))[0]!;
    },
  });

  r.put('/fault-reports/:id/evaluation', {
    config: { access: needs('updateFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: 'Evaluate a fault report',
      description: `Body \`{questions: [{code, answer}]}\`: every mandatory question answered; yes/no questions \`yes\` or \`no\`; \`comments\` free text up to 2000 characters (400 with \`errors: [{msg, param: 'questions.{code}'}]\` otherwise). Sets \`isAnswered\` (the point's unanswered count drops only when the report was unanswered) and may be repeated (the answers are replaced). "fault_confirmed" \`no\` stores the report's pattern as a known false positive of the point: the same fault must grow by 6 dB (×2) before it is reported there again; \`yes\` keeps the report as a confirmed label. Answers the report. ${NOT_FOUND_DOC}`,
      params: idParams,
      body: evaluationBody,
      response: { 200: faultReport, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const row = await evaluateReport(ctx.db, auth.customerId, auth.userId, req.params.id, req.body.questions);
      return (await toFaultReports(ctx.db, auth.customerId, [row], languageOf(req)))[0]!;
    },
  });
}
