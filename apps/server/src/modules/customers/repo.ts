import type { Kysely } from 'kysely';
import { customerPreferences, DEFAULT_PASSWORD_POLICY, type CustomerPreferences } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { normalizeHost } from './hosts.ts';

export { normalizeHost } from './hosts.ts';

/** The customer (tenant) a request is served for: resolved from its host (customers/tenant.ts). */
export interface Tenant {
  id: string;
  name: string;
  hosts: string[];
  preferences: CustomerPreferences;
}

/**
 * Stored preferences parsed with the contract (fields added later get their defaults). A row that
 * does not parse at all falls back to the defaults rather than locking the customer out.
 */
export function parsePreferences(stored: unknown): CustomerPreferences {
  const parsed = customerPreferences.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  if (parsed.success) return parsed.data;
  return customerPreferences.parse({ passwordPolicy: DEFAULT_PASSWORD_POLICY, localization: {} });
}

/** The enabled customer that serves `host` (any case, with or without port), or undefined. */
export async function findCustomerByHost(db: Kysely<DB>, host: string): Promise<Tenant | undefined> {
  const h = normalizeHost(host);
  if (!h) return undefined;
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'hosts', 'preferences'])
    .where((eb) => eb(eb.val(h), '=', eb.fn.any('hosts')))
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, hosts: row.hosts, preferences: parsePreferences(row.preferences) };
}
