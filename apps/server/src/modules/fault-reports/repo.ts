import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  BearingComponent,
  ConfirmationStat,
  DetectionType,
  EvidenceLine,
  FaultName,
  FindingSeverity,
} from '@overtone/contract';
import type { DB, FaultReportsTable } from '../../infra/db/schema.ts';
import type { ReportState, SeverityChange } from './lifecycle.ts';

type Db = Kysely<DB>;
export type FaultReportRow = Selectable<FaultReportsTable>;

/**
 * Storage of the fault reports as the API reads and evaluates them (migration 0022;
 * docs/fault-reports.md); every function is scoped by the customer. What the diagnosis reads and
 * writes: diagnosis-repo.ts.
 */

/** A report row as the lifecycle sees it. */
export function stateOf(row: FaultReportRow): ReportState {
  return {
    id: row.id,
    pointId: row.point_id,
    code: row.code,
    fault: row.fault as FaultName,
    bearingComponent: row.bearing_component as BearingComponent | null,
    detectionType: row.detection_type as DetectionType,
    severity: row.severity as FindingSeverity,
    severityHistory: row.severity_history as SeverityChange[],
    status: row.status,
    closedAt: row.closed_at,
    closedReason: row.closed_reason,
    confidence: row.confidence,
    maxScore: row.max_score,
    rule: row.rule,
    evidence: row.evidence as EvidenceLine[],
    measurementId: row.measurement_id,
    lastSeenAt: new Date(row.last_seen_at),
    createdAt: new Date(row.created_at),
  };
}

// ---------------------------------------------------------------- reports, read and evaluated by the API

/** The point's reports, newest first, and their number. */
export async function listReports(
  db: Db,
  customerId: string,
  pointId: string,
  q: { pageSize: number; pageNumber: number; status: 'open' | 'closed' | 'all' },
): Promise<{ total: number; rows: FaultReportRow[] }> {
  let base = db.selectFrom('fault_reports').where('customer_id', '=', customerId).where('point_id', '=', pointId);
  if (q.status !== 'all') base = base.where('status', '=', q.status);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize)
    .execute();
  return { total: Number(total), rows };
}

/** One report of the customer; null when none (another customer's reads as none). */
export async function reportOf(db: Db, customerId: string, reportId: string): Promise<FaultReportRow | null> {
  return (
    (await db
      .selectFrom('fault_reports')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '=', reportId)
      .executeTakeFirst()) ?? null
  );
}

/** Unanswered reports (open and closed) of the customer, counted per point. */
export async function unansweredCounts(db: Db, customerId: string): Promise<{ point: string; count: number }[]> {
  const rows = await db
    .selectFrom('fault_reports')
    .select(['point_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('customer_id', '=', customerId)
    .where('is_answered', '=', false)
    .groupBy('point_id')
    .orderBy('point_id')
    .execute();
  return rows.map((r) => ({ point: r.point_id, count: Number(r.count) }));
}

/**
 * Stores an evaluation: the answers, answered now by `userId`, `confirmed`; a "not confirmed"
 * answer stores the report's pattern (fault, component, strongest score) as a known false positive
 * of its point, any other answer removes the one this report stored. One transaction, the report
 * locked. The point's unanswered count is the number of its reports with `is_answered` false, so it
 * drops only when this report was unanswered (spec 001 §4).
 * @returns the report after the evaluation; null when the customer has no such report
 */
export async function saveEvaluation(
  db: Db,
  customerId: string,
  reportId: string,
  e: { answers: Record<string, string>; confirmed: boolean | null; userId: string | null },
): Promise<FaultReportRow | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('fault_reports')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '=', reportId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const updated = await trx
      .updateTable('fault_reports')
      .set({
        is_answered: true,
        answers: JSON.stringify(e.answers),
        answered_at: new Date(),
        answered_by: e.userId,
        confirmed: e.confirmed,
        updated_at: new Date(),
      })
      .where('id', '=', reportId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (e.confirmed === false)
      await trx
        .insertInto('fault_false_positives')
        .values({
          report_id: reportId,
          customer_id: customerId,
          point_id: row.point_id,
          fault: row.fault,
          bearing_component: row.bearing_component,
          score: row.max_score,
        })
        .onConflict((oc) => oc.column('report_id').doUpdateSet({ score: row.max_score }))
        .execute();
    else await trx.deleteFrom('fault_false_positives').where('report_id', '=', reportId).execute();
    return updated;
  });
}

/** How often each fault's reports were confirmed: of one point, or (pointId null) of the whole customer. */
export async function confirmationStats(db: Db, customerId: string, pointId: string | null): Promise<ConfirmationStat[]> {
  let q = db
    .selectFrom('fault_reports')
    .select((eb) => [
      'fault',
      eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE is_answered AND confirmed IS TRUE)`.as('confirmed'),
      sql<string>`count(*) FILTER (WHERE is_answered AND confirmed IS FALSE)`.as('not_confirmed'),
      sql<string>`count(*) FILTER (WHERE NOT is_answered)`.as('unanswered'),
    ])
    .where('customer_id', '=', customerId);
  if (pointId) q = q.where('point_id', '=', pointId);
  const rows = await q.groupBy('fault').orderBy('fault').execute();
  return rows.map((r) => ({
    fault: r.fault as FaultName,
    total: Number(r.total),
    confirmed: Number(r.confirmed),
    notConfirmed: Number(r.not_confirmed),
    unanswered: Number(r.unanswered),
  }));
}

/** Names of users by id (who answered an evaluation). */
export async function userNames(db: Db, customerId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'surname'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((u) => [u.id, `${u.name} ${u.surname}`.trim()]));
}

// ---------------------------------------------------------------- maintenance (issue 16: modules/maintenance)

/**
 * Restarts a point's diagnosis baseline from `at` (a completed maintenance): it is learnt again from
 * the measurements after it (service.ts pointBaseline), the old one dropped.
 */
export async function restartBaselineSql(trx: Db, customerId: string, pointId: string, at: Date): Promise<void> {
  await trx
    .insertInto('point_baselines')
    .values({ point_id: pointId, customer_id: customerId, start_at: at, baseline: null, measurements: 0, complete: false })
    .onConflict((oc) =>
      oc
        .column('point_id')
        .doUpdateSet({ start_at: at, baseline: null, measurements: 0, complete: false, updated_at: new Date() }),
    )
    .execute();
}

/**
 * Closes the given open reports of a point with closedReason `maintenance` at `at` (the reports a
 * maintenance's verdict found cured); reports already closed, or of another customer or point, are
 * left alone.
 * @returns the ids closed
 */
export async function closeForMaintenanceSql(
  trx: Db,
  customerId: string,
  pointId: string,
  reportIds: readonly string[],
  at: Date,
): Promise<string[]> {
  if (!reportIds.length) return [];
  const rows = await trx
    .updateTable('fault_reports')
    .set({ status: 'closed', closed_at: at, closed_reason: 'maintenance', updated_at: new Date() })
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .where('id', 'in', [...reportIds])
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
