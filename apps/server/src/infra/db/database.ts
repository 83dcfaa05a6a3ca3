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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** PGlite data directory; `null` keeps the database in memory. */
  dataDir: string | null;
  /** PGlite: start from a dumped data directory (see `dump`). */
  loadDataDir?: Blob;
}

/** Opens PostgreSQL (`databaseUrl`) or the embedded PGlite database. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // int8 (counts) as numbers: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      execScript: async (s) => void (await pool.query(s)),
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
    close: () => db.destroy(),
  };
}
