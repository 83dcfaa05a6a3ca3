import { sql, type Kysely, type Selectable } from 'kysely';
import {
  alarmLevelOf,
  customerPreferences,
  type AlarmTransactionsQuery,
  type AlarmTransactionsDetailResponse,
  type FrequencyPeakAlarm,
  type FrequencyPeakAlarmsBody,
  type MetricAlarm,
  type MetricAlarmBody,
  type MetricThreshold,
  type ThresholdDirection,
} from '@overtone/contract';
import type { DB, MetricAlarmsTable, FrequencyPeakAlarmsTable } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { translate } from '../../infra/i18n.ts';
import { newId } from '../../infra/ids.ts';
import { CREST_STAR_THRESHOLDS, iso10816Thresholds, machineClassOf } from './levels.ts';

type Db = Kysely<DB>;

/**
 * Storage of metric and frequency-peak alarms, their states, point health and the alarm
 * transactions (migration 0015; docs/alarms.md). Every function is scoped by the customer.
 */

/** The health name of a point from its worst active alarm level (null: no alarm state → unknown). */
export const HEALTH_OF_LEVEL_SQL = sql<string>`(ARRAY['healthy','attention','hazard','critical'])[max(level) + 1]`;

/**
 * Sets a point's `tree_nodes.health` to the worst active level of its alarms (spec 001 §3 Point
 * health; healthy when every alarm is healthy, unknown when the point has no evaluated alarm).
 * @param db a transaction or the database
 */
export async function refreshPointHealth(db: Db, pointId: string): Promise<void> {
  await sql`
    UPDATE tree_nodes
       SET health = coalesce((SELECT ${HEALTH_OF_LEVEL_SQL} FROM alarm_states WHERE point_id = ${pointId}), 'unknown')
     WHERE id = ${pointId}`.execute(db);
}

const iso = (d: Date) => d.toISOString();

function toMetricAlarm(row: Selectable<MetricAlarmsTable>, level: number | null): MetricAlarm {
  return {
    _id: row.id,
    name: row.name,
    point: row.point_id,
    telemetry: row.telemetry,
    source: row.source,
    thresholdDirection: row.threshold_direction as ThresholdDirection,
    calculated: row.calculated,
    properties: { frequencyRange: (row.frequency_range as [number, number] | null) ?? null },
    threshold: row.threshold as MetricThreshold,
    delay: row.delay_count,
    hysteresis: row.hysteresis,
    builtIn: row.built_in,
    level: alarmLevelOf(level ?? -1), // never evaluated: unknown (as the tree shows the point)
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Active level of each of these alarms (absent: never evaluated, healthy). */
async function levelsOf(db: Db, alarmIds: string[]): Promise<Map<string, number>> {
  if (!alarmIds.length) return new Map();
  const rows = await db.selectFrom('alarm_states').select(['alarm_id', 'level']).where('alarm_id', 'in', alarmIds).execute();
  return new Map(rows.map((r) => [r.alarm_id, r.level]));
}

/**
 * Gives a point the built-in default alarms once (docs/alarms.md "Built-in defaults"): one top-limit
 * alarm on VRMS_ISO10816 per accelerometer axis with the ISO 10816-1 zone boundaries of the point's
 * machine class (from its motor power, {@link machineClassOf}); and, while the customer's preference
 * `alarm.autoAlarms.crest_star` is on, one on CREST_STAR per axis ({@link CREST_STAR_THRESHOLDS}),
 * also once. A default the user deleted is not re-created. A Duck point (DUCKV1 channel groups, no
 * accelerometer axes) gets none while it has channel groups. Idempotent and safe concurrently (the
 * `alarm_defaults_applied` row decides: its insert for the ISO alarms, `crest_star_applied_at` for
 * the crest factor* alarms).
 * @returns whether alarms were created by this call
 */
export async function ensureDefaultAlarms(db: Db, customerId: string, pointId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await sql`
      INSERT INTO alarm_defaults_applied (point_id)
      SELECT id FROM tree_nodes
       WHERE id = ${pointId} AND customer_id = ${customerId} AND node_type = 'point' AND cardinality(channel_groups) = 0
      ON CONFLICT DO NOTHING RETURNING point_id`.execute(trx);
    const crest = await sql`
      UPDATE alarm_defaults_applied a SET crest_star_applied_at = now()
        FROM tree_nodes n JOIN customers c ON c.id = n.customer_id
       WHERE a.point_id = ${pointId} AND n.id = a.point_id AND n.customer_id = ${customerId}
         AND cardinality(n.channel_groups) = 0 AND a.crest_star_applied_at IS NULL
         AND coalesce((c.preferences #>> '{alarm,autoAlarms,crest_star}')::boolean, false)
      RETURNING a.point_id`.execute(trx);
    if (!claimed.rows.length && !crest.rows.length) return false;
    const node = await trx
      .selectFrom('tree_nodes as n')
      .innerJoin('customers as c', 'c.id', 'n.customer_id')
      .select(['n.point', 'c.preferences'])
      .where('n.id', '=', pointId)
      .executeTakeFirstOrThrow();
    const motorPower = (node.point as { motorPower?: number | null } | null)?.motorPower ?? null;
    const machineClass = machineClassOf(motorPower);
    const lang = customerPreferences.safeParse(node.preferences).data?.localization.preferedLanguage ?? 'tr';
    // Listed oldest first: x, y, z one millisecond apart keep their order (ISO, then crest*).
    const t0 = Date.now();
    const perAxis = (
      i0: number,
      a: {
        name: (axis: string) => string;
        telemetry: string;
        threshold: MetricThreshold;
        range: [number, number] | null;
        builtIn: string;
      },
    ) =>
      (['x', 'y', 'z'] as const).map((axis, i) => ({
        id: newId(),
        customer_id: customerId,
        point_id: pointId,
        name: a.name(axis.toUpperCase()),
        telemetry: a.telemetry,
        source: `accelerometer_${axis}`,
        threshold_direction: 1,
        calculated: true,
        frequency_range: a.range ? JSON.stringify(a.range) : null,
        threshold: JSON.stringify(a.threshold),
        delay_count: 1,
        hysteresis: 0,
        built_in: a.builtIn,
        created_at: new Date(t0 + i0 + i),
        updated_at: new Date(t0 + i0 + i),
      }));
    const rows = [
      ...(claimed.rows.length
        ? perAxis(0, {
            name: (axis) => translate(lang, 'messages', 'alarmIso10816Name', { axis, machineClass }),
            telemetry: 'VRMS_ISO10816',
            threshold: iso10816Thresholds(machineClass),
            range: [10, 1000],
            builtIn: 'iso10816',
          })
        : []),
      ...(crest.rows.length
        ? perAxis(3, {
            name: (axis) => translate(lang, 'messages', 'alarmCrestStarName', { axis }),
            telemetry: 'CREST_STAR',
            threshold: CREST_STAR_THRESHOLDS,
            range: null,
            builtIn: 'crestStar',
          })
        : []),
    ];
    await trx.insertInto('metric_alarms').values(rows).execute();
    return true;
  });
}

/**
 * Gives the crest factor* alarms ({@link ensureDefaultAlarms}) to every point that has its built-in
 * alarms but not yet these, of every customer whose preference `alarm.autoAlarms.crest_star` is on
 * (a point not yet given its defaults gets them with its first read or evaluation). Run by the alarm
 * evaluator's sweep (every 30 s), so switching the preference on reaches points already in use.
 * @returns the number of points given the alarms
 */
export async function ensureCrestStarAlarms(db: Db): Promise<number> {
  const due = await sql<{ point_id: string; customer_id: string }>`
    SELECT a.point_id, n.customer_id
      FROM alarm_defaults_applied a
      JOIN tree_nodes n ON n.id = a.point_id
      JOIN customers c ON c.id = n.customer_id
     WHERE a.crest_star_applied_at IS NULL AND cardinality(n.channel_groups) = 0
       AND coalesce((c.preferences #>> '{alarm,autoAlarms,crest_star}')::boolean, false)
     LIMIT 500`.execute(db);
  let given = 0;
  for (const p of due.rows) if (await ensureDefaultAlarms(db, p.customer_id, p.point_id)) given++;
  return given;
}

/** The point's metric alarms, oldest first, with their active level. */
export async function listMetricAlarms(db: Db, customerId: string, pointId: string): Promise<MetricAlarm[]> {
  const rows = await db
    .selectFrom('metric_alarms')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const levels = await levelsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMetricAlarm(r, levels.get(r.id) ?? null));
}

/** One metric alarm of the point; 404 NOT_FOUND when it is missing or not this customer's point's. */
export async function getMetricAlarm(db: Db, customerId: string, pointId: string, alarmId: string): Promise<MetricAlarm> {
  const row = await db
    .selectFrom('metric_alarms')
    .selectAll()
    .where('id', '=', alarmId)
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toMetricAlarm(row, (await levelsOf(db, [row.id])).get(row.id) ?? null);
}

const metricColumns = (b: MetricAlarmBody) => ({
  name: b.name,
  telemetry: b.telemetry,
  source: b.source,
  threshold_direction: b.thresholdDirection,
  calculated: b.calculated,
  frequency_range: b.properties.frequencyRange ? JSON.stringify(b.properties.frequencyRange) : null,
  threshold: JSON.stringify(b.threshold),
  delay_count: b.delay,
  hysteresis: b.hysteresis,
});

/** Creates a metric alarm on the point (healthy until its first evaluation). */
export async function createMetricAlarm(db: Db, customerId: string, pointId: string, b: MetricAlarmBody): Promise<MetricAlarm> {
  const row = await db
    .insertInto('metric_alarms')
    .values({ id: newId(), customer_id: customerId, point_id: pointId, ...metricColumns(b) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMetricAlarm(row, null);
}

/**
 * Replaces a metric alarm's fields. Its active level is kept (the next measurement evaluates it
 * against the new thresholds); a pending raise is dropped, since it was counted on the old ones.
 * A built-in default that is edited becomes the user's own (`builtIn` null).
 */
export async function updateMetricAlarm(
  db: Db,
  customerId: string,
  pointId: string,
  alarmId: string,
  b: MetricAlarmBody,
): Promise<MetricAlarm> {
  const row = await db
    .updateTable('metric_alarms')
    .set({ ...metricColumns(b), built_in: null, updated_at: new Date() })
    .where('id', '=', alarmId)
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  await db.updateTable('alarm_states').set({ pending_level: null, pending_count: 0 }).where('alarm_id', '=', alarmId).execute();
  return toMetricAlarm(row, (await levelsOf(db, [row.id])).get(row.id) ?? null);
}

/** Deletes a metric alarm and its state; the point's health follows. Its transactions stay (history). */
export async function deleteMetricAlarm(db: Db, customerId: string, pointId: string, alarmId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('metric_alarms')
      .where('id', '=', alarmId)
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    await trx.deleteFrom('alarm_states').where('alarm_id', '=', alarmId).execute();
    await refreshPointHealth(trx, pointId);
  });
}

function toFrequencyPeakAlarm(row: Selectable<FrequencyPeakAlarmsTable>, level: number | null): FrequencyPeakAlarm {
  return {
    _id: row.id,
    name: row.name,
    point: row.point_id,
    customer: row.customer_id,
    createdAt: iso(row.created_at),
    axis: row.axis as FrequencyPeakAlarm['axis'],
    frequency: row.frequency_hz,
    // Stored halved (the ± half-width), shown doubled (spec 001 §7).
    sensitivity: row.half_band_hz * 2,
    threshold: { attention: row.attention, hazard: row.hazard, critical: row.critical },
    level: alarmLevelOf(level ?? -1), // never evaluated: unknown (as the tree shows the point)
  };
}

/** The point's frequency-peak alarms in the order they were sent, sensitivity doubled. */
export async function listFrequencyPeakAlarms(db: Db, customerId: string, pointId: string): Promise<FrequencyPeakAlarm[]> {
  const rows = await db
    .selectFrom('frequency_peak_alarms')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .orderBy('sort_order')
    .execute();
  const levels = await levelsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toFrequencyPeakAlarm(r, levels.get(r.id) ?? null));
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * Replaces the point's frequency-peak alarms with `body.alarms` (spec 001 §7: POST replaces the set).
 * Sensitivity is stored halved. The replaced alarms' states go (the new set starts healthy) and the
 * point's health follows; their transactions stay.
 */
export async function replaceFrequencyPeakAlarms(
  db: Db,
  customerId: string,
  pointId: string,
  body: FrequencyPeakAlarmsBody,
): Promise<FrequencyPeakAlarm[]> {
  await db.transaction().execute(async (trx) => {
    const old = await trx
      .deleteFrom('frequency_peak_alarms')
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .returning('id')
      .execute();
    if (old.length)
      await trx
        .deleteFrom('alarm_states')
        .where(
          'alarm_id',
          'in',
          old.map((o) => o.id),
        )
        .execute();
    if (body.alarms.length)
      await trx
        .insertInto('frequency_peak_alarms')
        .values(
          body.alarms.map((a, i) => ({
            id: newId(),
            customer_id: customerId,
            point_id: pointId,
            name: a.name,
            axis: a.axis,
            frequency_hz: round4(a.frequency),
            half_band_hz: a.sensitivity / 2,
            attention: round4(a.threshold.attention),
            hazard: round4(a.threshold.hazard),
            critical: round4(a.threshold.critical),
            sort_order: i,
          })),
        )
        .execute();
    await refreshPointHealth(trx, pointId);
  });
  return listFrequencyPeakAlarms(db, customerId, pointId);
}

/**
 * `GET /alarm-transactions`: the customer's transactions, newest first, paged (pageNumber from 1).
 * `points`: comma list of point ids (others' ids simply match nothing); `levelName`: 'all' (or absent)
 * or one of healthy, attention, hazard, critical.
 */
export async function listAlarmTransactions(
  db: Db,
  customerId: string,
  q: AlarmTransactionsQuery,
): Promise<AlarmTransactionsDetailResponse> {
  const points = (q.points ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const level = q.levelName && q.levelName !== 'all' ? alarmLevelOrder(q.levelName) : null;
  let base = db.selectFrom('alarm_transactions as t').where('t.customer_id', '=', customerId);
  if (points.length) base = base.where('t.point_id', 'in', points);
  if (level !== null) base = base.where('t.level', '=', level);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('tree_nodes as n', 'n.id', 't.point_id')
    .select([
      't.id',
      't.created_at',
      't.name',
      't.mac_address',
      't.point_id',
      'n.name as point_name',
      't.telemetry',
      't.source',
      't.kind',
      't.alarm_id',
      't.level',
      't.score',
      't.measurement_id',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize)
    .execute();
  return {
    total: Number(total),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    transactions: rows.map((r) => ({
      _id: r.id,
      createdAt: iso(r.created_at),
      name: r.name,
      macAddress: r.mac_address,
      point: r.point_id !== null && r.point_name !== null ? { _id: r.point_id, name: r.point_name } : null,
      telemetry: r.telemetry,
      source: r.source,
      kind: r.kind,
      // a no-data or gateway alarm has no alarm the user could open
      alarmId: r.alarm_id.startsWith('nodata:') || r.alarm_id.startsWith('gateway:') ? null : r.alarm_id,
      level: alarmLevelOf(r.level),
      score: r.score,
      measurementId: r.measurement_id,
    })),
  };
}

/** Order of a level filter name; an unknown name matches nothing (order −2). */
function alarmLevelOrder(name: string): number {
  const i = (['healthy', 'attention', 'hazard', 'critical'] as const).indexOf(name as 'healthy');
  return i >= 0 ? i : -2;
}
