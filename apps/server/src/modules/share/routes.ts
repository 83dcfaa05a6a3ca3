import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ENDPOINTS,
  LANGUAGE_HEADER,
  type EndpointAccess,
  type SharedPointSettings,
  type ShareTrendResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { analysisRoutes, type AnalysisEndpoints } from '../analysis/routes.ts';
import { signedImageUrl } from '../points/images.ts';
import { findPoint, pointImageRows } from '../points/repo.ts';
import { listPhotos, loadMeasurementDetail, measurementRow } from '../measurements/detail-repo.ts';
import { sendSignal } from '../measurements/detail-routes.ts';
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

const grants = new WeakMap<FastifyRequest, ShareGrant>();
const grantOf = (req: FastifyRequest) => {
  const g = grants.get(req);
  if (!g) throw new AppError('SHARE_LINK_INVALID');
  return g;
};
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

/** A share link holder's analyses: the session's, under `/share` (docs/share-links.md). */
const HOLDER_ANALYSES = {
  spectrum: ENDPOINTS.computeSpectrumWithShareToken,
  envelope: ENDPOINTS.computeEnvelopeSpectrumWithShareToken,
  cepstrum: ENDPOINTS.computeCepstrumWithShareToken,
  spectrogram: ENDPOINTS.computeSpectrogramWithShareToken,
  'auto-correlation': ENDPOINTS.computeAutoCorrelationWithShareToken,
  'polar-analyze': ENDPOINTS.computePolarWithShareToken,
  'orbit-analyze': ENDPOINTS.computeOrbitWithShareToken,
} satisfies AnalysisEndpoints;

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

  r.route({
    ...routeOf(ENDPOINTS.createShareLink),
    handler: async (req) => {
      const auth = authOf(req);
      return createShare(ctx.db, auth.customerId, auth.userId, auth.permissions, req.body);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.listShareLinks),
    handler: async (req) => listShares(ctx.db, authOf(req).customerId, { measurementId: req.query.measurementId }),
  });

  r.route({
    ...routeOf(ENDPOINTS.revokeShareLink),
    handler: async (req) => {
      await revokeShare(ctx.db, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });

  // ---- the token holder's read-only API (`access: { shareToken: true }`; the table's paths are whole: '/share/...') ----
  await app.register(async (s) => {
    // Only the holder's operations here: the hook below is their access check.
    s.addHook('onRoute', (route) => {
      if (!('shareToken' in ((route.config as { access?: EndpointAccess } | undefined)?.access ?? {})))
        throw new Error(`route ${String(route.method)} ${route.url} of the share token's holder declares another access`);
      // the mark enforceAccess asks of a holder's route: the hook below checks its token
      route.config = { ...route.config, shareTokenChecked: true };
    });
    // After the app's hook (tenant, session, access: these routes need no session), every request of
    // this family must carry a valid share token of the host's customer.
    s.addHook('onRequest', async (req) => {
      if (req.is404) return;
      grants.set(req, await resolveShare(ctx.db, shareTokenOf(req), req.customer?.id ?? null));
    });
    const sr = s.withTypeProvider<ZodTypeProvider>();

    sr.route({
      ...routeOf(ENDPOINTS.getShareScope),
      handler: async (req) => {
        const { id: _id, customerId: _c, ...scope } = grantOf(req);
        return scope;
      },
    });

    sr.route({
      ...routeOf(ENDPOINTS.getSharedMeasurement),
      handler: async (req) => {
        const g = grantFor(req, req.params.id);
        const detail = await loadMeasurementDetail(ctx, g.customerId, g.measurementId, {
          samples: req.query.samples !== 'none',
        });
        return { ...detail, pointSettings: await pointSettingsOf(ctx, g.customerId, detail.point?._id ?? null) };
      },
    });

    sr.route({
      ...routeOf(ENDPOINTS.getSharedMeasurementSignal),
      handler: async (req, reply) => {
        const g = grantFor(req, req.params.id);
        return sendSignal(reply, await loadMeasurementSignal(ctx, g.customerId, g.measurementId, req.query.axis));
      },
    });

    sr.route({
      ...routeOf(ENDPOINTS.listSharedMeasurementPhotos),
      handler: async (req) => {
        const g = grantFor(req, req.params.id, 'allowImage');
        return listPhotos(ctx, g.customerId, g.measurementId);
      },
    });

    sr.route({
      ...routeOf(ENDPOINTS.listSharedPointImages),
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

    sr.route({
      ...routeOf(ENDPOINTS.getSharedPointTrend),
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

    sr.route({
      ...routeOf(ENDPOINTS.listSharedAlarmTransactions),
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

    // The analysis calls: the very same route code as the session's, guarded by the share token
    // instead of a session; the stored-signal form (measurementId + axis) reads the shared
    // measurement only (any other id answers 404).
    await analysisRoutes(s, ctx, { endpoints: HOLDER_ANALYSES, customerOf: (req, id) => grantFor(req, id).customerId });
  });
}
