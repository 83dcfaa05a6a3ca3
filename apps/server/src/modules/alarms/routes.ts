import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { withPoint } from '../point-config/with-point.ts';
import {
  createMetricAlarm,
  deleteMetricAlarm,
  ensureDefaultAlarms,
  getMetricAlarm,
  listAlarmTransactions,
  listFrequencyPeakAlarms,
  listMetricAlarms,
  replaceFrequencyPeakAlarms,
  updateMetricAlarm,
} from './repo.ts';
import { alarmNameIn } from './built-in-name.ts';
import { resolveLanguage } from '../../infra/i18n.ts';

/** The request's language (`language` header): built-in alarm names are answered in it. */
const languageOf = (req: { headers: Record<string, unknown> }) =>
  resolveLanguage(req.headers[LANGUAGE_HEADER] as string | undefined);

/**
 * Metric alarms, frequency-peak alarms and alarm transactions (spec 001 §2, §3, §5, §7;
 * docs/alarms.md). Evaluation runs in jobs/alarms, not here.
 */
export async function alarmRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listMetricAlarms),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await ensureDefaultAlarms(ctx.db, customerId, pointId);
        const lang = languageOf(req);
        return (await listMetricAlarms(ctx.db, customerId, pointId)).map((a) => ({ ...a, name: alarmNameIn(a.name, lang) }));
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.createMetricAlarm),
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) => createMetricAlarm(ctx.db, customerId, pointId, req.body)),
  });

  r.route({
    ...routeOf(ENDPOINTS.getMetricAlarm),
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) => getMetricAlarm(ctx.db, customerId, pointId, req.params.alarmId)),
  });

  r.route({
    ...routeOf(ENDPOINTS.updateMetricAlarm),
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) =>
        updateMetricAlarm(ctx.db, customerId, pointId, req.params.alarmId, req.body),
      ),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteMetricAlarm),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await deleteMetricAlarm(ctx.db, customerId, pointId, req.params.alarmId);
        return { deleted: true as const };
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.listFrequencyPeakAlarms),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => ({
        alarms: await listFrequencyPeakAlarms(ctx.db, customerId, pointId),
      })),
  });

  r.route({
    ...routeOf(ENDPOINTS.replaceFrequencyPeakAlarms),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => ({
        alarms: await replaceFrequencyPeakAlarms(ctx.db, customerId, pointId, req.body),
      })),
  });

  r.route({
    ...routeOf(ENDPOINTS.listAlarmTransactions),
    handler: async (req) => {
      const page = await listAlarmTransactions(ctx.db, authOf(req).customerId, req.query);
      const lang = languageOf(req);
      return { ...page, transactions: page.transactions.map((t) => ({ ...t, name: alarmNameIn(t.name, lang) })) };
    },
  });
}
