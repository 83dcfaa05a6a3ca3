import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { startPGliteThread } from './pglite-thread.ts';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations). */
  execScript(sqlText: string): Promise<void>;
  /** PGlite only: a tarball of the data directory (test templates). */
  dump?(): Promise<Blob>;
  /** PGlite only: whether the database's thread keeps the process running (default true). */
  keepProcessAlive?(alive: boolean): void;
  /**
   * Runs `fn` (migrations, seeds) while holding the database's start-up lock: server instances
   * started at once on one PostgreSQL database take turns, so each migration and seed runs once and
   * none fails on another's half-made objects (issue 19 "Safe start-up"). PostgreSQL: a session
   * advisory lock (PostgreSQL 15 docs §13.3.5, `pg_advisory_lock`) held on a connection of its own
   * while `fn` uses the others; it is released with that session, so an instance that dies holding
   * it frees it. PGlite: one process owns its data directory (infra/data-dir-lock.ts), `fn` runs as is.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /**
   * PostgreSQL: connections kept at most (default 10). At least 2: the start-up lock holds one
   * while the migrations use another.
   */
  poolSize?: number;
  /** PGlite data directory; `null` keeps the database in memory. */
  dataDir: string | null;
  /** PGlite: start from a dumped data directory (see `dump`). */
  loadDataDir?: Blob;
}

/** The advisory lock key of start-up (migrations and seeds): "Overtone" in ASCII, any fixed bigint would do. */
const STARTUP_LOCK_KEY = '5725875518502301285';

/** Opens PostgreSQL (`databaseUrl`) or the embedded PGlite database. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // int8 (counts) as numbers: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Math.max(2, opts.poolSize ?? 10) });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      execScript: async (s) => void (await pool.query(s)),
      async withStartupLock(fn) {
        const holder = await pool.connect();
        try {
          await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await holder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          holder.release();
        }
      },
      close: () => db.destroy(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const pgl = await startPGliteThread({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pgl) });
  return {
    db,
    kind: 'pglite',
    execScript: async (s) => void (await pgl.exec(s)),
    dump: () => pgl.dumpDataDir(),
    keepProcessAlive: (alive) => pgl.keepProcessAlive?.(alive),
    withStartupLock: (fn) => fn(),
    close: () => db.destroy(),
  };
}
