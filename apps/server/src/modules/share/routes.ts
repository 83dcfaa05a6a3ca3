import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGE_HEADER,
  alarmTransactionsQuery,
  alarmTransactionsResponse,
  badRequestBody,
  createShareBody,
  createShareResponse,
  errorBody,
  measurementDetailQuery,
  measurementPhotosResponse,
  shareLinksQuery,
  shareLinksResponse,
  shareScope,
  shareTrendQuery,
  shareTrendResponse,
  sharedMeasurementDetail,
  type SharedPointSettings,
  type ShareTrendResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs, PUBLIC } from '../auth/access.ts';
import { analysisRoutes } from '../analysis/routes.ts';
import { signedImageUrl } from '../points/images.ts';
import { findPoint, pointImageRows } from '../points/repo.ts';
import { listPhotos, loadMeasurementDetail, measurementRow } from '../measurements/detail-repo.ts';
import { SIGNAL_DOC, sendSignal, signalQuery } from '../measurements/detail-routes.ts';
import { loadMeasurementSignal } from '../measurements/signal.ts';
import { listAlarmTransactions } from '../alarms/repo.ts';
import { alarmNameIn } from '../alarms/built-in-name.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import {
  createShare,
  listShares,
  resolveShare,
  revokeShare,
  shareClock,
  shareTokenOf,
  type ShareGrant,
  sharedTrendRows,
} from './repo.ts';

/** Path prefix of the token holder's read-only API (docs/share-links.md). */
export const SHARE_PREFIX = '/share';

const grants = new WeakMap<FastifyRequest, ShareGrant>();
const grantOf = (req: FastifyRequest) => {
  const g = grants.get(req);
  if (!g) throw new AppError('SHARE_LINK_INVALID');
  return g;
};
/** The grant, for the measurement of the path only: any other id answers 404 like a missing one. */
/**
 * The request's grant for measurement `id`: 404 MEASUREMENT_NOT_FOUND for any other measurement,
 * 403 SHARE_NOT_ALLOWED when `extra` (images, trend, alarm transactions) is not allowed by the link.
 */
const grantFor = (req: FastifyRequest, id: string, extra?: 'allowImage' | 'allowTrend' | 'allowAlarmTransactions') => {
  const g = grantOf(req);
  if (g.measurementId !== id) throw new AppError('MEASUREMENT_NOT_FOUND');
  if (extra && !g[extra]) throw new AppError('SHARE_NOT_ALLOWED');
  return g;
};
const tokenQuery = z.object({ token: z.string().optional() });

/**
 * The chart settings of the shared measurement's point (contract `sharedPointSettings`): the
 * reference frequency, the bearing and the axis mapping, read in the link's customer scope (another
 * customer's custom bearing is never answered: findPoint gives null for it); null without a point.
 */
async function pointSettingsOf(ctx: AppContext, customerId: string, pointId: string | null): Promise<SharedPointSettings | null> {
  if (!pointId) return null;
  const p = await findPoint(ctx.db, customerId, pointId);
  if (!p) return null;
  return {
    referenceFrequency: p.referenceFrequency,
    referenceFrequencyVariable: p.referenceFrequencyVariable,
    bearing: p.bearing,
    coordinateXAxis: p.coordinateXAxis,
    coordinateYAxis: p.coordinateYAxis,
    coordinateZAxis: p.coordinateZAxis,
  };
}

/**
 * Share links (spec 002 §7 "Temporary share link"): the management calls of logged-in users, and
 * the read-only `/share/...` family a token holder's page calls instead of the session routes.
 */
export async function shareRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/temporaryToken/measurement', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['share links'],
      summary: 'Create a temporary share link of a measurement',
      description:
        'Body `{measurementId, allowTrend, allowImage, allowAlarmTransactions, expiresIn}`; `expiresIn` one of 15m, 30m, 1h, 4h (default), 1d, 7d, 15d, 30d. Answers the link with its `token` (shown only now; only its SHA-256 is stored). The page URL is `/measurement/{id}?token={token}`. Another customer’s measurement answers 404. Each extra needs the creator to hold its permission (allowTrend: Readtrend, allowImage: readPoint, allowAlarmTransactions: readAlarm), else 403 SHARE_FLAG_NOT_HELD; the link stops working (401 SHARE_LINK_INVALID) once its creator is deleted or loses readMeasurement, and an extra whose permission the creator lost is no longer granted.',
      body: createShareBody,
      response: { 200: createShareResponse, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      return createShare(ctx.db, auth.customerId, auth.userId, auth.permissions, req.body);
    },
  });

  r.get('/temporaryToken', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['share links'],
      summary: 'The active share links of the customer (optionally of one measurement)',
      description: 'Unexpired links, newest first, without their tokens.',
      querystring: shareLinksQuery,
      response: { 200: shareLinksResponse, 400: badRequestBody },
    },
    handler: async (req) => listShares(ctx.db, authOf(req).customerId, { measurementId: req.query.measurementId }),
  });

  r.delete('/temporaryToken/:id', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['share links'],
      summary: 'Revoke a share link',
      description: 'The token stops working at once. Another customer’s link answers 404 SHARE_LINK_NOT_FOUND.',
      params: z.object({ id: z.string() }),
      response: { 200: z.object({ ok: z.literal(true) }), 404: errorBody },
    },
    handler: async (req) => {
      await revokeShare(ctx.db, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });

  // ---- the token holder's read-only API ----
  await app.register(
    async (s) => {
      // After the app's hook (tenant, session, access: these routes are public to the session check),
      // every request of this family must carry a valid share token of the host's customer.
      s.addHook('onRequest', async (req) => {
        if (req.is404) return;
        grants.set(req, await resolveShare(ctx.db, shareTokenOf(req), req.customer?.id ?? null));
      });
      const sr = s.withTypeProvider<ZodTypeProvider>();
      const TOKEN_DOC =
        'Share token in the `token` header (or `?token=`); no session. 401 SHARE_LINK_INVALID when missing, unknown, revoked, expired, of another customer, or when the link’s creator was deleted or lost readMeasurement.';

      sr.get('', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: what the share token grants',
          description: TOKEN_DOC,
          querystring: tokenQuery,
          response: { 200: shareScope, 401: errorBody },
        },
        handler: async (req) => {
          const { id: _id, customerId: _c, ...scope } = grantOf(req);
          return scope;
        },
      });

      sr.get('/measurement/:id', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: the shared measurement (as GET /measurement/{id}, with its point’s chart settings)',
          description: `${TOKEN_DOC} Any other measurement id answers 404. \`pointSettings\`: the reference frequency (Hz), whether it varies, the bearing (fault-frequency multipliers) and the axis mapping of the measurement’s point, so the shared page marks the running speed and the bearing fault frequencies; null without a point. Nothing else of the point is answered.`,
          params: z.object({ id: z.string() }),
          querystring: measurementDetailQuery.extend(tokenQuery.shape),
          response: { 200: sharedMeasurementDetail, 400: badRequestBody, 401: errorBody, 404: errorBody },
        },
        handler: async (req) => {
          const g = grantFor(req, req.params.id);
          const detail = await loadMeasurementDetail(ctx, g.customerId, g.measurementId, {
            samples: req.query.samples !== 'none',
          });
          return { ...detail, pointSettings: await pointSettingsOf(ctx, g.customerId, detail.point?._id ?? null) };
        },
      });

      sr.get('/measurement/:id/signal', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: the shared measurement’s waveform, binary (as GET /measurement/{id}/signal)',
          description: `${TOKEN_DOC} Any other measurement id answers 404. ${SIGNAL_DOC}`,
          params: z.object({ id: z.string() }),
          querystring: signalQuery.extend(tokenQuery.shape),
          response: { 400: badRequestBody, 401: errorBody, 404: errorBody },
        },
        handler: async (req, reply) => {
          const g = grantFor(req, req.params.id);
          return sendSignal(reply, await loadMeasurementSignal(ctx, g.customerId, g.measurementId, req.query.axis));
        },
      });

      sr.get('/measurement/:id/photo', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: the measurement’s photos (needs allowImage)',
          description: `${TOKEN_DOC} 403 SHARE_NOT_ALLOWED without allowImage.`,
          params: z.object({ id: z.string() }),
          querystring: tokenQuery,
          response: { 200: measurementPhotosResponse, 401: errorBody, 403: errorBody, 404: errorBody },
        },
        handler: async (req) => {
          const g = grantFor(req, req.params.id, 'allowImage');
          return listPhotos(ctx, g.customerId, g.measurementId);
        },
      });

      sr.get('/measurement/:id/point-image', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: the images of the measurement’s point (needs allowImage)',
          description: `${TOKEN_DOC} Signed URLs valid 1 hour, oldest first; empty without a point. 403 SHARE_NOT_ALLOWED without allowImage.`,
          params: z.object({ id: z.string() }),
          querystring: tokenQuery,
          response: { 200: measurementPhotosResponse, 401: errorBody, 403: errorBody, 404: errorBody },
        },
        handler: async (req) => {
          const g = grantFor(req, req.params.id, 'allowImage');
          const m = await measurementRow(ctx.db, g.customerId, g.measurementId);
          if (!m.point_id) return [];
          const rows = await pointImageRows(ctx.db, g.customerId, m.point_id);
          return rows.map((i) => ({
            key: i.key,
            url: signedImageUrl(ctx.secrets.storageKey, i.key),
            date: i.created_at.toISOString(),
          }));
        },
      });

      sr.get('/measurement/:id/trend', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: the trend of the measurement’s point (needs allowTrend)',
          description: `${TOKEN_DOC} The computed values of \`telemetry\` (default GRMS) of the point over the last \`hours\` (default 168), one series per source, oldest first (at most 5000 values). 403 SHARE_NOT_ALLOWED without allowTrend.`,
          params: z.object({ id: z.string() }),
          querystring: shareTrendQuery.extend(tokenQuery.shape),
          response: { 200: shareTrendResponse, 400: badRequestBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
        handler: async (req) => {
          const g = grantFor(req, req.params.id, 'allowTrend');
          const m = await measurementRow(ctx.db, g.customerId, g.measurementId);
          const answer: ShareTrendResponse = { pointId: m.point_id, telemetry: req.query.telemetry, series: [] };
          if (!m.point_id) return answer;
          const since = new Date(shareClock.now().getTime() - req.query.hours * 3600e3);
          const rows = await sharedTrendRows(ctx.db, g.customerId, m.point_id, req.query.telemetry, since);
          const bySource = new Map<string, ShareTrendResponse['series'][number]>();
          for (const v of rows) {
            let s = bySource.get(v.source);
            if (!s) bySource.set(v.source, (s = { source: v.source, points: [] }));
            s.points.push({ measurementId: v.measurement_id, createdAt: new Date(v.measured_at).toISOString(), value: v.value });
          }
          answer.series = [...bySource.values()];
          return answer;
        },
      });

      sr.get('/measurement/:id/alarm-transactions', {
        config: { access: PUBLIC },
        schema: {
          tags: ['share links'],
          summary: 'Token holder: alarm transactions of the point (needs allowAlarmTransactions)',
          description: `${TOKEN_DOC} Same paging and level filter as GET /alarm-transactions, for the measurement's point only. 403 SHARE_NOT_ALLOWED without allowAlarmTransactions.`,
          params: z.object({ id: z.string() }),
          querystring: alarmTransactionsQuery.extend(tokenQuery.shape),
          response: { 200: alarmTransactionsResponse, 400: badRequestBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
        handler: async (req) => {
          const g = grantFor(req, req.params.id, 'allowAlarmTransactions');
          const m = await measurementRow(ctx.db, g.customerId, g.measurementId);
          if (!m.point_id) return { total: 0, pageNumber: req.query.pageNumber, pageSize: req.query.pageSize, transactions: [] };
          const { token: _token, ...q } = req.query;
          const page = await listAlarmTransactions(ctx.db, g.customerId, { ...q, points: m.point_id });
          const lang = resolveLanguage(req.headers[LANGUAGE_HEADER]);
          return { ...page, transactions: page.transactions.map((t) => ({ ...t, name: alarmNameIn(t.name, lang) })) };
        },
      });

      // The analysis calls (POST /vibration/signal/*): the token holder gets the very same routes
      // under /share, guarded by the share token instead of a session; the stored-signal form
      // (measurementId + axis) reads the shared measurement only (any other id answers 404).
      await s.register(async (a) => {
        a.addHook('onRoute', (route) => {
          route.config = { ...(route.config as object), access: PUBLIC };
          const schema = (route.schema ?? {}) as { tags?: string[]; summary?: string; description?: string };
          route.schema = {
            ...schema,
            tags: ['share links'],
            summary: `Token holder: ${schema.summary ?? route.url}`,
            description: `${TOKEN_DOC} ${schema.description ?? ''}`.trim(),
          };
        });
        await analysisRoutes(a, ctx, { customerOf: (req, id) => grantFor(req, id).customerId });
      });
    },
    { prefix: SHARE_PREFIX },
  );
}
