import { sql, type Kysely, type Selectable } from 'kysely';
import type { Bearing, CustomBearingBody } from '@overtone/contract';
import type { BearingsTable, DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';
import { isUniqueViolation } from '../../infra/db/pg-errors.ts';

import { BEARING_LIST_LIMIT } from '@overtone/contract';

export { BEARING_LIST_LIMIT };

/** The contract shape of a stored bearing. */
export const toBearing = (b: Selectable<BearingsTable>): Bearing => ({
  _id: b.id,
  bearing_number: b.bearing_number,
  brand: b.brand,
  bpfo: b.bpfo,
  bpfi: b.bpfi,
  bsf: b.bsf,
  ftf: b.ftf,
  ftfi: b.ftfi,
  group: b.group,
  type: b.type,
});

/** Bearings a customer can see: the shared catalogue (customer_id NULL) and its own custom ones. */
const visibleTo = (db: Kysely<DB>, customerId: string) =>
  db
    .selectFrom('bearings')
    .selectAll()
    .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)]));

/** `LIKE` pattern of a literal prefix (`%`, `_` and `\` matched as themselves). */
const prefixPattern = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

/**
 * The catalogue and the customer's custom bearings, filtered by brand (exact, case-insensitive) and
 * by bearing-number prefix (case-insensitive), sorted by brand, number, then DEFAULT before CUSTOM (type descending);
 * at most `limit` rows.
 */
export async function listBearings(
  db: Kysely<DB>,
  customerId: string,
  filter: { brand?: string; bearing_number?: string },
  limit = BEARING_LIST_LIMIT,
): Promise<Bearing[]> {
  let q = visibleTo(db, customerId);
  const brand = filter.brand?.trim();
  const number = filter.bearing_number?.trim();
  if (brand) q = q.where(sql<string>`upper(brand)`, '=', brand.toUpperCase());
  if (number) q = q.where(sql<string>`upper(bearing_number)`, 'like', prefixPattern(number.toUpperCase()));
  const rows = await q.orderBy('brand').orderBy('bearing_number').orderBy('type', 'desc').limit(limit).execute();
  return rows.map(toBearing);
}

/**
 * A bearing the customer may use: a catalogue bearing or one of its own custom ones; null for an
 * unknown id and for another customer's custom bearing (answer 404 BEARING_NOT_FOUND).
 */
export async function findBearing(db: Kysely<DB>, customerId: string, id: string): Promise<Bearing | null> {
  const row = await visibleTo(db, customerId).where('id', '=', id).executeTakeFirst();
  return row ? toBearing(row) : null;
}

/** The visible bearing with this brand and number (case-insensitive): the catalogue's first, then the customer's. */
async function findByNumber(db: Kysely<DB>, customerId: string, brand: string, number: string) {
  const row = await visibleTo(db, customerId)
    .where(sql<string>`upper(brand)`, '=', brand.toUpperCase())
    .where(sql<string>`upper(bearing_number)`, '=', number.toUpperCase())
    .orderBy('type', 'desc')
    .executeTakeFirst();
  return row ? toBearing(row) : null;
}

/**
 * Saves a free-typed bearing of the point form as the customer's CUSTOM bearing, keyed by brand and
 * number (case-insensitive):
 * - new: created with the given multipliers (zero when not given, spec 000 §3);
 * - the customer's custom bearing of that name: its multipliers are replaced by the given ones;
 * - a catalogue bearing of that name: answered unchanged (DEFAULT values are read-only, spec 000 §5).
 * Brand and number are stored trimmed, brand upper-cased (the catalogue's brands are upper case).
 */
export async function saveCustomBearing(db: Kysely<DB>, customerId: string, body: CustomBearingBody): Promise<Bearing> {
  const brand = body.brand.trim().toUpperCase();
  const number = body.bearing_number.trim();
  const values = { bpfo: body.bpfo, bpfi: body.bpfi, bsf: body.bsf, ftf: body.ftf, ftfi: body.ftfi };
  for (let attempt = 0; ; attempt++) {
    const existing = await findByNumber(db, customerId, brand, number);
    if (existing?.type === 'DEFAULT') return existing;
    if (existing) {
      const row = await db
        .updateTable('bearings')
        .set(values)
        .where('id', '=', existing._id)
        .where('customer_id', '=', customerId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBearing(row);
    }
    try {
      const row = await db
        .insertInto('bearings')
        .values({ id: newId(), customer_id: customerId, brand, bearing_number: number, type: 'CUSTOM', group: '', ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBearing(row);
    } catch (e) {
      // A concurrent save of the same name won the insert: update that one instead (once).
      if (!isUniqueViolation(e) || attempt > 0) throw e;
    }
  }
}
