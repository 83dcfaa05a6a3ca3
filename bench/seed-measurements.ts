/**
 * Seeds a tenant with `n` measurements (default 1,000,000) and 3 computed GRMS values each (one per
 * axis) for bench/measurements.bench.ts, in SQL with generate_series (batches of 50,000).
 * PGlite: the database lives in `.test-data/bench-measurements-<n>/` and is reused by later runs
 * (seeding takes minutes there); PostgreSQL: `BENCH_DATABASE_URL=postgres://…` (seeded once, kept).
 * The value filter's table `measurement_values` (migration 0011) is filled by its trigger on
 * telemetry_values as the values are inserted; a database seeded before 0011 gets it from the
 * migration's backfill when opened (~35 s for 3,000,000 values on PGlite), not by seeding again.
 * Run alone: `node --import tsx bench/seed-measurements.ts [n]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../apps/server/src/infra/db/database.ts';
import { migrate } from '../apps/server/src/infra/db/migrate.ts';
import { seedDemo } from '../apps/server/src/jobs/seed-demo.ts';

export const BENCH_TAGS = ['pump', 'fan', 'night', 'shift-a', 'shift-b', 'audit'];
const BATCH = 50_000;

/** Opens (and on first use migrates and seeds) the bench database; returns it with the customer and user ids. */
export async function openSeeded(n = 1_000_000) {
  const url = process.env.BENCH_DATABASE_URL || null;
  const dataDir = url ? null : path.resolve(import.meta.dirname, `../.test-data/bench-measurements-${n}/db`);
  const db: Database = await openDatabase({ databaseUrl: url, dataDir });
  await migrate(db);
  const k = db.db;
  let customer = await k.selectFrom('customers').select('id').where('name', '=', 'Demo Plant').executeTakeFirst();
  if (!customer) {
    await seedDemo(k, { password: 'Bench-Password-1' });
    customer = await k.selectFrom('customers').select('id').where('name', '=', 'Demo Plant').executeTakeFirstOrThrow();
  }
  const user = await k.selectFrom('users').select('id').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
  const point = await k
    .selectFrom('tree_nodes')
    .select('id')
    .where('customer_id', '=', customer.id)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  const have = Number(
    (
      await k
        .selectFrom('measurements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customer.id)
        .where('id', 'like', 'b%')
        .executeTakeFirstOrThrow()
    ).n,
  );
  // The per-row trigger keeping each point's last values (0004_tree_points.sql) would refresh the
  // point once per inserted row; off while seeding, then one refresh of every point.
  if (have < n) {
    await sql`ALTER TABLE measurements DISABLE TRIGGER measurements_last_values`.execute(k);
    await sql`ALTER TABLE telemetry_values DISABLE TRIGGER telemetry_values_last_values`.execute(k);
  }
  for (let from = have; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH) - 1;
    const t0 = performance.now();
    // ids 'b' + 23 hex digits; createdAt spread over the last 2 years (newest = lowest i); every 7th
    // PERIODIC, every 11th TRIGGERED; tags cycle; 1 in 50 favorite, 1 in 40 uploaded, 1 in 100 partial,
    // 1 in 150 error; 20 devices; every 3rd without a user.
    await sql`
      INSERT INTO measurements (id, customer_id, object_id, point_id, device_mac, gateway_mac, user_id,
        measurement_type, state, tags, favorite, upload, error, range_index, rate_index, sample_size,
        calibrated_sampling_rate, created_at)
      SELECT 'b' || lpad(to_hex(i), 23, '0'), ${customer.id}, 'b' || lpad(to_hex(i), 23, '0'), ${point.id},
        'CA:B8:31:00:00:' || lpad(to_hex(i % 20), 2, '0'), 'CA:B8:28:00:00:01',
        CASE WHEN i % 3 = 0 THEN NULL ELSE ${user.id} END,
        CASE WHEN i % 7 = 0 THEN 'PERIODIC' WHEN i % 11 = 0 THEN 'TRIGGERED' ELSE 'MANUAL' END,
        CASE WHEN i % 100 = 0 THEN 'partial' WHEN i % 150 = 1 THEN 'error' ELSE 'persisted' END,
        ARRAY[(${sql.val(BENCH_TAGS)}::text[])[1 + i % 6]],
        i % 50 = 0, i % 40 = 0, CASE WHEN i % 150 = 1 THEN 'NO_DEVICE' END, 2, 9, 12000, 12800,
        now() - make_interval(secs => i * (2 * 365 * 86400.0 / ${n}))
      FROM generate_series(${from}::int, ${to}::int) AS i`.execute(k);
    await sql`
      INSERT INTO telemetry_values (measurement_id, customer_id, point_id, telemetry, source, device_reported, value, unit, measured_at)
      SELECT m.id, m.customer_id, m.point_id, 'GRMS', a.source, false,
        ((hashtext(m.id || a.source) & 65535) / 65535.0) * 4, 'g', m.created_at
      FROM measurements m CROSS JOIN (VALUES ('accelerometer_x'), ('accelerometer_y'), ('accelerometer_z')) AS a(source)
      WHERE m.customer_id = ${customer.id} AND m.id BETWEEN ${'b' + from.toString(16).padStart(23, '0')} AND ${'b' + to.toString(16).padStart(23, '0')}`.execute(
      k,
    );
    console.log(`seeded ${to + 1}/${n} (${Math.round(performance.now() - t0)} ms)`);
  }
  if (have < n) {
    await sql`ALTER TABLE measurements ENABLE TRIGGER measurements_last_values`.execute(k);
    await sql`ALTER TABLE telemetry_values ENABLE TRIGGER telemetry_values_last_values`.execute(k);
    await sql`SELECT tree_refresh_last_values(id) FROM tree_nodes WHERE node_type = 'point'`.execute(k);
    await sql`ANALYZE`.execute(k);
  }
  return { db, customerId: customer.id, userId: user.id, pointId: point.id };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 1_000_000);
  fs.mkdirSync(path.resolve(import.meta.dirname, '../.test-data'), { recursive: true });
  const { db } = await openSeeded(n);
  await db.close();
}
