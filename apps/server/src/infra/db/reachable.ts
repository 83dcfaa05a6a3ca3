import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Whether the database answers a trivial query (`SELECT 1`): the readiness probe's check. */
export async function databaseReachable(db: Kysely<DB>): Promise<boolean> {
  return sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
}
