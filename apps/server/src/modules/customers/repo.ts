import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** Host names are matched case-insensitively and without a port. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '');

export async function findCustomerByHost(db: Kysely<DB>, host: string) {
  const h = normalizeHost(host);
  return db
    .selectFrom('customers')
    .selectAll()
    .where((eb) => eb(eb.val(h), '=', eb.fn.any('hosts')))
    .executeTakeFirst();
}
