import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres, type TestPostgres } from './support/postgres.ts';
import { startTestServer } from './support/test-server.ts';

/**
 * Two instances finalizing measurements of one point at once must not deadlock (migration 0033).
 * Each writer's measurement and telemetry rows take FOR KEY SHARE on the point's `tree_nodes` row
 * (their foreign keys); the point's last values are then refreshed under a row lock. With FOR UPDATE
 * there, two writers each waited for the other's KEY SHARE: PostgreSQL aborted one ("deadlock
 * detected", seen in scale-out.test.ts). Here the two transactions are interleaved by hand on
 * Debian's PostgreSQL, in the order that deadlocked.
 */
const missing = postgresMissing();
if (missing) console.warn(`postgres-point-locks tests skipped: ${missing}`);

let postgres: TestPostgres;
let url: string;
beforeAll(async () => {
  if (missing) return;
  postgres = await startPostgres();
  url = postgres.createDatabase('point_locks');
  const server = await startTestServer({ databaseUrl: url }); // migrated, the demo seeded
  await server.close();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

describe.skipIf(missing)('refreshing a point’s last values while another writer holds its key share', () => {
  it('waits for the other writer instead of deadlocking, and both commit', async () => {
    const [t1, t2] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([t1.connect(), t2.connect()]);
    try {
      const point = (
        await t1.query<{ id: string; customer_id: string }>(
          "SELECT id, customer_id FROM tree_nodes WHERE node_type = 'point' ORDER BY id LIMIT 1",
        )
      ).rows[0]!;
      const insert = (c: pg.Client, id: string) =>
        c.query(
          `INSERT INTO measurements (id, object_id, customer_id, point_id, device_mac, measurement_type, state,
                                     range_index, rate_index, sample_size)
           VALUES ($1, $1, $2, $3, 'CA:B8:31:99:99:99', 'MANUAL', 'requested', 2, 9, 100)`,
          [id, point.customer_id, point.id],
        );
      await t1.query('BEGIN');
      await t2.query('BEGIN');
      await insert(t1, 'a'.repeat(24)); // FOR KEY SHARE on the point (the foreign key)
      await insert(t2, 'b'.repeat(24)); // the same, by the other writer
      const first = t1.query('SELECT tree_refresh_last_values($1)', [point.id]);
      await new Promise((r) => setTimeout(r, 200));
      const second = t2.query('SELECT tree_refresh_last_values($1)', [point.id]);
      // PostgreSQL looks for deadlocks after deadlock_timeout (1 s): give it the time to find one
      await new Promise((r) => setTimeout(r, 1500));
      const outcomes = await Promise.race([
        first.then(
          () => 'refreshed',
          (e: Error) => e.message,
        ),
        new Promise((r) => setTimeout(() => r('still waiting'), 3000)),
      ]);
      expect(outcomes).toBe('refreshed');
      await t1.query('COMMIT');
      await expect(second.then(() => 'refreshed')).resolves.toBe('refreshed');
      await t2.query('COMMIT');
      const rows = await t1.query('SELECT id FROM measurements WHERE id IN ($1, $2)', ['a'.repeat(24), 'b'.repeat(24)]);
      expect(rows.rowCount).toBe(2);
    } finally {
      await Promise.allSettled([t1.end(), t2.end()]);
    }
  });
});
