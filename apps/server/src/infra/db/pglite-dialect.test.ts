import { describe, expect, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from './pglite-dialect.ts';
import type { PGliteLike } from './pglite-thread.ts';
import { ordinaryDb, urgentDb } from './priority.ts';

/** A stand-in database that records the statements it serves, each taking a few milliseconds. */
function recordingDb() {
  const served: string[] = [];
  const pg: PGliteLike = {
    async query<R>(text: string) {
      await new Promise((r) => setTimeout(r, 3));
      served.push(text);
      return { rows: [] as R[] };
    },
    exec: async () => {},
    dumpDataDir: async () => new Blob([]),
    close: async () => {},
    closed: false,
  };
  return { db: new Kysely<unknown>({ dialect: new PGliteDialect(pg) }), served };
}

describe('PGliteDialect connection order', () => {
  it('serves urgent work before queued ordinary work, each in arrival order; a transaction is never interleaved', async () => {
    const { db, served } = recordingDb();
    const q = (name: string) => sql.raw(`select '${name}'`).execute(db);
    const all = [
      q('ordinary-1'), // takes the free connection
      db.transaction().execute(async (trx) => {
        await sql.raw(`select 'trx-a'`).execute(trx);
        await sql.raw(`select 'trx-b'`).execute(trx);
      }),
      q('ordinary-2'),
      urgentDb(() => q('urgent-1')),
      urgentDb(() => ordinaryDb(() => q('ordinary-3'))),
      urgentDb(() => q('urgent-2')),
    ];
    await Promise.all(all);
    expect(served.map((s) => s.replace(/^select '(.*)'$/, '$1'))).toEqual([
      'ordinary-1',
      'urgent-1',
      'urgent-2',
      'begin',
      'trx-a',
      'trx-b',
      'commit',
      'ordinary-2',
      'ordinary-3',
    ]);
  });
});
