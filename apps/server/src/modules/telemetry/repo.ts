import { sql, type Kysely } from 'kysely';
import { customerPreferences, type TelemetryDefinition } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { ensureBuiltInTelemetry } from './built-in.ts';

/** The contract shape of a stored definition. */
export const toDefinition = (t: {
  id: string;
  name: string;
  display_name: string;
  unit: string;
  hidden: boolean;
  min_value: number | null;
  max_value: number | null;
  is_default: boolean;
  built_in: boolean;
  sort_order: number;
}): TelemetryDefinition => ({
  _id: t.id,
  name: t.name,
  displayName: t.display_name,
  unit: t.unit,
  hidden: t.hidden,
  minValue: t.min_value,
  maxValue: t.max_value,
  isDefault: t.is_default,
  builtIn: t.built_in,
  order: t.sort_order,
});

/**
 * The customer's telemetry definitions in display order. A customer without any (created before
 * definitions existed, or by a path that did not seed them) first gets the built-in ones, with its
 * `preferences.defaultTelemetry` as the default.
 */
export async function listDefinitions(db: Kysely<DB>, customerId: string): Promise<TelemetryDefinition[]> {
  const select = () =>
    db
      .selectFrom('telemetry_definitions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('sort_order')
      .orderBy('name')
      .execute();
  let rows = await select();
  if (!rows.length) {
    await ensureDefinitions(db, customerId);
    rows = await select();
  }
  return rows.map(toDefinition);
}

/** Seeds the built-in definitions the customer lacks (idempotent), defaulting to its preferred default telemetry. */
export async function ensureDefinitions(db: Kysely<DB>, customerId: string) {
  const c = await db.selectFrom('customers').select('preferences').where('id', '=', customerId).executeTakeFirstOrThrow();
  const parsed = customerPreferences.shape.defaultTelemetry.safeParse(
    (c.preferences as { defaultTelemetry?: unknown }).defaultTelemetry,
  );
  await ensureBuiltInTelemetry(db, customerId, parsed.success ? parsed.data : 'GRMS');
}

/** One definition of the customer, or undefined (another customer's is not found). */
export async function findDefinition(db: Kysely<DB>, customerId: string, id: string) {
  return db
    .selectFrom('telemetry_definitions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Makes the definition named `name` the customer's default telemetry: clears the previous default
 * and writes `preferences.defaultTelemetry`. Call inside a transaction so both change together.
 * @throws AppError TELEMETRY_NOT_FOUND (param `param`) when the customer has no such definition
 */
export async function setDefaultTelemetry(db: Kysely<DB>, customerId: string, name: string, param = 'defaultTelemetry') {
  const target = await db
    .selectFrom('telemetry_definitions')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!target) throw new AppError('TELEMETRY_NOT_FOUND', param);
  // Clear first: a unique index allows one default per customer.
  await db
    .updateTable('telemetry_definitions')
    .set({ is_default: false })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', true)
    .where('id', '<>', target.id)
    .execute();
  await db.updateTable('telemetry_definitions').set({ is_default: true }).where('id', '=', target.id).execute();
  await db
    .updateTable('customers')
    .set({ preferences: sql`jsonb_set(preferences, '{defaultTelemetry}', to_jsonb(${name}::text))` })
    .where('id', '=', customerId)
    .execute();
}
