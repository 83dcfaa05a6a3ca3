/**
 * `GET /point/{id}/trend` on a year of one point's periodic data (17,520 measurements every 30 min,
 * the 12 telemetries ingest computes on 3 axes: 630,720 values; seeded once into
 * `.test-data/bench-trend/`, or `BENCH_DATABASE_URL`): p50/p95 of the trend of one telemetry over the
 * year (52,560 values decimated to ≤ 2000 per axis, apps/server/src/modules/trend/repo.ts), with the
 * response's serialization (zod + JSON, what fastify does), against the reference measured in the
 * same run: the undecimated query (every value as a row, what the trend would cost without packing
 * and decimation). Also the same with a measurementType filter, and the write cost of the trend's
 * index (migration 0017: telemetry_point_time with INCLUDE columns) against the index it replaced,
 * for one measurement's 36 values inserted as ingest does (rolled back). Target: p95 < 100 ms.
 * Run alone: `npm run bench -- trend`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { trendQuery, trendResponse } from '@overtone/contract';
import { openDatabase } from '../apps/server/src/infra/db/database.ts';
import type { DB } from '../apps/server/src/infra/db/schema.ts';
import { migrate } from '../apps/server/src/infra/db/migrate.ts';
import { seedDemo } from '../apps/server/src/jobs/seed-demo.ts';
import { loadTrend } from '../apps/server/src/modules/trend/repo.ts';
import { seedTrendYear } from '../apps/server/src/modules/trend/seed-year.ts';

const RUNS = Number(process.env.BENCH_TREND_RUNS ?? 20);
const NEWEST = new Date('2026-06-30T12:00:00Z');
const TELEMETRY = [
  'VRMS_ISO10816',
  'GRMS',
  'VRMS',
  'PEAK',
  'PEAK_TO_PEAK',
  'CREST',
  'KURTOSIS',
  'SKEWNESS',
  'CLEARANCE',
  'SHAPE_FACTOR',
  'CREST_STAR',
  'AUTO_CORRELATION',
];

async function percentiles(fn: () => Promise<unknown>, runs = RUNS) {
  for (let i = 0; i < 3; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { p50: t[Math.floor(runs * 0.5)]!, p95: t[Math.ceil(runs * 0.95) - 1]! };
}

/** Opens (and on first use migrates and seeds) the bench database; the point holding the year. */
async function openYear() {
  const url = process.env.BENCH_DATABASE_URL || null;
  const dataDir = url ? null : path.resolve(import.meta.dirname, '../.test-data/bench-trend/db');
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const db = await openDatabase({ databaseUrl: url, dataDir });
  await migrate(db);
  const k = db.db;
  let customer = await k.selectFrom('customers').select('id').where('name', '=', 'Demo Plant').executeTakeFirst();
  if (!customer) {
    await seedDemo(k, { password: 'Bench-Password-1' });
    customer = await k.selectFrom('customers').select('id').where('name', '=', 'Demo Plant').executeTakeFirstOrThrow();
  }
  let point = await k.selectFrom('tree_nodes').select('id').where('name', '=', 'Trend bench year').executeTakeFirst();
  if (!point) {
    point = { id: 'f'.repeat(4) + '0'.repeat(20) };
    await k
      .insertInto('tree_nodes')
      .values({
        id: point.id,
        customer_id: customer.id,
        parent_id: null,
        node_type: 'point',
        name: 'Trend bench year',
        tag_code: 'TRB',
        point: '{}',
      })
      .execute();
    const t0 = performance.now();
    await seedTrendYear(k, {
      customerId: customer.id,
      pointId: point.id,
      newest: NEWEST,
      telemetries: TELEMETRY,
      idPrefix: 'f',
      derived: false,
    });
    // PostgreSQL's autovacuum sets the visibility map that lets the trend read the index alone; PGlite
    // has no autovacuum, so the bench does it once (docs/trend.md "Measured": without it ~2× slower).
    await sql`VACUUM (ANALYZE) telemetry_values`.execute(k);
    await sql`VACUUM (ANALYZE) measurements`.execute(k);
    console.log(`seeded a year (${17_520 * 36} values) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return { db, customerId: customer.id, pointId: point.id };
}

/** p50/p95 of inserting one measurement's 36 computed values (as ingest, one statement), rolled back. */
let inserted = 0;
async function insertCost(db: Kysely<DB>, customerId: string, pointId: string) {
  const m = await db.selectFrom('measurements').select('id').where('point_id', '=', pointId).executeTakeFirstOrThrow();
  return percentiles(async () => {
    const i = ++inserted;
    const at = new Date(NEWEST.getTime() + i * 1000);
    await sql`
      INSERT INTO telemetry_values (measurement_id, customer_id, point_id, telemetry, source, device_reported, value, unit, measured_at)
      SELECT ${m.id}, ${customerId}, ${pointId}, t.name || '_B' || ${i}::int, a.source, false, random(), 'g', ${at}
      FROM unnest(${sql.val(TELEMETRY)}::text[]) AS t(name)
      CROSS JOIN (VALUES ('accelerometer_x'), ('accelerometer_y'), ('accelerometer_z')) AS a(source)`.execute(db);
  }, 60);
}

export default async function bench() {
  const { db, customerId, pointId } = await openYear();
  const k = db.db;
  const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const year = { startDate: fmt(new Date(NEWEST.getTime() - 365 * 86_400_000)), endDate: fmt(NEWEST) };
  const scope = { customerId, zoneOffsetMinutes: 0 };
  const q = trendQuery.parse({ ...year, filters: 'VRMS_ISO10816', maxPoints: 2000 });
  const sample = await loadTrend(k, scope, pointId, q);
  const values = sample.series[0]!.total;
  const kept = sample.series[0]!.data.length;

  const decimated = await percentiles(() => loadTrend(k, scope, pointId, q));
  const served = await percentiles(async () => JSON.stringify(trendResponse.parse(await loadTrend(k, scope, pointId, q))));
  const typed = await percentiles(() => loadTrend(k, scope, pointId, { ...q, measurementType: 'PERIODIC' }));
  const start = new Date(NEWEST.getTime() - 365 * 86_400_000);
  const reference = await percentiles(() =>
    k
      .selectFrom('telemetry_values')
      .select(['measurement_id', 'source', 'value', 'measured_at'])
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .where('telemetry', '=', 'VRMS_ISO10816')
      .where('measured_at', '>=', start)
      .where('measured_at', '<=', NEWEST)
      .where('device_reported', '=', false)
      .orderBy('measured_at')
      .execute(),
  );

  // Write cost: the INCLUDE index of 0017 against the index it replaced, inside one transaction rolled back.
  let writeNew = { p50: 0, p95: 0 },
    writeOld = { p50: 0, p95: 0 };
  await k
    .transaction()
    .execute(async (trx) => {
      await sql`ALTER TABLE telemetry_values DISABLE TRIGGER USER`.execute(trx);
      // Both indexes freshly built in this transaction, so neither run has a warmer index than the other.
      await sql`DROP INDEX telemetry_point_time`.execute(trx);
      await sql`CREATE INDEX telemetry_point_time ON telemetry_values (customer_id, point_id, telemetry, measured_at DESC)`.execute(
        trx,
      );
      writeOld = await insertCost(trx, customerId, pointId);
      await sql`DROP INDEX telemetry_point_time`.execute(trx);
      await sql`CREATE INDEX telemetry_point_time ON telemetry_values (customer_id, point_id, telemetry, measured_at)
        INCLUDE (source, device_reported, value, measurement_id)`.execute(trx);
      writeNew = await insertCost(trx, customerId, pointId);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  await db.close();

  const row = (name: string, r: { p50: number; p95: number }, ref = reference) =>
    `${name.padEnd(58)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  ×${(r.p50 / ref.p50).toFixed(2)} of reference`;
  console.log(`point: 17,520 measurements × 12 telemetries × 3 axes; one telemetry over a year: ${values} values → ${kept} kept`);
  console.log(row('reference: undecimated query, one row per value', reference));
  console.log(row('trend (packed query + min/max decimation), repo', decimated));
  console.log(row('trend + response serialization (zod + JSON)', served));
  console.log(row('trend with measurementType=PERIODIC', typed));
  console.log(row('write: 36 values with 0017 index (INCLUDE)', writeNew, writeOld));
  console.log(row('write: 36 values with the replaced index (reference)', writeOld, writeOld));
  console.log(`target p95 < 100 ms (trend + serialization): ${served.p95 < 100 ? 'met' : 'NOT met'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
