import { sql, type Kysely } from 'kysely';
import { customerPreferences, type PreferencesBody } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** The customer record as `GET /customer/{host}` answers it (`customer` of the contract). */
export async function customerRecord(db: Kysely<DB>, customerId: string) {
  const c = await db
    .selectFrom('customers')
    .select(['id', 'name', 'preferences'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { _id: c.id, name: c.name, preferences: customerPreferences.parse(c.preferences) };
}

/**
 * Replaces the customer's preferences with `next`, keeping the stored logo: the logo is taken from
 * the stored row in the same statement, so a concurrent upload is not lost.
 * @param db a transaction or the database
 */
export async function replacePreferencesKeepingLogo(db: Kysely<DB>, customerId: string, next: PreferencesBody) {
  await db
    .updateTable('customers')
    .set({
      preferences: sql`${JSON.stringify(next)}::jsonb || jsonb_build_object('logo', coalesce(preferences->'logo', 'null'::jsonb))`,
    })
    .where('id', '=', customerId)
    .execute();
}

/** The hosts the customer is served on (the first names it in URLs). */
export async function customerHosts(db: Kysely<DB>, customerId: string): Promise<string[]> {
  return (await db.selectFrom('customers').select('hosts').where('id', '=', customerId).executeTakeFirstOrThrow()).hosts;
}

/** Sets `preferences.logo` alone (the logo's URL, or null without a logo). */
export async function setLogoUrl(db: Kysely<DB>, customerId: string, url: string | null) {
  await db
    .updateTable('customers')
    .set({ preferences: sql`jsonb_set(preferences, '{logo}', ${JSON.stringify(url)}::jsonb)` })
    .where('id', '=', customerId)
    .execute();
}
