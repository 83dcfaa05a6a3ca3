import {
  maintenanceCreateBody,
  maintenanceCreated,
  maintenanceRecord,
  maintenanceUpdateBody,
  maintenancesQuery,
  maintenancesResponse,
} from '../maintenance.ts';
import { endpoint, idParams } from './endpoint.ts';

const BAD_INPUT_DOC = 'Bad input answers 400 `{errors: [{msg, param}]}`.';

const DATE_DOC =
  '`maintenanceStartDate` is `YYYY-MM-DD HH:mm:ss` in the customer’s time zone (preferences.localization.timeZone), read and answered so.';

const NOT_FOUND_DOC = 'Another customer’s point or record answers 404 exactly like a missing one.';

const RECORD_DOC =
  'A record: `_id`, `pointId`, `title`, `description`, `status` (completed | continues), `maintenanceStartDate`, `createdAt`, `updatedAt` and `completedAt` (ISO 8601; `completedAt` null while it continues), `createdBy` {_id, name}, and `verdict` (null while it continues): `outcome` pending | improved | unchanged | worse, `decidedAt` (null while pending), `measurementsBefore`, `measurementsAfter`, `lines` (per axis ISO 10816 zone 1–4 for A–D, velocity r.m.s. mm/s, 1× and 2× mm/s, envelope BPFO/BPFI/BSF/FTF g², and the evidence lines of the fault reports open at completion; `before`/`after` medians, `change` in dB, zone steps for the zone, `outcome` per line) and `closedFaultReports` (reports the repair cured, closed with closedReason `maintenance`). Rules and sources: docs/maintenance.md.';

/**
 * Maintenance records and their verdicts (docs/maintenance.md). Server: modules/maintenance.
 */
export const MAINTENANCE_ENDPOINTS = {
  listMaintenances: endpoint({
    method: 'GET',
    path: '/maintenances',
    access: { permission: ['readMaintenance'] },
    tags: ['maintenance'],
    summary: "The point's maintenance records",
    description: `Query \`pointId\`. An array of records, newest start first. ${RECORD_DOC} ${DATE_DOC} ${BAD_INPUT_DOC} ${NOT_FOUND_DOC}`,
    query: maintenancesQuery,
    response: maintenancesResponse,
    errors: [400, 403, 404],
  }),
  createMaintenance: endpoint({
    method: 'POST',
    path: '/maintenances',
    access: { permission: ['createMaintenance'] },
    tags: ['maintenance'],
    summary: 'Record a maintenance',
    description: `Body \`{pointId, title (1–200 characters), description (≤ 5000, default empty), status (completed | continues), maintenanceStartDate}\`; answers \`{_id}\`. Created completed, it is completed now: its verdict starts (pending until measurements after it are diagnosed) and the point's diagnosis baseline restarts from now. ${DATE_DOC} ${BAD_INPUT_DOC} (a date that does not exist: \`param\` maintenanceStartDate). ${NOT_FOUND_DOC}`,
    body: maintenanceCreateBody,
    response: maintenanceCreated,
    errors: [400, 403, 404],
  }),
  updateMaintenance: endpoint({
    method: 'PUT',
    path: '/maintenances/:id',
    access: { permission: ['updateMaintenance'] },
    tags: ['maintenance'],
    summary: 'Update a maintenance record',
    description: `Body \`{description (≤ 5000), status (completed | continues)}\`; answers the updated record. Set completed from continues: completed now, its verdict starts and the point's baseline restarts; back to continues: \`completedAt\` and the verdict are cleared (fault reports a verdict closed stay closed). ${RECORD_DOC} ${BAD_INPUT_DOC} ${NOT_FOUND_DOC} (MAINTENANCE_NOT_FOUND)`,
    params: idParams,
    body: maintenanceUpdateBody,
    response: maintenanceRecord,
    errors: [400, 403, 404],
  }),
};
