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

/** Whether the customer has a definition of this name. */
export async function definitionNameTaken(db: Kysely<DB>, customerId: string, name: string): Promise<boolean> {
  const t = await db
    .selectFrom('telemetry_definitions')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('name', '=', name)
    .executeTakeFirst();
  return t !== undefined;
}

/** The sort order after the customer's last definition. */
export async function nextDefinitionOrder(db: Kysely<DB>, customerId: string): Promise<number> {
  const last = await db
    .selectFrom('telemetry_definitions')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return (last?.max ?? -1) + 1;
}

/** Inserts a definition the customer created (not built in, not the default: `setDefaultTelemetry` makes it so). */
export async function insertDefinition(
  db: Kysely<DB>,
  d: {
    id: string;
    customerId: string;
    sortOrder: number;
    body: { name: string; displayName: string; unit: string; hidden: boolean; minValue: number | null; maxValue: number | null };
  },
) {
  const b = d.body;
  await db
    .insertInto('telemetry_definitions')
    .values({
      id: d.id,
      customer_id: d.customerId,
      name: b.name,
      display_name: b.displayName,
      unit: b.unit,
      hidden: b.hidden,
      min_value: b.minValue,
      max_value: b.maxValue,
      built_in: false,
      is_default: false,
      sort_order: d.sortOrder,
    })
    .execute();
}

/** The ids of the customer's definitions. */
export async function definitionIds(db: Kysely<DB>, customerId: string): Promise<string[]> {
  return (await db.selectFrom('telemetry_definitions').select('id').where('customer_id', '=', customerId).execute()).map(
    (r) => r.id,
  );
}

/** Sets the sort order of the customer's definitions to their position in `ids`. */
export async function applyDefinitionOrder(db: Kysely<DB>, customerId: string, ids: readonly string[]) {
  await sql`UPDATE telemetry_definitions t SET sort_order = v.ord - 1
    FROM unnest(${[...ids]}::text[]) WITH ORDINALITY AS v(id, ord)
    WHERE t.id = v.id AND t.customer_id = ${customerId}`.execute(db);
}

/** Replaces a definition's display name, unit, hidden flag and bounds. */
export async function updateDefinitionRow(
  db: Kysely<DB>,
  customerId: string,
  id: string,
  b: { displayName: string; unit: string; hidden: boolean; minValue: number | null; maxValue: number | null },
) {
  await db
    .updateTable('telemetry_definitions')
    .set({ display_name: b.displayName, unit: b.unit, hidden: b.hidden, min_value: b.minValue, max_value: b.maxValue })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .execute();
}

/** Deletes a definition of the customer. */
export async function deleteDefinitionRow(db: Kysely<DB>, customerId: string, id: string) {
  await db.deleteFrom('telemetry_definitions').where('id', '=', id).where('customer_id', '=', customerId).execute();
}
