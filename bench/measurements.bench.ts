/**
 * `GET /measurement` on a tenant with 1,000,000 measurements (3 GRMS values each; seeded once by
 * bench/seed-measurements.ts into `.test-data/`, or into `BENCH_DATABASE_URL` for PostgreSQL):
 * p50/p95 of the list query (count capped at 10,000 + one page with users and point paths) for the
 * default query and the heaviest filter combination, against references measured in the same run:
 * a primary-key lookup and an exact COUNT(*) of the tenant. Target: p95 < 50 ms.
 * `BENCH_MEASUREMENTS=20000` benches a smaller tenant.
 */
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { measurementFilterQuery } from '@overtone/contract';
import { listMeasurements, type ListScope } from '../apps/server/src/modules/measurements/repo.ts';
import { openSeeded } from './seed-measurements.ts';

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

export default async function measurementsBench() {
  const n = Number(process.env.BENCH_MEASUREMENTS ?? 1_000_000);
  const { db, customerId, userId } = await openSeeded(n);
  try {
    const scope: ListScope = { customerId, userId, zoneOffsetMinutes: 180 };
    const range = { startDate: dayjs().subtract(364, 'day').format(F), endDate: dayjs().endOf('day').format(F) };
    const q = (o: Record<string, unknown>) => measurementFilterQuery.parse({ page: 1, pageSize: 10, ...range, ...o });
    const cases: [string, () => Promise<unknown>][] = [
      ['reference: primary-key lookup', () => db.db.selectFrom('measurements').selectAll().where('id', '=', 'b' + '5'.padStart(23, '0')).execute()],
      ['reference: exact COUNT(*) of the tenant', () => sql`SELECT count(*) FROM measurements WHERE customer_id = ${customerId}`.execute(db.db)],
      ['default (last 364 days, page 1 of 10)', () => listMeasurements(db.db, scope, q({}))],
      ['default, page 100 of 75', () => listMeasurements(db.db, scope, q({ page: 100, pageSize: 75 }))],
      ['MAC address', () => listMeasurements(db.db, scope, q({ macAddress: 'CA:B8:31:00:00:07' }))],
      ['tag + type PERIODIC', () => listMeasurements(db.db, scope, q({ tags: 'night', measurementType: 'PERIODIC' }))],
      ['GRMS 1.0..1.2 g (value filter)', () => listMeasurements(db.db, scope, q({ telemetry: 'GRMS', minValueActive: true, minValue: 1, maxValueActive: true, maxValue: 1.2 }))],
      [
        'heaviest: tags, MAC, type, only mine, favorite, GRMS 1.0..3.0, 75/page',
        () => listMeasurements(db.db, scope, q({ pageSize: 75, tags: 'pump,fan,night', macAddress: 'CA:B8:31:00:00:0A', measurementType: 'MANUAL', onlyMine: true, favorite: true, telemetry: 'GRMS', minValueActive: true, minValue: 1, maxValueActive: true, maxValue: 3 })),
      ],
      ['partial + error', () => listMeasurements(db.db, scope, q({ partial: true, error: true }))],
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
    console.log(`${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${n.toLocaleString('en')} measurements`);
    console.table(rows);
  } finally {
    await db.close();
  }
}
