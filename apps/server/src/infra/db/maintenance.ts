import { sql } from 'kysely';
import type { Database } from './database.ts';

/** What the maintenance job logs (a pino logger fits). */
interface MaintenanceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EmbeddedMaintenanceOptions {
  /** How often the WAL position is checked, ms. Default 60 s (autovacuum_naptime's default). */
  checkEveryMs?: number;
  /** WAL written since the last run that triggers one at the next check, bytes. Default 16 MiB. */
  minWalBytes?: number;
  /** Any WAL written and this long since the last run also triggers one, ms. Default 10 min. */
  maxIdleMs?: number;
  /** Delay of the first check after start, ms. Default `checkEveryMs`. */
  firstCheckMs?: number;
  /**
   * WAL written since the previous check above which the database counts as busy (a burst of
   * ingest): a due run waits for a calmer check, up to `maxDeferMs`. Default 32 MiB.
   */
  busyWalBytes?: number;
  /** How long a due run may wait for a calm check, ms. Default 10 min. */
  maxDeferMs?: number;
}

export interface EmbeddedMaintenance {
  /** Vacuums and analyses every table now (awaits a run in progress first). */
  runNow(): Promise<{ tables: number; ms: number }>;
  stop(): Promise<void>;
}

/** Bytes of WAL written since the cluster's start (`pg_current_wal_lsn`, PostgreSQL docs §9.28.3). */
async function walPosition(database: Database): Promise<number> {
  const r = await sql<{ b: number }>`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS b`.execute(database.db);
  return Number(r.rows[0]?.b ?? 0);
}

/**
 * VACUUM (ANALYZE) of every table of the public schema, one statement per table (each a short
 * stall of the embedded database's single connection rather than one long one). A table whose
 * pages are all visible since the last run is skipped by VACUUM itself (visibility map), so a run
 * after a few writes costs little.
 * @returns how many tables and how long it took, ms
 */
export async function vacuumAnalyzeAll(database: Database): Promise<{ tables: number; ms: number }> {
  const t0 = performance.now();
  const { rows } = await sql<{ name: string }>`
    SELECT quote_ident(c.relname) AS name FROM pg_class c
     WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
     ORDER BY c.relname`.execute(database.db);
  for (const { name } of rows) await sql.raw(`VACUUM (ANALYZE) ${name}`).execute(database.db);
  return { tables: rows.length, ms: performance.now() - t0 };
}

/**
 * Stands in for autovacuum on the embedded database (docs/architecture.md "Embedded database
 * maintenance"). PGlite runs PostgreSQL in single-user mode: no autovacuum daemon and no activity
 * statistics (pg_stat_user_tables stays at zero). Never vacuumed, a table has no visibility map,
 * so every index-only scan still reads the table's pages (the measurement list's counts: 4–20×
 * slower, docs/measurement-list.md), dead rows of updates and deletes are never reclaimed, and the
 * planner's statistics age (PostgreSQL 16 docs §25.1 "Routine Vacuuming").
 *
 * Every `checkEveryMs` the job reads the WAL position; when `minWalBytes` were written since its
 * last run, or any were and `maxIdleMs` passed, it runs {@link vacuumAnalyzeAll} — unless
 * `busyWalBytes` were written since the previous check (a burst of ingest, which VACUUM would stall
 * on the database's one connection), then at the first calmer check or after `maxDeferMs` (as
 * autovacuum throttles itself to stay out of the way, PostgreSQL 16 docs §20.4.4). The first check
 * comes `firstCheckMs` after start, so a database seeded or migrated before start (never vacuumed)
 * is vacuumed a minute after start-up, once no burst is under way. PostgreSQL (`DATABASE_URL`) has its own autovacuum: no job.
 */
export function startEmbeddedMaintenance(
  database: Database,
  log: MaintenanceLog,
  opts: EmbeddedMaintenanceOptions = {},
): EmbeddedMaintenance {
  const {
    checkEveryMs = 60_000,
    minWalBytes = 16 * 2 ** 20,
    maxIdleMs = 10 * 60_000,
    firstCheckMs = checkEveryMs,
    busyWalBytes = 32 * 2 ** 20,
    maxDeferMs = 10 * 60_000,
  } = opts;
  if (database.kind !== 'pglite') return { runNow: async () => ({ tables: 0, ms: 0 }), stop: async () => {} };

  let stopped = false;
  let running: Promise<{ tables: number; ms: number }> | null = null;
  /** WAL position after the last run; -1: never ran (the first check always runs). */
  let lastWal = -1;
  let lastRunAt = 0;
  /** WAL position at the previous check, and since when a run is due (0: not due). */
  let lastCheckWal = -1;
  let dueSince = 0;
  /** WAL position at start (read once, before the first check). */
  let startWal = 0;
  void walPosition(database)
    .then((w) => (startWal = w))
    .catch(() => {});
  let timer: NodeJS.Timeout | undefined;

  const run = () => {
    running ??= vacuumAnalyzeAll(database)
      .then(async (r) => {
        lastWal = await walPosition(database);
        lastRunAt = Date.now();
        log.info({ tables: r.tables, ms: Math.round(r.ms) }, 'embedded database vacuumed and analysed');
        return r;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const check = async () => {
    if (stopped) return;
    try {
      const wal = await walPosition(database);
      const written = lastWal < 0 ? Infinity : wal - lastWal;
      // the first check has no previous one: the WAL written since start counts
      const busy = wal - (lastCheckWal >= 0 ? lastCheckWal : startWal) >= busyWalBytes;
      lastCheckWal = wal;
      const due = written >= minWalBytes || (written > 0 && Date.now() - lastRunAt >= maxIdleMs);
      if (!due) dueSince = 0;
      else {
        dueSince ||= Date.now();
        // VACUUM holds the embedded database's one connection: not in the middle of a burst
        if (!busy || Date.now() - dueSince >= maxDeferMs) {
          dueSince = 0;
          await run();
        }
      }
    } catch (err) {
      if (!stopped) log.warn({ err }, 'embedded database maintenance failed');
    }
    if (!stopped) timer = setTimeout(() => void check(), checkEveryMs).unref();
  };
  timer = setTimeout(() => void check(), firstCheckMs).unref();

  return {
    runNow: async () => {
      if (running) await running.catch(() => {});
      return run();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
