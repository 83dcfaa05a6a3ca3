import path from 'node:path';
import { loadConfig } from '../infra/config.ts';
import { openDatabase, type Database } from '../infra/db/database.ts';
import { migrate } from '../infra/db/migrate.ts';
import { DataDirLockedError, lockDataDir } from '../infra/data-dir-lock.ts';

/** A refusal the CLI prints as it is (no stack) and exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * Opens the server's database as the server would (DATABASE_URL, else the PGlite database in
 * DATA_DIR/db) and applies pending migrations. PGlite is single-process: when a running server holds
 * DATA_DIR, this refuses with a message saying so (exit code 2) instead of corrupting the database.
 */
export async function openServerDatabase(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ database: Database; where: string; close(): Promise<void> }> {
  const config = loadConfig(env);
  let unlock = () => {};
  const dbDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir, 'the tenant command');
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      throw new CliError(
        [
          `The embedded database in ${dbDir} is in use by ${e.holder.holder} (pid ${e.holder.pid}${e.holder.hostname ? ` on ${e.holder.hostname}` : ''}).`,
          'PGlite can be opened by one process at a time, so this command cannot run while the server does.',
          'Stop the server (Ctrl+C), run the command again, then start the server again.',
          'With DATABASE_URL (PostgreSQL) the server and this command can run at the same time.',
        ].join('\n'),
        2,
      );
    }
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : dbDir });
    await migrate(database);
  } catch (e) {
    unlock();
    const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${dbDir}`;
    throw new CliError(`Could not open ${where}: ${(e as Error).message}`);
  }
  return {
    database,
    where: config.databaseUrl ? 'DATABASE_URL' : dbDir,
    close: async () => {
      await database.close();
      unlock();
    },
  };
}
