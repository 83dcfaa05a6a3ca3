import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** One telemetry value of a measurement (`telemetry_values` without the measurement's columns). */
export interface TelemetryRow {
  telemetry: string;
  /** axis (`x`, `y`, `z`), duck channel (`channel_{order}`) or the device's own source */
  source: string;
  value: number;
  unit: string;
  device_reported: boolean;
}

/** The measurement columns copied into each of its telemetry rows. */
export interface TelemetryOwner {
  id: string;
  customer_id: string;
  point_id: string | null;
}

/**
 * INSERT of a measurement's telemetry values with ONE parameter for the rows: a JSON array expanded
 * by `jsonb_to_recordset` (PostgreSQL 16 docs §9.16.3). A multi-row VALUES list needs nine
 * parameters a row (~60 rows a measurement), each converted to text and back by PGlite; the JSON
 * array is parsed once, in C. A value already stored (same measurement, telemetry, source,
 * device_reported) is kept (idempotent redelivery).
 * @param onlyIf an SQL condition the rows are inserted under (a CTE's EXISTS), default true
 */
const insertSql = (
  m: TelemetryOwner,
  measuredAt: Date,
  rows: readonly TelemetryRow[],
  onlyIf: RawBuilder<unknown> = sql`true`,
) => sql`
  INSERT INTO telemetry_values (measurement_id, customer_id, point_id, measured_at, telemetry, source, value, unit, device_reported)
  SELECT ${m.id}, ${m.customer_id}, ${m.point_id}, ${measuredAt}, r.telemetry, r.source, r.value, r.unit, r.device_reported
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(telemetry text, source text, value double precision, unit text, device_reported boolean)
   WHERE ${onlyIf}
  ON CONFLICT (measurement_id, telemetry, source, device_reported) DO NOTHING`;

/**
 * Inserts a measurement's telemetry values in one statement (see `insertSql`).
 * @param db a transaction or the database
 * @param m the measurement: id, customer and point copied into every row
 * @param measuredAt when the measurement was taken (the trend's time axis)
 */
export async function insertTelemetryValues(db: Kysely<DB>, m: TelemetryOwner, measuredAt: Date, rows: readonly TelemetryRow[]) {
  if (rows.length) await insertSql(m, measuredAt, rows).execute(db);
}

/** One row of `measurement_values` (migration 0011): a distinct computed value and the next smaller one. */
interface MeasurementValueRow {
  telemetry: string;
  value: number;
  below: number | null;
}

/**
 * The `measurement_values` rows of a new measurement's telemetry, as migration 0011's refresh
 * computes them: per telemetry, its distinct non-device-reported values in ascending order, each
 * with the next smaller one (`below`, null for the smallest).
 */
export function measurementValueRows(rows: readonly TelemetryRow[]): MeasurementValueRow[] {
  const byTelemetry = new Map<string, number[]>();
  for (const r of rows) {
    if (r.device_reported) continue;
    const values = byTelemetry.get(r.telemetry);
    if (values) values.push(r.value);
    else byTelemetry.set(r.telemetry, [r.value]);
  }
  const out: MeasurementValueRow[] = [];
  for (const [telemetry, values] of byTelemetry) {
    const distinct = [...new Set(values)].sort((a, b) => a - b);
    distinct.forEach((value, i) => out.push({ telemetry, value, below: i ? distinct[i - 1]! : null }));
  }
  return out;
}

/** The measurement's columns each `measurement_values` row copies (migrations 0011, 0018). */
export const OWNER_COLUMN_NAMES = [
  'customer_id',
  'created_at',
  'point_id',
  'device_mac',
  'user_id',
  'measurement_type',
  'state',
  'tags',
  'favorite',
  'upload',
] as const;
const OWNER_COLUMNS = sql.join(OWNER_COLUMN_NAMES.map((c) => sql.ref(c)));

/**
 * INSERT of a NEW measurement's `measurement_values` rows (see `measurementValueRows`), for the
 * statement that inserts its telemetry: it also sets `overtone.measurement_values_written` to the
 * measurement's id for the transaction, so that migration 0014's trigger skips recomputing them.
 * The measurement must have had no telemetry before that statement (new, or deleted first).
 * @param owner an SQL query yielding the measurement's row as written ({@link OWNER_COLUMNS}): the
 *   CTE of the measurement's insert or update, so nothing is inserted when it was not written
 */
const insertMeasurementValuesSql = (id: string, rows: readonly TelemetryRow[], owner: RawBuilder<unknown>) => sql`
  INSERT INTO measurement_values (measurement_id, telemetry, value, below, ${OWNER_COLUMNS})
  SELECT ${id}, r.telemetry, r.value, r.below, ${sql.join(OWNER_COLUMN_NAMES.map((c) => sql.ref(`o.${c}`)))}
    FROM jsonb_to_recordset(${JSON.stringify(measurementValueRows(rows))}::jsonb)
      AS r(telemetry text, value double precision, below double precision)
   CROSS JOIN (${owner}) o
   WHERE set_config('overtone.measurement_values_written', ${id}, true) IS NOT NULL
  ON CONFLICT DO NOTHING`;

/** The diagnosis' features of a measurement (`measurement_features`, migration 0022). */
export interface FeaturesColumns {
  /** MeasurementFeatures.version */
  version: number;
  /** packages/diagnosis MeasurementFeatures in their storage form (modules/fault-reports/features-codec.ts) */
  features: Uint8Array;
}

/**
 * INSERT (or, for a partial measurement completed later, replacement) of a measurement's features,
 * for the statement that makes it final: only when `owner` yielded the written row (the demo
 * history and tests give features; ingest leaves them to the diagnosis, which computes them in the
 * background: jobs/diagnosis).
 */
const insertFeaturesSql = (m: TelemetryOwner, measuredAt: Date, f: FeaturesColumns, owner: RawBuilder<unknown>) => sql`
  INSERT INTO measurement_features (measurement_id, customer_id, point_id, measured_at, version, features)
  SELECT ${m.id}, ${m.customer_id}, ${m.point_id}, ${measuredAt}, ${f.version}, ${f.features}
   WHERE EXISTS (${owner})
  ON CONFLICT (measurement_id) DO UPDATE
     SET features = EXCLUDED.features, version = EXCLUDED.version, measured_at = EXCLUDED.measured_at,
         point_id = EXCLUDED.point_id`;

/**
 * The measurement's diagnosis queued (`diagnosis_pending`, migration 0023) with its final state, for
 * a measurement of a point with samples, only when `owner` (the written row, with `point_id`) exists.
 * Without features given, features of an earlier partial version are dropped: the diagnosis
 * computes them again from the completed waveform (jobs/diagnosis).
 */
const queueDiagnosisSql = (sampleSize: number, withFeatures: boolean, owner: RawBuilder<unknown>) => sql`
  , queued AS (
    INSERT INTO diagnosis_pending (measurement_id)
    SELECT o.id FROM (${owner}) o WHERE o.point_id IS NOT NULL AND ${sampleSize}::int >= 2
    ON CONFLICT DO NOTHING)
  ${withFeatures ? sql`` : sql`, stale AS (DELETE FROM measurement_features WHERE measurement_id IN (SELECT o.id FROM (${owner}) o))`}`;

/**
 * The condition a measurement's telemetry is inserted under in the statement that writes its row
 * (the CTE `written`): that row was written; and the measurement is listed in
 * `overtone.last_values_by_measurement` (migration 0030), since its row's trigger refreshes its
 * point's last values at the end of the statement, and the telemetry's trigger need not again.
 */
const writtenNow = (id: string, written: RawBuilder<unknown>) =>
  sql`EXISTS (SELECT 1 FROM ${written}) AND set_config('overtone.last_values_by_measurement', ${id}, true) IS NOT NULL`;

/** What a finalized measurement's row gets (columns of `measurements`). */
export interface FinalMeasurementColumns {
  state: 'persisted' | 'partial';
  error: string | null;
  sample_size: number;
  calibrated_sampling_rate: number;
  started_at: Date | null;
  waveform_key: string | null;
  gateway_mac: string | null;
  device_telemetry: unknown;
}

/**
 * Marks a measurement final and stores its telemetry in ONE statement (data-modifying CTEs are
 * atomic, PostgreSQL 16 docs §7.8.4): one round trip to the database instead of four (BEGIN, INSERT,
 * UPDATE, COMMIT), which the embedded database's thread makes worth saving. The row is updated only
 * when its state is not in `unlessState` (a repeated or concurrent finalization changes nothing),
 * and the telemetry (with its `measurement_values`) and the diagnosis' `features` (when given) are
 * inserted only with that update. The 0004 row
 * trigger then computes the point's last values at the end of the statement, with the telemetry
 * already there.
 * For a measurement that already has telemetry (a partial one completed later) use a transaction
 * that deletes it first: one statement cannot delete and re-insert the same keys.
 * @returns whether the measurement was updated
 */
export async function persistFinalMeasurement(
  db: Kysely<DB>,
  m: TelemetryOwner,
  set: FinalMeasurementColumns,
  unlessState: readonly string[],
  measuredAt: Date,
  rows: readonly TelemetryRow[],
  features: FeaturesColumns | null = null,
): Promise<boolean> {
  const r = await sql<{ id: string }>`
    WITH updated AS (
      UPDATE measurements
         SET state = ${set.state}, error = ${set.error}, sample_size = ${set.sample_size},
             calibrated_sampling_rate = ${set.calibrated_sampling_rate}, started_at = ${set.started_at},
             waveform_key = ${set.waveform_key}, gateway_mac = ${set.gateway_mac},
             device_telemetry = ${JSON.stringify(set.device_telemetry)}::jsonb, persisted_at = now()
       WHERE id = ${m.id} AND NOT (state = ANY(${[...unlessState]}::text[]))
      RETURNING id, ${OWNER_COLUMNS}
    ), inserted AS (${insertSql(m, measuredAt, rows, writtenNow(m.id, sql`updated`))}),
    valued AS (${insertMeasurementValuesSql(m.id, rows, sql`SELECT * FROM updated`)})
    ${features ? sql`, featured AS (${insertFeaturesSql(m, measuredAt, features, sql`SELECT 1 FROM updated`)})` : sql``}
    ${queueDiagnosisSql(set.sample_size, features !== null, sql`SELECT * FROM updated`)}
    SELECT id FROM updated`.execute(db);
  return r.rows.length > 0;
}

/** A self-initiated measurement created final: its identity and how it was taken. */
export interface NewMeasurementColumns extends TelemetryOwner {
  object_id: string;
  device_mac: string;
  range_index: number;
  rate_index: number;
  created_at: Date;
}

/**
 * Creates a self-initiated measurement (the device measured on its own: PERIODIC) directly in its
 * final state, with its telemetry and `measurement_values`, in ONE statement: inserting it `receiving` and updating it later
 * would write each of its ~13 index entries twice. Nothing is created when (device_mac, object_id)
 * already exists (a concurrent finalization): the caller then drops what it stored under `m.id`.
 * @returns whether the measurement was created
 */
export async function insertFinalMeasurement(
  db: Kysely<DB>,
  m: NewMeasurementColumns,
  set: FinalMeasurementColumns,
  measuredAt: Date,
  rows: readonly TelemetryRow[],
  features: FeaturesColumns | null = null,
): Promise<boolean> {
  const r = await sql<{ id: string }>`
    WITH created AS (
      INSERT INTO measurements (id, object_id, customer_id, point_id, device_mac, gateway_mac, user_id, measurement_type,
                                state, error, range_index, rate_index, sample_size, calibrated_sampling_rate, started_at,
                                waveform_key, device_telemetry, created_at, persisted_at)
      VALUES (${m.id}, ${m.object_id}, ${m.customer_id}, ${m.point_id}, ${m.device_mac}, ${set.gateway_mac}, NULL, 'PERIODIC',
              ${set.state}, ${set.error}, ${m.range_index}, ${m.rate_index}, ${set.sample_size}, ${set.calibrated_sampling_rate},
              ${set.started_at}, ${set.waveform_key}, ${JSON.stringify(set.device_telemetry)}::jsonb, ${m.created_at}, now())
      ON CONFLICT (device_mac, object_id) DO NOTHING
      RETURNING id, ${OWNER_COLUMNS}
    ), inserted AS (${insertSql(m, measuredAt, rows, writtenNow(m.id, sql`created`))}),
    valued AS (${insertMeasurementValuesSql(m.id, rows, sql`SELECT * FROM created`)})
    ${features ? sql`, featured AS (${insertFeaturesSql(m, measuredAt, features, sql`SELECT 1 FROM created`)})` : sql``}
    ${queueDiagnosisSql(set.sample_size, true, sql`SELECT * FROM created`)}
    SELECT id FROM created`.execute(db);
  return r.rows.length > 0;
}
