import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  errorBody,
  maintenanceCreateBody,
  maintenanceCreated,
  maintenanceRecord,
  maintenanceUpdateBody,
  maintenancesQuery,
  maintenancesResponse,
  timeZoneOffsetMinutes,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
import { createMaintenance, maintenancesOfPoint, updateMaintenanceRecord } from './service.ts';

const idParams = z.object({ id: z.string() });
const NOT_FOUND_DOC = 'Another customer’s point or record answers 404 exactly like a missing one.';
const DATE_DOC =
  '`maintenanceStartDate` is `YYYY-MM-DD HH:mm:ss` in the customer’s time zone (preferences.localization.timeZone), read and answered so.';
const RECORD_DOC =
  'A record: `_id`, `pointId`, `title`, `description`, `status` (completed | continues), `maintenanceStartDate`, `createdAt`, `updatedAt` and `completedAt` (ISO 8601; `completedAt` null while it continues), `createdBy` {_id, name}, and `verdict` (null while it continues): `outcome` pending | improved | unchanged | worse, `decidedAt` (null while pending), `measurementsBefore`, `measurementsAfter`, `lines` (per axis ISO 10816 zone 1–4 for A–D, velocity r.m.s. mm/s, 1× and 2× mm/s, envelope BPFO/BPFI/BSF/FTF g², and the evidence lines of the fault reports open at completion; `before`/`after` medians, `change` in dB, zone steps for the zone, `outcome` per line) and `closedFaultReports` (reports the repair cured, closed with closedReason `maintenance`). Rules and sources: docs/maintenance.md.';
const BAD_INPUT_DOC = 'Bad input answers 400 `{errors: [{msg, param}]}`.';

const offsetOf = (req: FastifyRequest) => timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone);

/**
 * Maintenance records of a point (spec 001 §2 "Maintenance", §3, §4, §5, §7, §8; docs/maintenance.md):
 * the calls of the maintenance tab. Permissions readMaintenance, createMaintenance, updateMaintenance.
 */
export async function maintenanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/maintenances', {
    config: { access: needs('readMaintenance') },
    schema: {
      tags: ['maintenance'],
      summary: "The point's maintenance records",
      description: `Query \`pointId\`. An array of records, newest start first. ${RECORD_DOC} ${DATE_DOC} ${BAD_INPUT_DOC} ${NOT_FOUND_DOC}`,
      querystring: maintenancesQuery,
      response: { 200: maintenancesResponse, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
    handler: (req) => maintenancesOfPoint(ctx.db, authOf(req).customerId, req.query.pointId, offsetOf(req)),
  });

  r.post('/maintenances', {
    config: { access: needs('createMaintenance') },
    schema: {
      tags: ['maintenance'],
      summary: 'Record a maintenance',
      description: `Body \`{pointId, title (1–200 characters), description (≤ 5000, default empty), status (completed | continues), maintenanceStartDate}\`; answers \`{_id}\`. Created completed, it is completed now: its verdict starts (pending until measurements after it are diagnosed) and the point's diagnosis baseline restarts from now. ${DATE_DOC} ${BAD_INPUT_DOC} (a date that does not exist: \`param\` maintenanceStartDate). ${NOT_FOUND_DOC}`,
      body: maintenanceCreateBody,
      response: { 200: maintenanceCreated, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId, userId } = authOf(req);
      return { _id: await createMaintenance(ctx.db, { customerId, userId }, req.body, offsetOf(req)) };
    },
  });

  r.put('/maintenances/:id', {
    config: { access: needs('updateMaintenance') },
    schema: {
      tags: ['maintenance'],
      summary: 'Update a maintenance record',
      description: `Body \`{description (≤ 5000), status (completed | continues)}\`; answers the updated record. Set completed from continues: completed now, its verdict starts and the point's baseline restarts; back to continues: \`completedAt\` and the verdict are cleared (fault reports a verdict closed stay closed). ${RECORD_DOC} ${BAD_INPUT_DOC} ${NOT_FOUND_DOC} (MAINTENANCE_NOT_FOUND)`,
      params: idParams,
      body: maintenanceUpdateBody,
      response: { 200: maintenanceRecord, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
    handler: (req) => updateMaintenanceRecord(ctx.db, authOf(req).customerId, req.params.id, req.body, offsetOf(req)),
  });
}
