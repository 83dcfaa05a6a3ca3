import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGE_HEADER,
  REPORT_LANGUAGES,
  type ReportLanguage,
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
import { renderReportDocument } from './document.ts';
import { evaluateReport, reportLanguageOf, toFaultReports } from './service.ts';

const idParams = z.object({ id: z.string() });
const NOT_FOUND_DOC = 'Another customer’s point or report answers 404 exactly like a missing one.';
const TEXTS_DOC =
  'Texts (description, indication, cause, suggestions, question texts, time to stop) in the request’s `language` header language (tr default); `name` and the questions in all six report languages. `evidence`: the lines that show the fault, each with the measurement it was seen in (docs/fault-reports.md).';

const languageOf = (req: FastifyRequest) => resolveLanguage(req.headers[LANGUAGE_HEADER]);
const documentQuery = z.object({
  language: z.enum(REPORT_LANGUAGES).optional(),
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});
/** `fault-report-<fault code>-<YYYY-MM-DD>-<language>.pdf`, ASCII (the code is lower_snake_case). */
const pdfFileName = (report: { code: string; createdAt: string }, language: string) =>
  `fault-report-${report.code.replace(/[^a-z0-9_-]+/gi, '-')}-${report.createdAt.slice(0, 10)}-${language}.pdf`;

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

  /** The report in the asked language (query `language`, else the header's), or 404. */
  const reportFor = async (req: FastifyRequest, id: string, asked: ReportLanguage | undefined) => {
    const { customerId } = authOf(req);
    const row = await reportOf(ctx.db, customerId, id);
    if (!row) throw new AppError('FAULT_REPORT_NOT_FOUND');
    const language = asked ?? reportLanguageOf(languageOf(req));
    const uiLanguage = language === 'zhTw' ? 'zh-tw' : language;
    const report = (await toFaultReports(ctx.db, customerId, [row], uiLanguage))[0]!;
    const localization = req.customer?.preferences.localization;
    return {
      customerId,
      report,
      opts: {
        language,
        timeZone: localization?.timeZone ?? 'GMT',
        dateFormat: localization?.dateFormat ?? 'DD-MM-YYYY HH:mm:ss',
      },
    };
  };

  r.get('/fault-reports/:id/pdf', {
    config: { access: needs('readFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: 'The fault report as a PDF',
      description: `A PDF of 712 × 1150 pt (spec 001 §9) in \`language\` (tr, en, de, ru, zh, zhTw; default the \`language\` header's): point, dates in the customer's time zone and format, severity, the fault's texts, the evidence table, the spectrum with the evidence marked, the questions and answers (docs/fault-report-pdf.md). Inline; \`download=1\` answers it as an attachment. Rendered in the DSP pool. ${NOT_FOUND_DOC}`,
      params: idParams,
      querystring: documentQuery,
      response: { 400: badRequestBody, 404: errorBody },
    },
    handler: async (req, reply) => {
      const { customerId, report, opts } = await reportFor(req, req.params.id, req.query.language);
      const pdf = await renderReportDocument(ctx, customerId, report, { ...opts, output: 'pdf' });
      const download = req.query.download === '1' || req.query.download === 'true';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${pdfFileName(report, opts.language)}"`)
        .send(pdf as never); // bytes bypass the serializer (no 200 schema)
    },
  });

  r.get('/fault-reports/:id/spectrum.png', {
    config: { access: needs('readFaultReport') },
    schema: {
      tags: ['fault-reports'],
      summary: "The report's spectrum picture with the evidence marked (PNG)",
      description: `The spectrum or envelope spectrum of the axis and measurement of the report's first evidence line with a frequency, every line of it marked (the report's \`image\`); labels in \`language\`. 404 when the report has no such line. ${NOT_FOUND_DOC}`,
      params: idParams,
      querystring: documentQuery,
      response: { 400: badRequestBody, 404: errorBody },
    },
    handler: async (req, reply) => {
      const { customerId, report, opts } = await reportFor(req, req.params.id, req.query.language);
      const png = await renderReportDocument(ctx, customerId, report, { ...opts, output: 'png' });
      return reply.header('content-type', 'image/png').send(png as never);
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
