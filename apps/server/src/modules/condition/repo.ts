import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

type Db = Kysely<DB>;

/**
 * SQL of the condition-control tab (docs/condition-control.md). Every function is scoped by the
 * customer; the point was checked to be the customer's before (point-config/with-point.ts).
 */

/** The point's node: name, health (worst active alarm level), stored point fields, Duck channel groups. */
export async function conditionNodeOf(db: Db, customerId: string, pointId: string) {
  return db
    .selectFrom('tree_nodes')
    .select(['id', 'name', 'health', 'point', 'channel_groups'])
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
}

/**
 * The latest computed value of a telemetry per source of the point (Overtone's values, not the
 * device-reported ones), one indexed probe per source (`telemetry_point_time`).
 * @param sources e.g. `accelerometer_x`, `accelerometer_y`, `accelerometer_z`
 * @returns the sources that have a value, in the order given
 */
export async function latestComputedValues(
  db: Db,
  customerId: string,
  pointId: string,
  telemetry: string,
  sources: readonly string[],
): Promise<{ source: string; value: number; measured_at: Date; measurement_id: string }[]> {
  const rows = await Promise.all(
    sources.map((source) =>
      db
        .selectFrom('telemetry_values')
        .select(['source', 'value', 'measured_at', 'measurement_id'])
        .where('customer_id', '=', customerId)
        .where('point_id', '=', pointId)
        .where('telemetry', '=', telemetry)
        .where('source', '=', source)
        .where('device_reported', '=', false)
        .orderBy('measured_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return rows
    .filter((r) => r !== undefined)
    .map((r) => ({ source: r.source, value: r.value, measured_at: new Date(r.measured_at), measurement_id: r.measurement_id }));
}

/** The point's alarm states (alarms evaluated at least once) with their active level 0…3. */
export async function alarmStatesOf(db: Db, customerId: string, pointId: string) {
  return db
    .selectFrom('alarm_states')
    .select(['alarm_id', 'kind', 'level'])
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .execute();
}

/**
 * The point's alarms that are not healthy now, with their name, telemetry and source (the alarm's,
 * else its last transaction's: a no-data alarm has no row of its own) and the transaction that set
 * their current level (score, time, measurement).
 */
export async function activeAlarmRows(db: Db, customerId: string, pointId: string) {
  const res = await sql<{
    alarm_id: string;
    kind: 'metric' | 'frequencyPeak' | 'noData';
    level: number;
    name: string | null;
    telemetry: string | null;
    source: string | null;
    score: number | null;
    since: Date | null;
    measurement_id: string | null;
  }>`
    SELECT s.alarm_id, s.kind, s.level,
           coalesce(m.name, f.name, t.name) AS name,
           coalesce(m.telemetry, t.telemetry) AS telemetry,
           coalesce(m.source, f.axis, t.source) AS source,
           t.score, t.created_at AS since, t.measurement_id
      FROM alarm_states s
      LEFT JOIN metric_alarms m ON m.id = s.alarm_id AND m.customer_id = s.customer_id
      LEFT JOIN frequency_peak_alarms f ON f.id = s.alarm_id AND f.customer_id = s.customer_id
      LEFT JOIN LATERAL (
        SELECT tt.name, tt.telemetry, tt.source, tt.score, tt.created_at, tt.measurement_id
          FROM alarm_transactions tt
         WHERE tt.customer_id = s.customer_id AND tt.point_id = s.point_id AND tt.alarm_id = s.alarm_id
         ORDER BY tt.created_at DESC, tt.id DESC
         LIMIT 1) t ON true
     WHERE s.customer_id = ${customerId} AND s.point_id = ${pointId} AND s.level > 0
     ORDER BY s.level DESC, t.created_at DESC NULLS LAST, s.alarm_id`.execute(db);
  return res.rows.map((r) => ({ ...r, since: r.since ? new Date(r.since) : null }));
}

/** A level change of one of the point's alarms. */
export interface LevelChange {
  alarmId: string;
  level: number;
  at: Date;
}

/**
 * The point's alarm transactions from `from` on (oldest first), and each alarm's last level before
 * `from` (the state the window starts with).
 */
export async function levelChangesSince(
  db: Db,
  customerId: string,
  pointId: string,
  from: Date,
): Promise<{ before: LevelChange[]; within: LevelChange[] }> {
  const [before, within] = await Promise.all([
    sql<{ alarm_id: string; level: number; created_at: Date }>`
      SELECT DISTINCT ON (alarm_id) alarm_id, level, created_at
        FROM alarm_transactions
       WHERE customer_id = ${customerId} AND point_id = ${pointId} AND created_at < ${from}
       ORDER BY alarm_id, created_at DESC, id DESC`.execute(db),
    db
      .selectFrom('alarm_transactions')
      .select(['alarm_id', 'level', 'created_at'])
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .where('created_at', '>=', from)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const change = (r: { alarm_id: string; level: number; created_at: Date | string }): LevelChange => ({
    alarmId: r.alarm_id,
    level: r.level,
    at: new Date(r.created_at),
  });
  return { before: before.rows.map(change), within: within.map(change) };
}

/** The point's first persisted (or partial) measurement time, or null: when its alarms started being evaluated. */
export async function firstMeasurementAt(db: Db, customerId: string, pointId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('measurements')
    .select(sql<Date>`coalesce(started_at, created_at)`.as('at'))
    .where('point_id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('state', 'in', ['persisted', 'partial'])
    .orderBy('created_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.at) : null;
}

/** The point's last persisted (or partial) measurement, or undefined. */
export async function lastMeasurementOf(db: Db, customerId: string, pointId: string) {
  const row = await db
    .selectFrom('measurements')
    .select(['id', 'measurement_type', sql<Date>`coalesce(started_at, created_at)`.as('at')])
    .where('point_id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('state', 'in', ['persisted', 'partial'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, type: row.measurement_type, at: new Date(row.at) } : undefined;
}
