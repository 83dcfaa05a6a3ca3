import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** Interval of the periodic measurements of {@link seedTrendYear}: 30 min (spec 001 §9 "about 30 minutes"). */
export const SEED_PERIOD_MS = 30 * 60_000;

/** What {@link seedTrendYear} planted: where the alarm-level excursion and the dip are. */
export interface SeededYear {
  /** Number of measurements (one every 30 min). */
  count: number;
  /** Time of the newest measurement; the oldest is `count - 1` periods earlier. */
  newest: Date;
  /** Index (0 = newest) of the measurement whose `spikeSource` value of `spikeTelemetry` is {@link SEED_SPIKE_VALUE}. */
  spikeIndex: number;
  /** Index of the measurement whose `spikeSource` value is {@link SEED_DIP_VALUE}. */
  dipIndex: number;
  /** Ids of the measurements at `spikeIndex` and `dipIndex`. */
  spikeId: string;
  dipId: string;
  /** Measurements with a note: every `noteEvery`-th. */
  noteEvery: number;
}

/** The single alarm-level excursion of a seeded year, mm/s (baseline 1.5 … 3.5 mm/s). */
export const SEED_SPIKE_VALUE = 45.5;
/** The single dip of a seeded year, mm/s. */
export const SEED_DIP_VALUE = 0.0125;

/**
 * Seeds one point with a year of periodic measurements, fast (a few `INSERT … SELECT
 * generate_series` statements): `count` measurements 30 min apart ending at `newest`, each with the
 * computed values of `telemetries` on the three accelerometer axes (a smooth baseline between 1.5 and
 * 3.5 plus hashed noise), one alarm-level excursion ({@link SEED_SPIKE_VALUE}) and one dip
 * ({@link SEED_DIP_VALUE}) on accelerometer_y of the first telemetry, a note on every 500th
 * measurement and every 7th one MANUAL (the others PERIODIC). Test and benchmark fixture (the trend's
 * API test and bench/trend.bench.ts); ids are `idPrefix` + hex index, 24 characters.
 *
 * With `derived: false` the per-row triggers (the point's last values, refreshed once at the end; the
 * measurement list's value-filter table measurement_values) are off for the inserts: ~5× faster, and the seeded
 * values are then invisible to the list's value filter. The trend reads telemetry_values only.
 */
export async function seedTrendYear(
  db: Kysely<DB>,
  o: {
    customerId: string;
    pointId: string;
    newest: Date;
    count?: number;
    telemetries?: readonly string[];
    idPrefix?: string;
    derived?: boolean;
  },
): Promise<SeededYear> {
  const count = o.count ?? 17_520;
  const telemetries = o.telemetries ?? ['VRMS_ISO10816', 'GRMS'];
  const prefix = o.idPrefix ?? 'e';
  const width = 24 - prefix.length;
  const idOf = (i: number) => prefix + i.toString(16).padStart(width, '0');
  const spikeIndex = Math.floor(count * 0.37);
  const dipIndex = Math.floor(count * 0.81);
  const noteEvery = 500;
  const derived = o.derived ?? true;
  if (!derived) await sql`ALTER TABLE measurements DISABLE TRIGGER measurements_last_values`.execute(db);
  await sql`
    INSERT INTO measurements (id, customer_id, object_id, point_id, device_mac, gateway_mac, user_id,
      measurement_type, state, note, range_index, rate_index, sample_size, calibrated_sampling_rate, created_at, persisted_at)
    SELECT ${prefix} || lpad(to_hex(i), ${width}::int, '0'), ${o.customerId}, ${prefix} || lpad(to_hex(i), ${width}::int, '0'),
      ${o.pointId}, 'CA:B8:31:00:00:7E', 'CA:B8:28:00:00:01', NULL,
      CASE WHEN i % 7 = 3 THEN 'MANUAL' ELSE 'PERIODIC' END, 'persisted',
      CASE WHEN i % ${noteEvery}::int = 0 THEN 'note ' || i ELSE '' END, 2, 9, 12000, 12800,
      ${o.newest}::timestamptz - make_interval(secs => i * ${SEED_PERIOD_MS / 1000}::float8),
      ${o.newest}::timestamptz - make_interval(secs => i * ${SEED_PERIOD_MS / 1000}::float8)
    FROM generate_series(0, ${count - 1}::int) AS i`.execute(db);
  if (!derived) await sql`ALTER TABLE telemetry_values DISABLE TRIGGER USER`.execute(db);
  await sql`
    INSERT INTO telemetry_values (measurement_id, customer_id, point_id, telemetry, source, device_reported, value, unit, measured_at)
    SELECT m.id, m.customer_id, m.point_id, t.name, a.source, false,
      CASE
        WHEN t.ord = 1 AND a.source = 'accelerometer_y' AND m.id = ${idOf(spikeIndex)} THEN ${SEED_SPIKE_VALUE}::float8
        WHEN t.ord = 1 AND a.source = 'accelerometer_y' AND m.id = ${idOf(dipIndex)} THEN ${SEED_DIP_VALUE}::float8
        ELSE 2.5 + sin(extract(epoch FROM m.created_at) / 86400.0 / 58.0) * 0.6
          + ((hashtext(m.id || a.source || t.name) & 65535) / 65535.0 - 0.5) * 0.8
      END,
      CASE WHEN t.name LIKE 'V%' THEN 'mm/s' ELSE 'g' END, m.created_at
    FROM measurements m
    CROSS JOIN unnest(${sql.val(telemetries)}::text[]) WITH ORDINALITY AS t(name, ord)
    CROSS JOIN (VALUES ('accelerometer_x'), ('accelerometer_y'), ('accelerometer_z')) AS a(source)
    WHERE m.customer_id = ${o.customerId} AND m.point_id = ${o.pointId} AND m.id LIKE ${prefix + '%'}
    ORDER BY m.created_at, m.id`.execute(db);
  if (!derived) {
    await sql`ALTER TABLE telemetry_values ENABLE TRIGGER USER`.execute(db);
    await sql`ALTER TABLE measurements ENABLE TRIGGER measurements_last_values`.execute(db);
    await sql`SELECT tree_refresh_last_values(${o.pointId})`.execute(db);
  }
  return {
    count,
    newest: o.newest,
    spikeIndex,
    dipIndex,
    spikeId: idOf(spikeIndex),
    dipId: idOf(dipIndex),
    noteEvery,
  };
}
