import type { Kysely } from 'kysely';
import { DEFAULT_DUCK_CONFIG, duckConfigObject, duckGroupCode, type DuckConfig, type DuckItem } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';
import { macOfKind } from '../devices/mac-kind-sql.ts';

/** A stored config, or the default when it does not parse (older rows, hand edits). */
export function storedConfig(json: unknown): DuckConfig {
  const r = duckConfigObject.safeParse(json);
  return r.success ? r.data : DEFAULT_DUCK_CONFIG;
}

/**
 * Gives every Duck the customer's registry knows (gateways or devices with the Duck prefix: a Duck
 * is its own gateway, protocol §10.1) a `ducks` row with the default configuration. Idempotent.
 */
export async function syncDucks(db: Kysely<DB>, customerId: string): Promise<void> {
  const like = macOfKind('mac', 'DUCK');
  const [gws, devs, known] = await Promise.all([
    db.selectFrom('gateways').select('mac').where('customer_id', '=', customerId).where(like).execute(),
    db.selectFrom('devices').select('mac').where('customer_id', '=', customerId).where(like).execute(),
    db.selectFrom('ducks').select('mac').where('customer_id', '=', customerId).execute(),
  ]);
  const have = new Set(known.map((k) => k.mac));
  const missing = [...new Set([...gws, ...devs].map((r) => r.mac.toUpperCase()))].filter((m) => !have.has(m));
  if (missing.length)
    await db
      .insertInto('ducks')
      .values(missing.map((mac) => ({ id: newId(), customer_id: customerId, mac, config: JSON.stringify(DEFAULT_DUCK_CONFIG) })))
      .onConflict((oc) => oc.column('mac').doNothing())
      .execute();
}

type DuckRow = { id: string; mac: string; config: unknown; repeat_interval_s: number | null; trigger_id: string | null };

const toItem = (d: DuckRow, lastSeen: Date | null | undefined): DuckItem => ({
  _id: d.id,
  deviceId: d.id,
  macAddress: d.mac,
  trigger: d.trigger_id,
  config: storedConfig(d.config),
  repeatInterval: d.repeat_interval_s,
  connectionDate: lastSeen?.toISOString() ?? null,
});

/** The customer's Ducks by MAC, with the time each was last heard as a gateway. */
export async function listDucks(db: Kysely<DB>, customerId: string): Promise<DuckItem[]> {
  await syncDucks(db, customerId);
  const rows = await db
    .selectFrom('ducks as d')
    .leftJoin('gateways as g', (j) => j.onRef('g.mac', '=', 'd.mac').on('g.customer_id', '=', customerId))
    .select(['d.id', 'd.mac', 'd.config', 'd.repeat_interval_s', 'd.trigger_id', 'g.last_seen_at'])
    .where('d.customer_id', '=', customerId)
    .orderBy('d.mac')
    .execute();
  return rows.map((r) => toItem(r, r.last_seen_at));
}

/**
 * One Duck of the customer by id or MAC (any case); another customer's answers undefined, as an
 * unknown one does.
 */
export async function findDuck(db: Kysely<DB>, customerId: string, idOrMac: string) {
  await syncDucks(db, customerId);
  return db
    .selectFrom('ducks')
    .select(['id', 'mac', 'config', 'repeat_interval_s', 'trigger_id'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('id', '=', idOrMac), eb('mac', '=', idOrMac.toUpperCase())]))
    .executeTakeFirst();
}

export async function duckItem(db: Kysely<DB>, customerId: string, row: DuckRow): Promise<DuckItem> {
  const gw = await db
    .selectFrom('gateways')
    .select('last_seen_at')
    .where('mac', '=', row.mac)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return toItem(row, gw?.last_seen_at);
}

/** Stores a validated config; each sensor's groupCode is recomputed from its channels (spec 002 §4). */
export async function saveConfig(db: Kysely<DB>, customerId: string, id: string, config: DuckConfig) {
  const normalized: DuckConfig = {
    ...config,
    sensors: config.sensors.map((s) => ({ ...s, groupCode: duckGroupCode(s.channels) })),
  };
  return db
    .updateTable('ducks')
    .set({ config: JSON.stringify(normalized), updated_at: new Date() })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .returning(['id', 'mac', 'config', 'repeat_interval_s', 'trigger_id'])
    .executeTakeFirstOrThrow();
}

export async function setPeriod(db: Kysely<DB>, customerId: string, id: string, seconds: number | null) {
  await db
    .updateTable('ducks')
    .set({ repeat_interval_s: seconds, updated_at: new Date() })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .execute();
}

/** Assigns a Duck of the customer to a trigger device (its events make the Duck measure). */
export async function setDuckTrigger(db: Kysely<DB>, customerId: string, duckId: string, triggerId: string) {
  return db
    .updateTable('ducks')
    .set({ trigger_id: triggerId, updated_at: new Date() })
    .where('id', '=', duckId)
    .where('customer_id', '=', customerId)
    .returning(['id', 'mac', 'config', 'repeat_interval_s', 'trigger_id'])
    .executeTakeFirstOrThrow();
}

/**
 * Unassigns a Duck of the customer from a trigger, only if that trigger is its own (one assigned to
 * another trigger is left as it is).
 * @returns the Duck's row, or undefined when nothing changed
 */
export async function clearDuckTrigger(db: Kysely<DB>, customerId: string, duckId: string, triggerId: string) {
  return db
    .updateTable('ducks')
    .set({ trigger_id: null, updated_at: new Date() })
    .where('id', '=', duckId)
    .where('customer_id', '=', customerId)
    .where('trigger_id', '=', triggerId)
    .returning(['id', 'mac', 'config', 'repeat_interval_s', 'trigger_id'])
    .executeTakeFirst();
}
