import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import type { LevelChange } from './service.ts';

type Db = Kysely<DB>;

/**
 * SQL of the dashboard's level history cache (history-cache.ts; docs/dashboard.md "The level history
 * cache"): a customer's whole history loaded once, then only what arrived since. Whole customer
 * always (the cache serves every filter of the customer).
 */

/** A machine fault report as the level history needs it. */
export interface ReportLevelRow {
  id: string;
  pointId: string;
  severity: string;
  severityHistory: unknown;
  createdAt: Date;
  closedAt: Date | null;
}

/** The version of a customer's level history (0 before its first past-changing write) and the database's clock. */
export async function historyVersion(db: Db, customerId: string): Promise<{ version: string; now: Date }> {
  const { rows } = await sql<{ version: string | number; now: Date | string }>`
    SELECT coalesce((SELECT v.version FROM dashboard_history_versions v WHERE v.customer_id = ${customerId}), 0) AS version,
      clock_timestamp() AS now`.execute(db);
  return { version: String(rows[0]!.version), now: new Date(rows[0]!.now) };
}

/** `[{id, pointId, ...}]` of machine reports from one `json_agg` text (one value crosses, not a row per report). */
const reportsOf = (packed: string | null): ReportLevelRow[] =>
  ((packed ? JSON.parse(packed) : []) as { id: string; p: string; s: string; h: unknown; c: string; x: string | null }[]).map(
    (r) => ({
      id: r.id,
      pointId: r.p,
      severity: r.s,
      severityHistory: r.h,
      createdAt: new Date(r.c),
      closedAt: r.x === null ? null : new Date(r.x),
    }),
  );

const REPORT_JSON = sql`json_agg(json_build_object('id', f.id, 'p', f.point_id, 's', f.severity, 'h', f.severity_history,
  'c', f.created_at, 'x', f.closed_at))::text`;

/** A level change packed as `epoch ms × 4 + level` (levels are 0…3; exact below 2^53 until year 36,000). */
const unpack = (packed: string): LevelChange[] =>
  packed.split(',').map((v) => {
    const n = Number(v);
    return { at: new Date(Math.floor(n / 4)), level: n % 4 };
  });

/**
 * A customer's level history from `spanStart` up to `settled`.
 *
 * Returns
 * -------
 * points : {id, firstAt}[]
 *     Every point, with its first persisted measurement (null: never measured). One index probe a point.
 * alarms : {alarmId, pointId, initial, changes}[]
 *     Every alarm it has now (alarm_states), with its level at `spanStart` (its last transaction before
 *     it, one probe an alarm on alarm_transactions_alarm_created; healthy without one: an alarm starts
 *     healthy and a transaction is written only on a change) and its transactions in
 *     [spanStart, settled), oldest first (one packed text an alarm, not a row a transaction).
 * reports : ReportLevelRow[]
 *     Its machine fault reports not closed before `spanStart`.
 */
export async function loadLevelHistory(db: Db, customerId: string, spanStart: Date, settled: Date) {
  const [points, alarms, changes, reports] = await Promise.all([
    sql<{ id: string; first_at: Date | string | null }>`
      SELECT n.id, (SELECT m.created_at FROM measurements m
        WHERE m.point_id = n.id AND m.state = 'persisted' ORDER BY m.created_at LIMIT 1) AS first_at
      FROM tree_nodes n WHERE n.customer_id = ${customerId} AND n.node_type = 'point'`.execute(db),
    sql<{ alarm_id: string; point_id: string; initial: number | null }>`
      SELECT s.alarm_id, s.point_id, (SELECT t.level FROM alarm_transactions t
        WHERE t.alarm_id = s.alarm_id AND t.created_at < ${spanStart} ORDER BY t.created_at DESC LIMIT 1) AS initial
      FROM alarm_states s WHERE s.customer_id = ${customerId}`.execute(db),
    sql<{ alarm_id: string; packed: string }>`
      SELECT t.alarm_id, string_agg((floor(extract(epoch FROM t.created_at) * 1000)::bigint * 4 + t.level)::text, ','
        ORDER BY t.created_at, t.id) AS packed
      FROM alarm_transactions t
      WHERE t.customer_id = ${customerId} AND t.created_at >= ${spanStart} AND t.created_at < ${settled}
      GROUP BY t.alarm_id`.execute(db),
    sql<{ packed: string | null }>`
      SELECT ${REPORT_JSON} AS packed FROM fault_reports f
      WHERE f.customer_id = ${customerId} AND f.detection_type = 'machine'
        AND (f.closed_at IS NULL OR f.closed_at >= ${spanStart})`.execute(db),
  ]);
  const changesOf = new Map(changes.rows.map((r) => [r.alarm_id, unpack(r.packed)]));
  return {
    points: points.rows.map((r) => ({ id: r.id, firstAt: r.first_at === null ? null : new Date(r.first_at) })),
    alarms: alarms.rows.map((r) => ({
      alarmId: r.alarm_id,
      pointId: r.point_id,
      initial: r.initial ?? 0,
      changes: changesOf.get(r.alarm_id) ?? [],
    })),
    reports: reportsOf(reports.rows[0]?.packed ?? null),
  };
}

/**
 * What arrived since `since`: alarm transactions stamped from it (oldest first), machine reports
 * created or updated from it, the first persisted measurement from it of each point measured since.
 * Index ranges: alarm_transactions_customer_created, measurements_customer_created; the reports
 * filter walks the customer's reports (fault_reports_point_created).
 */
export async function levelHistorySince(db: Db, customerId: string, since: Date) {
  const [changes, reports, measured] = await Promise.all([
    sql<{ alarm_id: string; created_at: Date | string; level: number }>`
      SELECT t.alarm_id, t.created_at, t.level FROM alarm_transactions t
      WHERE t.customer_id = ${customerId} AND t.created_at >= ${since} ORDER BY t.created_at, t.id`.execute(db),
    sql<{ packed: string | null }>`
      SELECT ${REPORT_JSON} AS packed FROM fault_reports f
      WHERE f.customer_id = ${customerId} AND f.detection_type = 'machine'
        AND (f.created_at >= ${since} OR f.updated_at >= ${since})`.execute(db),
    sql<{ point_id: string; first_at: Date | string }>`
      SELECT m.point_id, min(m.created_at) AS first_at FROM measurements m
      WHERE m.customer_id = ${customerId} AND m.created_at >= ${since} AND m.state = 'persisted' AND m.point_id IS NOT NULL
      GROUP BY m.point_id`.execute(db),
  ]);
  return {
    changes: changes.rows.map((r) => ({ alarmId: r.alarm_id, at: new Date(r.created_at), level: Number(r.level) })),
    reports: reportsOf(reports.rows[0]?.packed ?? null),
    firstMeasured: measured.rows.map((r) => ({ pointId: r.point_id, at: new Date(r.first_at) })),
  };
}
