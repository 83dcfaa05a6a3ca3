import type {
  MaintenanceCreateBody,
  MaintenanceRecord,
  MaintenanceStatus,
  MaintenanceUpdateBody,
  MaintenanceVerdict,
} from '@overtone/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { closeCuredByMaintenance, maintenanceCompleted } from '../fault-reports/service.ts';
import { parseApiDate } from '../measurements/repo.ts';
import { pointOf } from '../point-config/repo.ts';
import {
  insertMaintenance,
  listMaintenances,
  machineClassOfPoint,
  maintenanceOf,
  pendingVerdictsOf,
  reportsOpenAt,
  saveVerdict,
  updateMaintenance,
  verdictMeasurements,
  type MaintenanceRow,
} from './repo.ts';
import { VERDICT_MEASUREMENTS, compareBeforeAfter } from './verdict.ts';

type Db = Kysely<DB>;

/**
 * The rules of maintenance records (docs/maintenance.md): dates in the customer's time zone,
 * completion and its verdict, the reports it closes and the baseline it restarts.
 */

/**
 * `YYYY-MM-DD HH:mm:ss` of an instant in a time zone `offsetMinutes` east of UTC (the wire form of
 * maintenanceStartDate, spec 001 §5).
 */
export function formatApiDate(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The instant of a maintenanceStartDate read in the customer's zone.
 * @raises AppError VALIDATION (400, param `maintenanceStartDate`) for a date that does not exist
 *   (2026-02-30, 25:00) or lies outside the years 1…9999
 */
export function parseStartDate(s: string, offsetMinutes: number): Date {
  const at = parseApiDate(s, offsetMinutes);
  // JavaScript rolls 2026-02-30 over to March 2: a date that does not read back the same does not exist
  if (!at || formatApiDate(at, offsetMinutes) !== s) throw new AppError('VALIDATION', 'maintenanceStartDate', 'invalidDateTime');
  return at;
}

/** A record row as the API answers it (contract `maintenanceRecord`). */
export function toMaintenanceRecord(row: MaintenanceRow, offsetMinutes: number): MaintenanceRecord {
  return {
    _id: row.id,
    pointId: row.point_id,
    title: row.title,
    description: row.description,
    status: row.status as MaintenanceStatus,
    maintenanceStartDate: formatApiDate(new Date(row.start_at), offsetMinutes),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    createdBy: row.created_by ? { _id: row.created_by, name: row.creator_name ?? '' } : null,
    verdict: (row.verdict as MaintenanceVerdict | null) ?? null,
  };
}

/** The point's records, newest start first. @raises AppError POINT_NOT_FOUND (404), also for another customer's point */
export async function maintenancesOfPoint(db: Db, customerId: string, pointId: string, offsetMinutes: number) {
  await pointOf(db, customerId, pointId);
  return (await listMaintenances(db, customerId, pointId)).map((r) => toMaintenanceRecord(r, offsetMinutes));
}

/**
 * Creates a record; a record created completed is completed now (its verdict starts, the point's
 * baseline restarts).
 * @returns the new id
 * @raises AppError POINT_NOT_FOUND (404) for a missing or another customer's point; VALIDATION (400)
 *   for a start date that does not exist
 */
export async function createMaintenance(
  db: Db,
  who: { customerId: string; userId: string | null },
  body: MaintenanceCreateBody,
  offsetMinutes: number,
  now = new Date(),
): Promise<string> {
  const startAt = parseStartDate(body.maintenanceStartDate, offsetMinutes);
  await pointOf(db, who.customerId, body.pointId);
  const id = newId();
  const completedAt = body.status === 'completed' ? now : null;
  await insertMaintenance(db, {
    id,
    customerId: who.customerId,
    pointId: body.pointId,
    title: body.title,
    description: body.description,
    status: body.status,
    startAt,
    completedAt,
    createdBy: who.userId,
  });
  if (completedAt) await completed(db, who.customerId, id);
  return id;
}

/**
 * Updates description and status (spec 001 §4: both statuses freely selectable). Set completed from
 * continues: completed now, verdict started, baseline restarted; completed again: only the
 * description changes; back to continues: completion and verdict cleared (reports it closed stay
 * closed, the baseline is not moved back).
 * @raises AppError MAINTENANCE_NOT_FOUND (404), also for another customer's record
 */
export async function updateMaintenanceRecord(
  db: Db,
  customerId: string,
  id: string,
  body: MaintenanceUpdateBody,
  offsetMinutes: number,
  now = new Date(),
): Promise<MaintenanceRecord> {
  const row = await maintenanceOf(db, customerId, id);
  if (!row) throw new AppError('MAINTENANCE_NOT_FOUND');
  const becomesCompleted = body.status === 'completed' && row.status !== 'completed';
  const completedAt = body.status === 'completed' ? (row.completed_at ?? now) : null;
  await updateMaintenance(db, id, { description: body.description, status: body.status, completedAt });
  if (body.status === 'continues') await saveVerdict(db, id, null);
  if (becomesCompleted || (body.status === 'completed' && !row.verdict)) await completed(db, customerId, id);
  return toMaintenanceRecord((await maintenanceOf(db, customerId, id))!, offsetMinutes);
}

/** A record just completed: the point's baseline restarts from the completion, then its verdict. */
async function completed(db: Db, customerId: string, id: string): Promise<void> {
  const row = (await maintenanceOf(db, customerId, id))!;
  await maintenanceCompleted(db, customerId, row.point_id, new Date(row.completed_at!));
  await refreshVerdict(db, row);
}

/**
 * Computes a completed record's verdict from the point's measurements (verdict.ts
 * `compareBeforeAfter`) and writes it. Before: the last VERDICT_MEASUREMENTS diagnosed
 * measurements measured before the start; after: the first VERDICT_MEASUREMENTS measured at or after
 * the completion (or the start, when later). Once final (not pending), the reports it found cured
 * are closed (closedReason `maintenance`, at the completion) and listed in `closedFaultReports`.
 * @returns the verdict written
 */
export async function refreshVerdict(db: Db, row: MaintenanceRow, now = new Date()): Promise<MaintenanceVerdict> {
  const completedAt = new Date(row.completed_at!);
  const startAt = new Date(row.start_at);
  const afterEdge = startAt > completedAt ? startAt : completedAt;
  const [machineClass, before, after, reports] = await Promise.all([
    machineClassOfPoint(db, row.point_id),
    verdictMeasurements(db, row.point_id, { before: startAt }, VERDICT_MEASUREMENTS),
    verdictMeasurements(db, row.point_id, { after: afterEdge }, VERDICT_MEASUREMENTS),
    reportsOpenAt(db, row.customer_id, row.point_id, completedAt),
  ]);
  const cmp = compareBeforeAfter({ machineClass, before, after, reports });
  // the reports closed and the verdict naming them are written together
  return db.transaction().execute(async (trx) => {
    const closed =
      cmp.outcome === 'pending' ? [] : await closeCuredByMaintenance(trx, row.customer_id, row.point_id, cmp.cured, completedAt);
    const verdict: MaintenanceVerdict = {
      outcome: cmp.outcome,
      decidedAt: cmp.outcome === 'pending' ? null : now.toISOString(),
      measurementsBefore: before.length,
      measurementsAfter: after.length,
      lines: cmp.lines,
      closedFaultReports: closed,
    };
    await saveVerdict(trx, row.id, verdict, completedAt);
    return verdict;
  });
}

/**
 * The diagnoser's hook (jobs/diagnosis/diagnoser.ts): a measurement of the point measured at
 * `measuredAt` was diagnosed; the pending verdicts of records completed at or before it are
 * recomputed (one indexed query when there are none: `maintenances_pending`).
 * @returns verdicts recomputed
 */
export async function measurementDiagnosed(db: Db, pointId: string, measuredAt: Date): Promise<number> {
  const rows = await pendingVerdictsOf(db, pointId, measuredAt);
  for (const row of rows) await refreshVerdict(db, row);
  return rows.length;
}
