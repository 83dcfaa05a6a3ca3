import type { Kysely } from 'kysely';
import { BUILT_IN_TELEMETRY } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';

/** The built-in telemetry (defined in the contract: the web app names them too). */
export { BUILT_IN_TELEMETRY };

/**
 * Gives a customer the built-in telemetry definitions it lacks (new customers, and customers created
 * before definitions existed). Idempotent; `defaultName` becomes the default when no definition is.
 */
export async function ensureBuiltInTelemetry(db: Kysely<DB>, customerId: string, defaultName = 'GRMS') {
  const existing = await db
    .selectFrom('telemetry_definitions')
    .select(['name', 'is_default', 'sort_order'])
    .where('customer_id', '=', customerId)
    .execute();
  const have = new Set(existing.map((e) => e.name));
  const hasDefault = existing.some((e) => e.is_default);
  let order = existing.reduce((m, e) => Math.max(m, e.sort_order + 1), 0);
  const rows = BUILT_IN_TELEMETRY.filter((t) => !have.has(t.name)).map((t) => ({
    id: newId(),
    customer_id: customerId,
    name: t.name,
    display_name: t.displayName,
    unit: t.unit,
    built_in: true,
    is_default: !hasDefault && t.name === defaultName,
    sort_order: order++,
  }));
  if (rows.length)
    await db
      .insertInto('telemetry_definitions')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
}
