import { sql, type Kysely, type Selectable } from 'kysely';
import type { EvidenceLine, MaintenanceOutcome, MaintenanceStatus, MaintenanceVerdict } from '@overtone/contract';
import type { Axis, MeasurementFeatures } from '@overtone/diagnosis';
import type { MachineClass } from '@overtone/dsp';
import type { DB, MaintenancesTable } from '../../infra/db/schema.ts';
import { machineClassOf } from '../alarms/levels.ts';
import { decodeFeatures } from '../fault-reports/features-codec.ts';
import type { AddressedReport, VerdictMeasurement } from './verdict.ts';

type Db = Kysely<DB>;
export type MaintenanceRow = Selectable<MaintenancesTable> & { creator_name: string | null };

/**
 * Storage of the maintenance records (migration 0024; docs/maintenance.md) and what their verdict
 * reads: the point's diagnosed measurements around the work, their telemetry and features, and the
 * fault reports open at completion. Every function of the API is scoped by the customer.
 */

const withCreator = (db: Db) =>
  db
    .selectFrom('maintenances as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .selectAll('m')
    .select(sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.name || ' ' || u.surname) END`.as('creator_name'));

/** The point's maintenance records, newest start first. */
export async function listMaintenances(db: Db, customerId: string, pointId: string): Promise<MaintenanceRow[]> {
  return withCreator(db)
    .where('m.customer_id', '=', customerId)
    .where('m.point_id', '=', pointId)
    .orderBy('m.start_at', 'desc')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
}

/** One record of the customer; null when none (another customer's reads as none). */
export async function maintenanceOf(db: Db, customerId: string, id: string): Promise<MaintenanceRow | null> {
  return (await withCreator(db).where('m.customer_id', '=', customerId).where('m.id', '=', id).executeTakeFirst()) ?? null;
}

export async function insertMaintenance(
  db: Db,
  r: {
    id: string;
    customerId: string;
    pointId: string;
    title: string;
    description: string;
    status: MaintenanceStatus;
    startAt: Date;
    completedAt: Date | null;
    createdBy: string | null;
  },
): Promise<void> {
  await db
    .insertInto('maintenances')
    .values({
      id: r.id,
      customer_id: r.customerId,
      point_id: r.pointId,
      title: r.title,
      description: r.description,
      status: r.status,
      start_at: r.startAt,
      completed_at: r.completedAt,
      created_by: r.createdBy,
      verdict: null,
      outcome: null,
    })
    .execute();
}

/** Sets description, status and completion of a record (the verdict is written apart). */
export async function updateMaintenance(
  db: Db,
  id: string,
  set: { description: string; status: MaintenanceStatus; completedAt: Date | null },
): Promise<void> {
  await db
    .updateTable('maintenances')
    .set({ description: set.description, status: set.status, completed_at: set.completedAt, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Writes (or, with null, clears) a record's verdict and its outcome column.
 * @param completedAt for a verdict: written only while the record is still completed at this instant
 *   (a record set back to continues meanwhile keeps no verdict)
 */
export async function saveVerdict(db: Db, id: string, verdict: MaintenanceVerdict | null, completedAt?: Date): Promise<void> {
  let q = db
    .updateTable('maintenances')
    .set({
      verdict: verdict ? JSON.stringify(verdict) : null,
      outcome: (verdict?.outcome ?? null) satisfies MaintenanceOutcome | null,
    })
    .where('id', '=', id);
  if (completedAt) q = q.where('status', '=', 'completed').where('completed_at', '=', completedAt);
  await q.execute();
}

/** Completed records of a point whose verdict is still pending and whose completion is at or before `at`. */
export async function pendingVerdictsOf(db: Db, pointId: string, at: Date): Promise<MaintenanceRow[]> {
  return withCreator(db)
    .where('m.point_id', '=', pointId)
    .where('m.outcome', '=', 'pending')
    .where('m.completed_at', '<=', at)
    .execute();
}

/** ISO 10816-1 machine class of a point from its motor power (modules/alarms/levels.ts machineClassOf). */
export async function machineClassOfPoint(db: Db, pointId: string): Promise<MachineClass> {
  const node = await db.selectFrom('tree_nodes').select('point').where('id', '=', pointId).executeTakeFirst();
  return machineClassOf((node?.point as { motorPower?: number | null } | null)?.motorPower ?? null);
}

/**
 * The point's diagnosed measurements on one side of a maintenance, with their velocity telemetry
 * (VRMS_ISO10816 per accelerometer axis), features and report codes.
 *
 * Parameters
 * ----------
 * db : Kysely<DB>
 * pointId : string
 * edge : {before: Date} | {after: Date}
 *     `before`: the last `limit` measured strictly before it; `after`: the first `limit` measured at
 *     or after it.
 * limit : number
 *
 * Returns
 * -------
 * VerdictMeasurement[]
 *     Nearest to the edge first. A measurement whose features cannot be read has `features` null.
 */
export async function verdictMeasurements(
  db: Db,
  pointId: string,
  edge: { before: Date } | { after: Date },
  limit: number,
): Promise<VerdictMeasurement[]> {
  const isBefore = 'before' in edge;
  const rows = await db
    .selectFrom('measurement_diagnoses as d')
    .leftJoin('measurement_features as f', 'f.measurement_id', 'd.measurement_id')
    .select(['d.measurement_id', 'd.codes', 'f.features'])
    .where('d.point_id', '=', pointId)
    .where('d.measured_at', isBefore ? '<' : '>=', isBefore ? edge.before : edge.after)
    .orderBy('d.measured_at', isBefore ? 'desc' : 'asc')
    .orderBy('d.measurement_id', isBefore ? 'desc' : 'asc')
    .limit(limit)
    .execute();
  if (!rows.length) return [];
  const telemetry = await db
    .selectFrom('telemetry_values')
    .select(['measurement_id', 'source', 'value'])
    .where(
      'measurement_id',
      'in',
      rows.map((r) => r.measurement_id),
    )
    .where('telemetry', '=', 'VRMS_ISO10816')
    .where('source', 'in', ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'])
    .execute();
  return rows.map((r) => {
    const vrmsMmPerS: Partial<Record<Axis, number>> = {};
    for (const t of telemetry)
      if (t.measurement_id === r.measurement_id) vrmsMmPerS[t.source.slice('accelerometer_'.length) as Axis] = t.value;
    const features = featuresOf(r.features);
    return { id: r.measurement_id, vrmsMmPerS, features, codes: r.codes };
  });
}

/** Decoded features; null without any or for a corrupt row (then only the telemetry is compared). */
function featuresOf(bytes: Uint8Array | null): MeasurementFeatures | null {
  if (!bytes) return null;
  try {
    return decodeFeatures(bytes);
  } catch {
    return null;
  }
}

/**
 * The fault reports the work addressed: the point's reports open at `completedAt` (first found
 * before it, and still open or closed at or after it).
 */
export async function reportsOpenAt(db: Db, customerId: string, pointId: string, completedAt: Date): Promise<AddressedReport[]> {
  const rows = await db
    .selectFrom('fault_reports')
    .select(['id', 'code', 'evidence'])
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .where('created_at', '<=', completedAt)
    .where((eb) => eb.or([eb('status', '=', 'open'), eb('closed_at', '>=', completedAt)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, evidence: (r.evidence ?? []) as EvidenceLine[] }));
}

/**
 * The customer's maintenance records completed within [from, to) with their outcome (pending,
 * improved, unchanged, worse), oldest completion first: what a dashboard's point recovery reads
 * (index `maintenances_customer_completed`).
 * @param pointIds only these points; null: every point of the customer
 */
export async function completedMaintenances(
  db: Db,
  customerId: string,
  range: { from: Date; to: Date },
  pointIds: readonly string[] | null = null,
): Promise<{ id: string; pointId: string; completedAt: Date; outcome: MaintenanceOutcome }[]> {
  if (pointIds && !pointIds.length) return [];
  let q = db
    .selectFrom('maintenances')
    .select(['id', 'point_id', 'completed_at', 'outcome'])
    .where('customer_id', '=', customerId)
    .where('completed_at', '>=', range.from)
    .where('completed_at', '<', range.to);
  if (pointIds) q = q.where('point_id', 'in', [...pointIds]);
  const rows = await q.orderBy('completed_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    pointId: r.point_id,
    completedAt: new Date(r.completed_at!),
    outcome: (r.outcome ?? 'pending') as MaintenanceOutcome,
  }));
}
