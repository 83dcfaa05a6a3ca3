import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, type ReportLanguage, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { authOf } from '../auth/access.ts';
import { withPoint } from '../point-config/with-point.ts';
import { confirmationStats, listReports, reportOf, unansweredCounts } from './repo.ts';
import { renderReportDocument } from './document.ts';
import { evaluateReport, reportLanguageOf, toFaultReports } from './service.ts';

const languageOf = (req: FastifyRequest) => resolveLanguage(req.headers[LANGUAGE_HEADER]);
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

  r.route({
    ...routeOf(ENDPOINTS.listPointFaultReports),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const { total, rows } = await listReports(ctx.db, customerId, pointId, req.query);
        return { data: { total, detectionReports: await toFaultReports(ctx.db, customerId, rows, languageOf(req)) } };
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.getPointFaultReportConfirmations),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => ({
        data: {
          point: await confirmationStats(ctx.db, customerId, pointId),
          customer: await confirmationStats(ctx.db, customerId, null),
        },
      })),
  });

  r.route({
    ...routeOf(ENDPOINTS.countUnansweredEvaluations),
    handler: async (req) => ({ data: { detectionReports: await unansweredCounts(ctx.db, authOf(req).customerId) } }),
  });

  r.route({
    ...routeOf(ENDPOINTS.getFaultReport),
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

  r.route({
    ...routeOf(ENDPOINTS.getFaultReportPdf),
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

  r.route({
    ...routeOf(ENDPOINTS.getFaultReportSpectrumPng),
    handler: async (req, reply) => {
      const { customerId, report, opts } = await reportFor(req, req.params.id, req.query.language);
      const png = await renderReportDocument(ctx, customerId, report, { ...opts, output: 'png' });
      return reply.header('content-type', 'image/png').send(png as never);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.evaluateFaultReport),
    handler: async (req) => {
      const auth = authOf(req);
      const row = await evaluateReport(ctx.db, auth.customerId, auth.userId, req.params.id, req.body.questions);
      return (await toFaultReports(ctx.db, auth.customerId, [row], languageOf(req)))[0]!;
    },
  });
}
