import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** The customer's measurement tags, most used first (ties by name), at most `limit`. */
export async function measurementTags(db: Kysely<DB>, customerId: string, limit = 200) {
  const rows = await sql<{ tag: string; count: string | number }>`
    SELECT t.tag, count(*) AS count
    FROM measurements m CROSS JOIN LATERAL unnest(m.tags) AS t(tag)
    WHERE m.customer_id = ${customerId} AND cardinality(m.tags) > 0
    GROUP BY t.tag ORDER BY count(*) DESC, t.tag LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
