import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.ts';
import { startEmbeddedMaintenance, vacuumAnalyzeAll } from './maintenance.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: null });
});
afterAll(async () => {
  await database?.close();
});

/** Pages of the table, and how many of them the visibility map marks all-visible (pg_class). */
const visibility = async (table: string) =>
  (
    await sql<{ pages: number; visible: number }>`
      SELECT (pg_relation_size(c.oid) / 8192)::int AS pages, c.relallvisible AS visible
        FROM pg_class c WHERE c.relname = ${table}`.execute(database.db)
  ).rows[0]!;

const quiet = () => {
  const runs: object[] = [];
  return { runs, log: { info: (o: object) => runs.push(o), warn: () => {} } };
};
const until = async (ok: () => boolean, ms = 10_000) => {
  for (const t0 = Date.now(); !ok();) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('embedded database maintenance (PGlite has no autovacuum)', () => {
  it('vacuums every table: written pages become all-visible (index-only scans stop reading the table)', async () => {
    await sql`CREATE TABLE maint_a (id int PRIMARY KEY, v float8)`.execute(database.db);
    await sql`INSERT INTO maint_a SELECT g, g * 0.5 FROM generate_series(1, 20000) g`.execute(database.db);
    const before = await visibility('maint_a');
    expect(before.pages).toBeGreaterThan(50);
    expect(before.visible).toBe(0);
    const r = await vacuumAnalyzeAll(database);
    expect(r.tables).toBeGreaterThanOrEqual(1);
    const after = await visibility('maint_a');
    expect(after.visible).toBe(after.pages);
  });

  it('runs at start, then only when enough WAL was written since its last run', async () => {
    const { runs, log } = quiet();
    const job = startEmbeddedMaintenance(database, log, {
      firstCheckMs: 1,
      checkEveryMs: 30,
      minWalBytes: 1_000_000,
      maxIdleMs: 3_600_000,
    });
    try {
      await until(() => runs.length === 1);
      // A few small writes: below the threshold and the idle time, no run.
      await sql`INSERT INTO maint_a VALUES (20001, 1)`.execute(database.db);
      await new Promise((r) => setTimeout(r, 200));
      expect(runs).toHaveLength(1);
      // Many writes: the next check runs, and the new pages become all-visible.
      await sql`INSERT INTO maint_a SELECT g, g FROM generate_series(30000, 60000) g`.execute(database.db);
      await until(() => runs.length === 2);
      const after = await visibility('maint_a');
      expect(after.visible).toBe(after.pages);
    } finally {
      await job.stop();
    }
  });

  it('waits while writes go on (a burst), then runs at the first calm check', async () => {
    const { runs, log } = quiet();
    const job = startEmbeddedMaintenance(database, log, {
      firstCheckMs: 1,
      checkEveryMs: 150,
      minWalBytes: 100_000,
      busyWalBytes: 100_000,
      maxIdleMs: 3_600_000,
      maxDeferMs: 3_600_000,
    });
    try {
      await until(() => runs.length === 1);
      // Writing between every check: due, but busy, so no run.
      for (let i = 0; i < 6; i++) {
        await sql`INSERT INTO maint_a SELECT g, g FROM generate_series(${100_000 + i * 5000}::int, ${104_999 + i * 5000}::int) g`.execute(
          database.db,
        );
        await new Promise((r) => setTimeout(r, 60));
      }
      expect(runs).toHaveLength(1);
      // Calm: the next checks run it.
      await until(() => runs.length === 2);
    } finally {
      await job.stop();
    }
  });

  it('does nothing on PostgreSQL, which has its own autovacuum', async () => {
    const { runs, log } = quiet();
    const job = startEmbeddedMaintenance({ ...database, kind: 'postgres' }, log, { firstCheckMs: 1 });
    expect(await job.runNow()).toEqual({ tables: 0, ms: 0 });
    await job.stop();
    expect(runs).toHaveLength(0);
  });
});
