import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timeZoneOffsetMinutes, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { authOf } from '../auth/access.ts';
import { createMaintenance, maintenancesOfPoint, updateMaintenanceRecord } from './service.ts';

const offsetOf = (req: FastifyRequest) => timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone);

/**
 * Maintenance records of a point (spec 001 §2 "Maintenance", §3, §4, §5, §7, §8; docs/maintenance.md):
 * the calls of the maintenance tab. Permissions readMaintenance, createMaintenance, updateMaintenance.
 */
export async function maintenanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listMaintenances),
    handler: (req) => maintenancesOfPoint(ctx.db, authOf(req).customerId, req.query.pointId, offsetOf(req)),
  });

  r.route({
    ...routeOf(ENDPOINTS.createMaintenance),
    handler: async (req) => {
      const { customerId, userId } = authOf(req);
      return { _id: await createMaintenance(ctx.db, { customerId, userId }, req.body, offsetOf(req)) };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.updateMaintenance),
    handler: (req) => updateMaintenanceRecord(ctx.db, authOf(req).customerId, req.params.id, req.body, offsetOf(req)),
  });
}
