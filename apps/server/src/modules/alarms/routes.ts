import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGE_HEADER,
  alarmTransactionsDetailResponse,
  alarmTransactionsQuery,
  badRequestBody,
  deleteAlarmResponse,
  errorBody,
  frequencyPeakAlarmsBody,
  frequencyPeakAlarmsResponse,
  metricAlarm,
  metricAlarmBody,
  metricAlarmList,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
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

const pointParams = z.object({ id: z.string() });
/** The request's language (`language` header): built-in alarm names are answered in it. */
const languageOf = (req: { headers: Record<string, unknown> }) =>
  resolveLanguage(req.headers[LANGUAGE_HEADER] as string | undefined);
const alarmParams = z.object({ id: z.string(), alarmId: z.string() });
const NOT_FOUND_DOC = 'Another customer’s point or alarm answers 404 exactly like a missing one.';
const METRIC_DOC =
  '`thresholdDirection` 1 top limit (critical ≥ hazard ≥ attention on the upper values), −1 bottom limit (attention ≥ hazard ≥ critical on the lower values), 0 band (both sides ordered, lower below upper). The unused side is nulled and values rounded to 4 decimals on save. `delay` (consecutive measurements before raising, 1…100) and `hysteresis` (margin in the telemetry unit before clearing) go beyond the spec. Design: docs/alarms.md.';

/**
 * Metric alarms, frequency-peak alarms and alarm transactions (spec 001 §2, §3, §5, §7;
 * docs/alarms.md). Evaluation runs in jobs/alarms, not here.
 */
export async function alarmRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/point/:id/alarm', {
    config: { access: needs('readAlarm') },
    schema: {
      tags: ['alarms'],
      summary: "The point's metric alarms",
      description: `Oldest first, each with its active \`level\`. A point gets the built-in ISO 10816-1 alarms on VRMS_ISO10816 (one per axis, \`builtIn: 'iso10816'\`) the first time its alarms are read or evaluated. ${NOT_FOUND_DOC}`,
      params: pointParams,
      response: { 200: metricAlarmList, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await ensureDefaultAlarms(ctx.db, customerId, pointId);
        const lang = languageOf(req);
        return (await listMetricAlarms(ctx.db, customerId, pointId)).map((a) => ({ ...a, name: alarmNameIn(a.name, lang) }));
      }),
  });

  r.post('/point/:id/alarm', {
    config: { access: needs('createAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'Create a metric alarm',
      description: `${METRIC_DOC} ${NOT_FOUND_DOC}`,
      params: pointParams,
      body: metricAlarmBody,
      response: { 200: metricAlarm, 400: badRequestBody, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) => createMetricAlarm(ctx.db, customerId, pointId, req.body)),
  });

  r.get('/point/:id/alarm/:alarmId', {
    config: { access: needs('readAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'One metric alarm',
      description: NOT_FOUND_DOC,
      params: alarmParams,
      response: { 200: metricAlarm, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) => getMetricAlarm(ctx.db, customerId, pointId, req.params.alarmId)),
  });

  r.put('/point/:id/alarm/:alarmId', {
    config: { access: needs('updateAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'Replace a metric alarm',
      description: `${METRIC_DOC} The active level is kept until the next measurement; an edited built-in alarm becomes the user's own. ${NOT_FOUND_DOC}`,
      params: alarmParams,
      body: metricAlarmBody,
      response: { 200: metricAlarm, 400: badRequestBody, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) =>
        updateMetricAlarm(ctx.db, customerId, pointId, req.params.alarmId, req.body),
      ),
  });

  r.delete('/point/:id/alarm/:alarmId', {
    config: { access: needs('deleteAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'Delete a metric alarm',
      description: `Its transactions stay in the history; the point's health follows its other alarms. ${NOT_FOUND_DOC}`,
      params: alarmParams,
      response: { 200: deleteAlarmResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await deleteMetricAlarm(ctx.db, customerId, pointId, req.params.alarmId);
        return { deleted: true as const };
      }),
  });

  r.get('/point/:id/frequencyPeakAlarm', {
    config: { access: needs('readAlarm') },
    schema: {
      tags: ['alarms'],
      summary: "The point's frequency-peak alarms",
      description: `\`{alarms}\` in the order saved; \`sensitivity\` (Hz) is shown doubled (stored halved: the alarm watches frequency ± sensitivity/2). ${NOT_FOUND_DOC}`,
      params: pointParams,
      response: { 200: frequencyPeakAlarmsResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => ({
        alarms: await listFrequencyPeakAlarms(ctx.db, customerId, pointId),
      })),
  });

  r.post('/point/:id/frequencyPeakAlarm', {
    config: { access: needs('updateAlarm') },
    schema: {
      tags: ['alarms'],
      summary: "Replace the point's frequency-peak alarms",
      description: `Body \`{alarms: [{name, axis, frequency, sensitivity, threshold}]}\` replaces the whole set (an empty list removes every one). Sensitivity: even number of Hz ≥ 2; thresholds in g, critical ≥ hazard ≥ attention. Evaluated on every measurement against the largest line of the axis' envelope spectrum (band-pass 500 Hz … min(6000, fs/2 − 50) Hz, Hilbert envelope, g RMS, Hanning; docs/alarms.md) within frequency ± sensitivity/2. Needs updateAlarm. ${NOT_FOUND_DOC}`,
      params: pointParams,
      body: frequencyPeakAlarmsBody,
      response: { 200: frequencyPeakAlarmsResponse, 400: badRequestBody, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => ({
        alarms: await replaceFrequencyPeakAlarms(ctx.db, customerId, pointId, req.body),
      })),
  });

  r.get('/alarm-transactions', {
    config: { access: needs('readAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'Alarm transactions (paged)',
      description:
        'Level changes of the customer’s alarms, newest first. Query `pageNumber` (from 1), `pageSize` 10, 25, 50 or 75 (default 10), `points` (comma list of point ids), `levelName` (all, healthy, attention, hazard, critical). `score` is the value that decided the level (telemetry unit; g for a frequency peak; hours without data for `kind: noData`).',
      querystring: alarmTransactionsQuery,
      response: { 200: alarmTransactionsDetailResponse, 400: badRequestBody },
    },
    handler: async (req) => {
      const page = await listAlarmTransactions(ctx.db, authOf(req).customerId, req.query);
      const lang = languageOf(req);
      return { ...page, transactions: page.transactions.map((t) => ({ ...t, name: alarmNameIn(t.name, lang) })) };
    },
  });
}
