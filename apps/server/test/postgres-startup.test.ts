import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/infra/db/migrate.ts';
import { postgresMissing, startPostgres, type TestPostgres } from './support/postgres.ts';
import { startTestServer } from './support/test-server.ts';

/**
 * Issue 19 "Safe start-up": instances started at once on an empty PostgreSQL database (Debian's
 * PostgreSQL 15; `npm test` installs it) all start, and the migrations and the demo seed run once,
 * under the database's start-up lock (infra/db/database.ts `withStartupLock`). Without the lock one
 * instance failed on a migration the other was applying, or on the demo's rows.
 */
const missing = postgresMissing();
if (missing) console.warn(`postgres-startup tests skipped: ${missing}`);

let postgres: TestPostgres;
beforeAll(async () => {
  if (!missing) postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

const query = async <R extends object>(url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
};

describe.skipIf(missing)('instances started at once on an empty PostgreSQL database', () => {
  it('three start; each migration is applied once, the demo customers and users exist once', async () => {
    const url = postgres.createDatabase('startup_race');
    const servers = await Promise.allSettled([1, 2, 3].map(() => startTestServer({ databaseUrl: url })));
    try {
      expect(servers.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
        'started',
        'started',
        'started',
      ]);
      const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
      const applied = await query<{ name: string }>(url, 'SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual([...files].sort());
      // the demo's customers once each: no host is served by two customers
      const hosts = await query<{ host: string; n: string }>(
        url,
        'SELECT h AS host, count(*) AS n FROM customers, unnest(hosts) AS h GROUP BY h',
      );
      expect(hosts.length).toBeGreaterThan(0);
      expect(hosts.filter((c) => Number(c.n) !== 1)).toEqual([]);
      const users = await query<{ n: string }>(
        url,
        'SELECT count(*) AS n FROM users GROUP BY customer_id, lower(email) HAVING count(*) > 1',
      );
      expect(users).toEqual([]);
    } finally {
      for (const s of servers) if (s.status === 'fulfilled') await s.value.close();
    }
  });
});
