import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, timeZoneOffsetMinutes, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { authOf } from '../auth/access.ts';
import { withPoint } from '../point-config/with-point.ts';
import { conditionOf } from './service.ts';

/**
 * The point's condition-control tab (spec 001 §2 point detail tabs; issue 16;
 * docs/condition-control.md): `GET /point/{id}/condition`.
 */
export async function conditionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getPointCondition),
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) => {
        const { permissions } = authOf(req);
        return conditionOf(
          ctx.db,
          customerId,
          pointId,
          { readAlarm: permissions.has('readAlarm'), readFaultReport: permissions.has('readFaultReport') },
          resolveLanguage(req.headers[LANGUAGE_HEADER]),
          timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone),
        );
      }),
  });
}
