import type { RunningServer } from '../../src/server.ts';
import { createSession } from '../../src/modules/auth/session.ts';

/**
 * A session token of the demo admin (admin@demo.local) made straight in the database: the HTTP
 * hardening tests test headers, limits and bad input, not the login (tested in auth.test.ts).
 */
export async function adminToken(server: RunningServer): Promise<string> {
  const u = await server.ctx.db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', 'admin@demo.local')
    .executeTakeFirstOrThrow();
  return createSession(server.ctx.db, u.id, u.customer_id, 1);
}
