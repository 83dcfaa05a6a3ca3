import type { Kysely } from 'kysely';
import type { DB } from '../../src/infra/db/schema.ts';

/**
 * The database with every statement counted (a Kysely plugin: nothing is replaced), for tests that
 * say how many round trips a step costs.
 * @returns the counting database and its counter (`seen.statements`)
 */
export function countedDb(db: Kysely<DB>) {
  const seen = { statements: 0 };
  const counting: Kysely<DB> = db.withPlugin({
    transformQuery: (a) => {
      seen.statements++;
      return a.node;
    },
    transformResult: async (a) => a.result,
  });
  return { db: counting, seen };
}
