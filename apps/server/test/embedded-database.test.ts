/** The embedded database on its own thread (infra/db/pglite-thread.ts) behaves as PGlite in-process did. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/infra/db/database.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  await database.execScript(
    'CREATE TABLE t (id int PRIMARY KEY, b bytea, at timestamptz NOT NULL DEFAULT now(), j jsonb, n bigint)',
  );
});
afterAll(() => database?.close());

describe('embedded database thread', () => {
  it('round-trips bytea (every byte value), timestamps, JSON and counts', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff);
    await sql`INSERT INTO t (id, b, j, n) VALUES (1, ${bytes}, ${JSON.stringify({ a: [1, 'x'] })}::jsonb, 42)`.execute(
      database.db,
    );
    const row = (
      await sql<{ b: Uint8Array; at: Date; j: unknown; n: unknown }>`SELECT b, at, j, n FROM t WHERE id = 1`.execute(database.db)
    ).rows[0];
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(row.b).equals(Buffer.from(bytes))).toBe(true);
    expect(row.at).toBeInstanceOf(Date);
    expect(Math.abs(row.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row.j).toEqual({ a: [1, 'x'] });
    expect(Number(row.n)).toBe(42);
  });

  it('rebuilds database errors with their code and constraint (callers map 23505 to 409)', async () => {
    const err = await sql`INSERT INTO t (id) VALUES (1)`.execute(database.db).then(
      () => null,
      (e: unknown) => e as Error & { code?: string; constraint?: string },
    );
    expect(err).toBeInstanceOf(Error);
    expect(err!.code).toBe('23505');
    expect(err!.constraint).toBe('t_pkey');
    expect(err!.message).toMatch(/duplicate key/);
  });

  it('keeps a transaction apart from concurrent queries and rolls it back on error', async () => {
    const inTrx = database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (id) VALUES (2)`.execute(trx);
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('abort');
    });
    const outside = sql<{ c: number }>`SELECT count(*)::int AS c FROM t`.execute(database.db); // waits for the transaction
    await expect(inTrx).rejects.toThrow('abort');
    expect((await outside).rows[0].c).toBe(1);
  });

  it('dumps the data directory (test templates)', async () => {
    const blob = await database.dump!();
    expect(blob.size).toBeGreaterThan(100_000);
  });
});
