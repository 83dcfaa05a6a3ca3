import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import type { FaultReportRow } from '../fault-reports/repo.ts';
import type { Period } from './service.ts';

type Db = Kysely<DB>;

/**
 * SQL of the dashboard (docs/dashboard.md "Cost"). Every function is scoped by the customer and by
 * `points`: null = every point of the customer, else ids already checked to be the customer's
 * (scopePoints). Indexes: migrations 0004, 0015, 0022, 0024 and 0025_dashboard_indexes.sql.
 */

/** `AND col = ANY(points)` when the call is filtered; nothing otherwise. */
const inPoints = (col: string, points: string[] | null): RawBuilder<unknown> =>
  points ? sql`AND ${sql.ref(col)} = ANY(${sql.val(points)}::text[])` : sql``;

/**
 * Instants as a timestamptz[] evaluated once per statement (a sub-select: the text → timestamptz
 * cast is only stable, so written inline PostgreSQL would redo it on every row).
 */
const tsArray = (ds: Date[]) => sql`(SELECT ${sql.val(ds.map((d) => d.toISOString()))}::text[]::timestamptz[])`;

/**
 * The call's `points` (comma list of ids) as the customer's point ids: ids of other customers,
 * groups and unknown ids are dropped silently (never told apart: nothing leaks).
 * @returns null when `points` is absent or empty (every point of the customer)
 */
export async function scopePoints(db: Db, customerId: string, points: string | undefined): Promise<string[] | null> {
  const asked = [
    ...new Set(
      (points ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!asked.length) return null;
  const rows = await db
    .selectFrom('tree_nodes')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .where('id', 'in', asked)
    .execute();
  return rows.map((r) => r.id);
}

/** A point's current state (point-health-score, recent-point-health). */
export interface PointStateRow {
  id: string;
  name: string;
  /** tree_nodes.health: the worst active alarm level's name, unknown without an evaluated alarm */
  health: string;
  motorPower: number | null;
  /** VRMS_ISO10816 of its latest persisted measurement, the largest over the axes, mm/s */
  vrms: number | null;
  lastMeasurement: Date | null;
  openReports: number;
  /** worst severity order (0…3) of its open machine reports, null without one */
  reportLevel: number | null;
}

/** Every point's current state: one row per point (index probes per point: measurements_point_persisted, fault_reports_one_open). */
export async function pointStates(db: Db, customerId: string, points: string[] | null): Promise<PointStateRow[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    health: string;
    motor_power: unknown;
    vrms: unknown;
    last_at: Date | string | null;
    open_reports: number;
    report_level: number | null;
  }>`
    SELECT n.id, n.name, n.health, n.point -> 'motorPower' AS motor_power, n.last_values -> 'VRMS_ISO10816' AS vrms,
      (SELECT m.created_at FROM measurements m
        WHERE m.point_id = n.id AND m.state = 'persisted' ORDER BY m.created_at DESC LIMIT 1) AS last_at,
      r.open_reports, r.report_level
    FROM tree_nodes n
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS open_reports,
        max(CASE WHEN f.detection_type = 'machine' THEN
          CASE f.severity WHEN 'healthy' THEN 0 WHEN 'attention' THEN 1 WHEN 'hazard' THEN 2 WHEN 'critical' THEN 3 END
        END)::int AS report_level
      FROM fault_reports f WHERE f.point_id = n.id AND f.status = 'open' AND f.customer_id = n.customer_id) r
    WHERE n.customer_id = ${customerId} AND n.node_type = 'point' ${inPoints('n.id', points)}`.execute(db);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    health: r.health,
    motorPower: num(r.motor_power),
    vrms: num(r.vrms),
    lastMeasurement: r.last_at === null ? null : new Date(r.last_at),
    openReports: Number(r.open_reports),
    reportLevel: r.report_level === null ? null : Number(r.report_level),
  }));
}

/** Fault reports created in [start, end], counted per report code (fault, or fault:bearing component). */
export async function faultCounts(db: Db, customerId: string, points: string[] | null, start: Date, end: Date) {
  const { rows } = await sql<{ code: string; fault: string; bearing_component: string | null; count: number }>`
    SELECT f.code, min(f.fault) AS fault, min(f.bearing_component) AS bearing_component, count(*)::int AS count
    FROM fault_reports f
    WHERE f.customer_id = ${customerId} AND f.created_at >= ${start} AND f.created_at <= ${end} ${inPoints('f.point_id', points)}
    GROUP BY f.code ORDER BY count(*) DESC, f.code`.execute(db);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The newest fault reports of the points (open and closed), the number of all and of the answered ones. */
export async function newestReports(
  db: Db,
  customerId: string,
  points: string[] | null,
  pageSize: number,
  pageNumber: number,
): Promise<{ total: number; answered: number; rows: FaultReportRow[] }> {
  let base = db.selectFrom('fault_reports').where('customer_id', '=', customerId);
  if (points) base = points.length ? base.where('point_id', 'in', points) : base.where(sql<boolean>`false`);
  const [counts, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('id').filterWhere('is_answered', '=', true).as('answered'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(counts.total), answered: Number(counts.answered), rows };
}

/**
 * Points watched by an alarm on the machine (a metric or frequency-peak alarm; the no-data alarm
 * watches the sensor, not the machine) and points measured since `since`.
 */
export async function alarmCoverage(db: Db, customerId: string, points: string[] | null, since: Date) {
  const { rows } = await sql<{ points: number; covered: number; measured: number }>`
    SELECT count(*)::int AS points,
      count(*) FILTER (WHERE EXISTS (SELECT 1 FROM metric_alarms a WHERE a.customer_id = n.customer_id AND a.point_id = n.id)
        OR EXISTS (SELECT 1 FROM frequency_peak_alarms a WHERE a.customer_id = n.customer_id AND a.point_id = n.id))::int AS covered,
      count(*) FILTER (WHERE EXISTS (SELECT 1 FROM measurements m
        WHERE m.point_id = n.id AND m.state = 'persisted' AND m.created_at >= ${since}))::int AS measured
    FROM tree_nodes n WHERE n.customer_id = ${customerId} AND n.node_type = 'point' ${inPoints('n.id', points)}`.execute(db);
  const r = rows[0]!;
  return { points: Number(r.points), covered: Number(r.covered), measured: Number(r.measured) };
}

/** Completed maintenance of the points: counts per outcome (null counts as pending) and the `limit` most recently completed. */
export async function completedMaintenance(db: Db, customerId: string, points: string[] | null, limit: number) {
  const [counts, recent] = await Promise.all([
    sql<{ outcome: string; count: number }>`
      SELECT coalesce(m.outcome, 'pending') AS outcome, count(*)::int AS count FROM maintenances m
      WHERE m.customer_id = ${customerId} AND m.status = 'completed' ${inPoints('m.point_id', points)}
      GROUP BY 1`.execute(db),
    sql<{
      id: string;
      point_id: string;
      title: string;
      completed_at: Date | string | null;
      updated_at: Date | string;
      outcome: string | null;
    }>`
      SELECT m.id, m.point_id, m.title, m.completed_at, m.updated_at, m.outcome FROM maintenances m
      WHERE m.customer_id = ${customerId} AND m.status = 'completed' ${inPoints('m.point_id', points)}
      ORDER BY m.completed_at DESC NULLS LAST, m.id DESC LIMIT ${limit}`.execute(db),
  ]);
  return { counts: counts.rows.map((r) => ({ outcome: r.outcome, count: Number(r.count) })), recent: recent.rows };
}

/**
 * Alarm transactions above healthy per period and level, of the points (a gateway's disconnection
 * alarm has no point and is not a machine's: left out, filtered or not).
 */
export async function alarmCounts(db: Db, customerId: string, points: string[] | null, periods: Period[]) {
  const start = periods[0]!.start;
  const end = periods[periods.length - 1]!.end;
  const { rows } = await sql<{ b: number; level: number; count: number }>`
    SELECT width_bucket(t.created_at, ${tsArray(periods.map((p) => p.start))}) AS b, t.level::int AS level, count(*)::int AS count
    FROM alarm_transactions t
    WHERE t.customer_id = ${customerId} AND t.created_at >= ${start} AND t.created_at < ${end} AND t.level BETWEEN 1 AND 3
      AND t.point_id IS NOT NULL ${inPoints('t.point_id', points)}
    GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ b: Number(r.b), level: Number(r.level), count: Number(r.count) }));
}
