import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import {
  insertFinalMeasurement,
  measurementValueRows,
  OWNER_COLUMN_NAMES,
  type FinalMeasurementColumns,
  type NewMeasurementColumns,
  type TelemetryRow,
} from './persist-measurement.ts';

/** A self-initiated measurement to create final (the arguments of `insertFinalMeasurement`, without features). */
export interface NewFinalMeasurement {
  m: NewMeasurementColumns;
  set: FinalMeasurementColumns;
  /** when the measurement was taken (the trend's time axis) */
  measuredAt: Date;
  rows: readonly TelemetryRow[];
}

/** Most measurements written by one statement (its JSON parameter stays well under a megabyte). */
export const MAX_BATCH = 32;

const ownerRefs = (alias: string) => sql.join(OWNER_COLUMN_NAMES.map((c) => sql.ref(`${alias}.${c}`)));

/**
 * Creates several self-initiated measurements final, with their telemetry, `measurement_values` and
 * queued diagnoses, in ONE statement (data-modifying CTEs, atomic: PostgreSQL 16 docs §7.8.4): the
 * statement's parsing and planning, its round trip to the database's thread and its statement
 * triggers are paid once for the batch instead of once per measurement. What each measurement
 * writes is what `insertFinalMeasurement` writes (without features: ingest leaves them to the
 * diagnosis). The measurements are listed in `overtone.measurement_values_written` (migration 0030:
 * 0014's trigger skips recomputing their values) and `overtone.last_values_by_measurement` (their
 * own row trigger refreshes their points' last values; migration 0004's telemetry trigger skips it).
 * A measurement whose (device_mac, object_id) already exists, or repeats one earlier in the batch,
 * is not created and gets none of its rows.
 * All or nothing for the batch: when the statement fails nothing is written (see
 * {@link createFinalMeasurementWriter} for the per-measurement fallback).
 * @param items at most {@link MAX_BATCH}; ids unique and without commas (infra/ids.ts `newId`)
 * @returns per item, whether its measurement was created
 */
export async function insertFinalMeasurements(db: Kysely<DB>, items: readonly NewFinalMeasurement[]): Promise<boolean[]> {
  if (!items.length) return [];
  const input = items.map(({ m, set, measuredAt, rows }, n) => ({
    n,
    id: m.id,
    object_id: m.object_id,
    customer_id: m.customer_id,
    point_id: m.point_id,
    device_mac: m.device_mac,
    range_index: m.range_index,
    rate_index: m.rate_index,
    created_at: m.created_at.toISOString(),
    measured_at: measuredAt.toISOString(),
    ...set,
    started_at: set.started_at?.toISOString() ?? null,
    telemetry: rows,
    mvalues: measurementValueRows(rows),
  }));
  const ids = items.map((i) => i.m.id).join(',');
  const r = await sql<{ id: string }>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i(
        id text, object_id text, customer_id text, point_id text, device_mac text, gateway_mac text, state text,
        error text, range_index integer, rate_index integer, sample_size integer, calibrated_sampling_rate double precision,
        started_at timestamptz, waveform_key text, device_telemetry jsonb, created_at timestamptz, measured_at timestamptz,
        telemetry jsonb, mvalues jsonb, n integer)
    ), created AS (
      INSERT INTO measurements (id, object_id, customer_id, point_id, device_mac, gateway_mac, user_id, measurement_type,
                                state, error, range_index, rate_index, sample_size, calibrated_sampling_rate, started_at,
                                waveform_key, device_telemetry, created_at, persisted_at)
      SELECT i.id, i.object_id, i.customer_id, i.point_id, i.device_mac, i.gateway_mac, NULL, 'PERIODIC', i.state, i.error,
             i.range_index, i.rate_index, i.sample_size, i.calibrated_sampling_rate, i.started_at, i.waveform_key,
             i.device_telemetry, i.created_at, now()
        FROM input i
       -- their rows' triggers lock their points in this order (migration 0033: no deadlock between
       -- instances); of one point in the batch's order, so the first of two with one key is created
       ORDER BY i.point_id, i.n
      ON CONFLICT (device_mac, object_id) DO NOTHING
      RETURNING id, ${sql.join(OWNER_COLUMN_NAMES.map((c) => sql.ref(c)))}
    ), written AS (
      SELECT c.*, i.measured_at, i.sample_size AS samples, i.telemetry, i.mvalues FROM created c JOIN input i ON i.id = c.id
    ), inserted AS (
      INSERT INTO telemetry_values (measurement_id, customer_id, point_id, measured_at, telemetry, source, value, unit, device_reported)
      SELECT w.id, w.customer_id, w.point_id, w.measured_at, r.telemetry, r.source, r.value, r.unit, r.device_reported
        FROM written w
       CROSS JOIN LATERAL jsonb_to_recordset(w.telemetry)
          AS r(telemetry text, source text, value double precision, unit text, device_reported boolean)
       WHERE set_config('overtone.last_values_by_measurement', ${ids}, true) IS NOT NULL
      ON CONFLICT (measurement_id, telemetry, source, device_reported) DO NOTHING
    ), valued AS (
      INSERT INTO measurement_values (measurement_id, telemetry, value, below, ${sql.join(OWNER_COLUMN_NAMES.map((c) => sql.ref(c)))})
      SELECT w.id, r.telemetry, r.value, r.below, ${ownerRefs('w')}
        FROM written w
       CROSS JOIN LATERAL jsonb_to_recordset(w.mvalues) AS r(telemetry text, value double precision, below double precision)
       WHERE set_config('overtone.measurement_values_written', ${ids}, true) IS NOT NULL
      ON CONFLICT DO NOTHING
    ), queued AS (
      INSERT INTO diagnosis_pending (measurement_id)
      SELECT w.id FROM written w WHERE w.point_id IS NOT NULL AND w.samples >= 2
      ON CONFLICT DO NOTHING
    )
    SELECT id FROM created`.execute(db);
  const created = new Set(r.rows.map((x) => x.id));
  return items.map((i) => created.has(i.m.id));
}

/** Writes self-initiated measurements final, several in one statement when they are ready together. */
export interface FinalMeasurementWriter {
  /** Creates one measurement final (as `insertFinalMeasurement`); resolves with whether it was created. */
  insert(item: NewFinalMeasurement): Promise<boolean>;
}

interface Waiting {
  item: NewFinalMeasurement;
  resolve: (created: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of final measurements: the measurements handed over in the same turn of the event
 * loop, or while the previous batch's statement runs, go to the database together in one statement
 * ({@link insertFinalMeasurements}, at most {@link MAX_BATCH}). A measurement waits for nothing but
 * the statement before it (no timer). All or nothing per measurement: when a batch's statement fails,
 * each of its measurements is written again alone (`insertFinalMeasurement`), so one bad measurement
 * fails only its own caller.
 * @param db the database (ingest's `ctx.db`)
 */
export function createFinalMeasurementWriter(db: Kysely<DB>): FinalMeasurementWriter {
  let queue: Waiting[] = [];
  let running = false;
  const writeAlone = async (w: Waiting) => {
    try {
      const { m, set, measuredAt, rows } = w.item;
      w.resolve(await insertFinalMeasurement(db, m, set, measuredAt, rows));
    } catch (err) {
      w.reject(err);
    }
  };
  const flush = async () => {
    running = true;
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      if (batch.length === 1) {
        await writeAlone(batch[0]!);
        continue;
      }
      let created: boolean[] | null = null;
      try {
        created = await insertFinalMeasurements(
          db,
          batch.map((w) => w.item),
        );
      } catch {
        // one of them is bad (or the database failed): each alone, so the others are kept
        for (const w of batch) await writeAlone(w);
      }
      if (created) batch.forEach((w, i) => w.resolve(created[i]!));
    }
    running = false;
  };
  return {
    insert: (item) =>
      new Promise<boolean>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!running) {
          running = true;
          setImmediate(() => void flush());
        }
      }),
  };
}
