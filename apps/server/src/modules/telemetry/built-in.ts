import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';

/**
 * The telemetry Overtone computes for every measurement (packages/dsp `computeTelemetry`, defined in
 * docs/dsp.md), in their default display order. Display names are the field's standard terms; a
 * customer may rename, bound, hide and reorder them, but not delete them.
 */
export const BUILT_IN_TELEMETRY = [
  { name: 'GRMS', displayName: 'GRMS', unit: 'g' },
  { name: 'VRMS', displayName: 'VRMS', unit: 'mm/s' },
  { name: 'VRMS_ISO10816', displayName: 'VRMS ISO 10816', unit: 'mm/s' },
  { name: 'PEAK', displayName: 'Peak', unit: 'g' },
  { name: 'PEAK_TO_PEAK', displayName: 'Peak to peak', unit: 'g' },
  { name: 'CREST', displayName: 'Crest factor', unit: '-' },
  { name: 'CREST_STAR', displayName: 'Crest factor*', unit: '-' },
  { name: 'KURTOSIS', displayName: 'Kurtosis', unit: '-' },
  { name: 'SKEWNESS', displayName: 'Skewness', unit: '-' },
  { name: 'CLEARANCE', displayName: 'Clearance factor', unit: '-' },
  { name: 'SHAPE_FACTOR', displayName: 'Shape factor', unit: '-' },
  { name: 'AUTO_CORRELATION', displayName: 'Autocorrelation', unit: '-' },
] as const;

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
