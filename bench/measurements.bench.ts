/**
 * `GET /measurement` on a tenant with 1,000,000 measurements (3 GRMS values each; seeded once by
 * bench/seed-measurements.ts into `.test-data/`, or into `BENCH_DATABASE_URL` for PostgreSQL):
 * p50/p95 of the list query (count capped at 10,000 + one page with users and point paths) for the
 * default query and the heaviest filter combination, against references measured in the same run:
 * a primary-key lookup and an exact COUNT(*) of the tenant. Target: p95 < 50 ms.
 * Also the write cost of the value filter's table (migration 0011): one measurement's telemetry
 * (12 telemetries × 3 axes, as ingest writes it) inserted with and without its trigger, rolled back.
 * `BENCH_MEASUREMENTS=20000` benches a smaller tenant.
 */
import dayjs from 'dayjs';
import { sql, type Kysely } from 'kysely';
import { measurementFilterQuery } from '@overtone/contract';
import type { DB } from '../apps/server/src/infra/db/schema.ts';
import { listMeasurements, type ListScope } from '../apps/server/src/modules/measurements/repo.ts';
import { openSeeded } from './seed-measurements.ts';
import { vacuumAnalyzeAll } from '../apps/server/src/infra/db/maintenance.ts';

const RUNS = 40;
const F = 'YYYY-MM-DD HH:mm:ss';

async function percentiles(fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { p50: t[Math.floor(RUNS * 0.5)], p95: t[Math.ceil(RUNS * 0.95) - 1] };
}

/** Warm-up inserts: the cases before evict telemetry_values' pages from PGlite's buffers. */
const WRITE_WARMUPS = 30;
/** The telemetries ingest computes per axis (packages/dsp/src/telemetry.ts). */
const TELEMETRY = [
  'GRMS',
  'VRMS',
  'VRMS_ISO10816',
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

/**
 * p50/p95 of inserting one new measurement's computed telemetry (one statement, as ingest), in a
 * transaction rolled back at the end (the bench database is kept): each run inside a savepoint,
 * the measurement row inserted before the timed statement. `withTrigger` false disables the
 * trigger keeping measurement_values (inside the same rolled-back transaction).
 */
async function telemetryInsert(db: Kysely<DB>, customerId: string, withTrigger: boolean) {
  let result = { p50: 0, p95: 0 };
  await db
    .transaction()
    .execute(async (trx) => {
      if (!withTrigger)
        await sql`ALTER TABLE telemetry_values DISABLE TRIGGER telemetry_values_measurement_values_insert`.execute(trx);
      let i = 0;
      const t: number[] = [];
      for (let run = 0; run < RUNS + WRITE_WARMUPS; run++) {
        await sql`SAVEPOINT bench`.execute(trx);
        const id = 'w' + String(i++).padStart(23, '0');
        const at = new Date();
        await trx.insertInto('measurements').values({ id, customer_id: customerId, object_id: id, device_mac: 'CA:B8:31:00:00:01', measurement_type: 'MANUAL', state: 'persisted', range_index: 2, rate_index: 9, sample_size: 12000, created_at: at }).execute(); // prettier-ignore
        const rows = TELEMETRY.flatMap((telemetry) => ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'].map((source) => ({ measurement_id: id, customer_id: customerId, point_id: null, telemetry, source, device_reported: false, value: Math.random() * 4, unit: 'g', measured_at: at }))); // prettier-ignore
        const t0 = performance.now();
        await trx.insertInto('telemetry_values').values(rows).execute();
        if (run >= WRITE_WARMUPS) t.push(performance.now() - t0);
        await sql`ROLLBACK TO SAVEPOINT bench`.execute(trx);
      }
      t.sort((a, b) => a - b);
      result = { p50: t[Math.floor(RUNS * 0.5)], p95: t[Math.ceil(RUNS * 0.95) - 1] };
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return result;
}
class RolledBack extends Error {}

export default async function measurementsBench() {
  const n = Number(process.env.BENCH_MEASUREMENTS ?? 1_000_000);
  const { db, customerId, userId, pointId } = await openSeeded(n);
  try {
    // As the server keeps the embedded database (infra/db/maintenance.ts: its stand-in for
    // autovacuum runs at start-up and after writes); PostgreSQL vacuums itself.
    if (db.kind === 'pglite') {
      const v = await vacuumAnalyzeAll(db);
      console.log(
        `PGlite: VACUUM (ANALYZE) of ${v.tables} tables as the server's maintenance does: ${(v.ms / 1000).toFixed(1)} s`,
      );
    }
    const scope: ListScope = { customerId, userId, zoneOffsetMinutes: 180 };
    const range = { startDate: dayjs().subtract(364, 'day').format(F), endDate: dayjs().endOf('day').format(F) };
    const q = (o: Record<string, unknown>) => measurementFilterQuery.parse({ page: 1, pageSize: 10, ...range, ...o });
    const grms = { telemetry: 'GRMS', minValueActive: true, minValue: 1, maxValueActive: true, maxValue: 1.2 };
    const cases: [string, () => Promise<unknown>][] = [
      ['reference: primary-key lookup', () => db.db.selectFrom('measurements').selectAll().where('id', '=', 'b' + '5'.padStart(23, '0')).execute()],
      ['reference: exact COUNT(*) of the tenant', () => sql`SELECT count(*) FROM measurements WHERE customer_id = ${customerId}`.execute(db.db)],
      ['default (last 364 days, page 1 of 10)', () => listMeasurements(db.db, scope, q({}))],
      ['default, page 100 of 75', () => listMeasurements(db.db, scope, q({ page: 100, pageSize: 75 }))],
      ['MAC address', () => listMeasurements(db.db, scope, q({ macAddress: 'CA:B8:31:00:00:07' }))],
      ['tag + type PERIODIC', () => listMeasurements(db.db, scope, q({ tags: 'night', measurementType: 'PERIODIC' }))],
      ['GRMS 1.0..1.2 g (value filter)', () => listMeasurements(db.db, scope, q({ telemetry: 'GRMS', minValueActive: true, minValue: 1, maxValueActive: true, maxValue: 1.2 }))],
      ['GRMS 1.00..1.01 g (narrow)', () => listMeasurements(db.db, scope, q({ telemetry: 'GRMS', minValueActive: true, minValue: 1, maxValueActive: true, maxValue: 1.01 }))],
      ['GRMS >= 3.9 g (min only)', () => listMeasurements(db.db, scope, q({ telemetry: 'GRMS', minValueActive: true, minValue: 3.9 }))],
      ['GRMS <= 1.5 g (max only), no dates', () => listMeasurements(db.db, scope, measurementFilterQuery.parse({ page: 1, pageSize: 10, telemetry: 'GRMS', maxValueActive: true, maxValue: 1.5 }))],
      [
        'heaviest: tags, MAC, type, only mine, favorite, GRMS 1.0..3.0, 75/page',
        () => listMeasurements(db.db, scope, q({ pageSize: 75, tags: 'pump,fan,night', macAddress: 'CA:B8:31:00:00:0A', measurementType: 'MANUAL', onlyMine: true, favorite: true, telemetry: 'GRMS', minValueActive: true, minValue: 1, maxValueActive: true, maxValue: 3 })),
      ],
      ['partial + error', () => listMeasurements(db.db, scope, q({ partial: true, error: true }))],
      ['GRMS 1.0..1.2 g + partial + error', () => listMeasurements(db.db, scope, q({ ...grms, partial: true, error: true }))],
      ['GRMS 1.0..1.2 g + type PERIODIC', () => listMeasurements(db.db, scope, q({ ...grms, measurementType: 'PERIODIC' }))],
      ['GRMS 1.0..1.2 g + only mine', () => listMeasurements(db.db, scope, q({ ...grms, onlyMine: true }))],
      ['GRMS 1.0..1.2 g + MAC address', () => listMeasurements(db.db, scope, q({ ...grms, macAddress: 'CA:B8:31:00:00:07' }))],
      ['GRMS 1.0..1.2 g + tag night', () => listMeasurements(db.db, scope, q({ ...grms, tags: 'night' }))],
      ['GRMS 1.0..1.2 g + point', () => listMeasurements(db.db, scope, q({ ...grms, points: pointId }))],
    ]; // prettier-ignore
    const rows: Record<string, { p50: string; p95: string; 'p95 / pk lookup': string; target: string }> = {};
    let ref = 1;
    for (const [name, fn] of cases) {
      const r = await percentiles(fn);
      if (name.startsWith('reference: primary')) ref = r.p50;
      rows[name] = {
        p50: `${r.p50.toFixed(2)} ms`,
        p95: `${r.p95.toFixed(2)} ms`,
        'p95 / pk lookup': `${(r.p95 / ref).toFixed(1)}×`,
        target: name.startsWith('reference') ? '' : r.p95 < 50 ? 'ok (< 50 ms)' : 'MISSED',
      };
    }
    for (const withTrigger of [false, true]) {
      const r = await telemetryInsert(db.db, customerId, withTrigger);
      rows[`write: insert 36 telemetry values, ${withTrigger ? 'with' : 'without'} the measurement_values trigger`] = {
        p50: `${r.p50.toFixed(2)} ms`,
        p95: `${r.p95.toFixed(2)} ms`,
        'p95 / pk lookup': `${(r.p95 / ref).toFixed(1)}×`,
        target: '',
      };
    }
    console.log(`${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${n.toLocaleString('en')} measurements`);
    console.table(rows);
  } finally {
    await db.close();
  }
}
