import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS, LANGUAGE_HEADER, timeZoneOffsetMinutes } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf } from '../auth/access.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { toFaultReports } from '../fault-reports/service.ts';
import { scopePoints } from './repo.ts';
import {
  alarmOccurrence,
  faultDistribution,
  healthProgress,
  pointHealthScores,
  pointRecovery,
  recentPointHealth,
  alarmCoverageOf,
  reportsOf,
  systemHealthOf,
} from './calls.ts';

/** The customer dashboard (spec 001 §2 "Dashboard tab", §3, §4, §7, §9; docs/dashboard.md). */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = async (req: FastifyRequest, points: string | undefined) => {
    const { customerId } = authOf(req);
    return {
      db: ctx.db,
      customerId,
      points: await scopePoints(ctx.db, customerId, points),
      offsetMinutes: timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone),
      now: new Date(),
    };
  };

  r.route({
    ...routeOf(ENDPOINTS.getSystemHealth),
    handler: async (req) => systemHealthOf(await scopeOf(req, req.query.points), req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.getHealthProgress),
    handler: async (req) => healthProgress(await scopeOf(req, req.query.points), req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.getFaultDistribution),
    handler: async (req) => faultDistribution(await scopeOf(req, req.query.points), req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.listDashboardReports),
    handler: async (req) => {
      const scope = await scopeOf(req, req.query.points);
      const page = await reportsOf(scope, req.query);
      const lang = resolveLanguage(req.headers[LANGUAGE_HEADER]);
      return {
        data: {
          total: page.total,
          answered: page.answered,
          detectionReports: await toFaultReports(ctx.db, scope.customerId, page.rows, lang),
        },
      };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getPointHealthScores),
    handler: async (req) => pointHealthScores(await scopeOf(req, req.query.points)),
  });

  r.route({
    ...routeOf(ENDPOINTS.getAlarmCoverage),
    handler: async (req) => alarmCoverageOf(await scopeOf(req, req.query.points)),
  });

  r.route({
    ...routeOf(ENDPOINTS.getRecentPointHealth),
    handler: async (req) => recentPointHealth(await scopeOf(req, req.query.points)),
  });

  r.route({
    ...routeOf(ENDPOINTS.getPointRecovery),
    handler: async (req) => pointRecovery(await scopeOf(req, req.query.points)),
  });

  r.route({
    ...routeOf(ENDPOINTS.getAlarmOccurrence),
    handler: async (req) => alarmOccurrence(await scopeOf(req, req.query.points), req.query),
  });
}
