import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../../migrations');

/**
 * Applies the plain-SQL migrations of `apps/server/migrations` in file-name order, each once,
 * recording them in `schema_migrations`. Each file runs in its own transaction.
 * @returns names of the files applied by this call
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(database.db)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const escaped = file.replace(/'/g, "''");
    await database.execScript(`BEGIN;\n${text}\nINSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}
