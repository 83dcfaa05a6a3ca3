import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** Does this customer own the gateway and the device? (tenant check for live topics and commands) */
export async function ownsGatewayAndDevice(db: Kysely<DB>, customerId: string, gatewayMac: string, deviceMac: string) {
  const [gw, dev] = await Promise.all([
    db.selectFrom('gateways').select('id').where('mac', '=', gatewayMac).where('customer_id', '=', customerId).executeTakeFirst(),
    db.selectFrom('devices').select('id').where('mac', '=', deviceMac).where('customer_id', '=', customerId).executeTakeFirst(),
  ]);
  return Boolean(gw && dev);
}

/** Latest scans of a device by the customer's gateways, newest first. */
export async function scansOfDevice(db: Kysely<DB>, customerId: string, deviceMac: string) {
  return db
    .selectFrom('device_scans as s')
    .innerJoin('gateways as g', 'g.mac', 's.gateway_mac')
    .select(['s.gateway_mac', 's.device_mac', 's.rssi', 's.status', 's.scanned_at'])
    .where('s.device_mac', '=', deviceMac)
    .where('g.customer_id', '=', customerId)
    .orderBy('s.scanned_at', 'desc')
    .execute();
}

/**
 * Notes that these gateways' MQTT connections were (or are about to be) dropped; an earlier note
 * not yet taken is kept. MACs upper case; unknown ones are ignored.
 */
export async function markConnectionDropped(db: Kysely<DB>, gatewayMacs: readonly string[], at: Date): Promise<void> {
  if (!gatewayMacs.length) return;
  await db
    .updateTable('gateways')
    .set({ connection_dropped_at: at })
    .where('mac', 'in', [...gatewayMacs])
    .where('connection_dropped_at', 'is', null)
    .execute();
}

/**
 * Takes the note of {@link markConnectionDropped}: clears it and returns it, atomically, so of
 * several instances receiving the gateway's messages only one acts on it.
 * @returns when the connection was dropped, or null when nothing was noted
 */
export async function takeConnectionDropped(db: Kysely<DB>, gatewayMac: string): Promise<Date | null> {
  const row = await db
    .updateTable('gateways as g')
    .from(
      db
        .selectFrom('gateways')
        .select(['id', 'connection_dropped_at as dropped_at'])
        .where('mac', '=', gatewayMac)
        .where('connection_dropped_at', 'is not', null)
        .forUpdate()
        .as('old'),
    )
    .set({ connection_dropped_at: null })
    .whereRef('g.id', '=', 'old.id')
    .returning('old.dropped_at')
    .executeTakeFirst();
  return row?.dropped_at ?? null;
}

/**
 * The measure commands to a gateway still unanswered (state `requested`, no `accepted`, no chunk)
 * and created at or after `since`; a Duck's measurements (own command format) excluded.
 */
export async function unansweredCommands(db: Kysely<DB>, gatewayMac: string, since: Date) {
  return db
    .selectFrom('measurements as m')
    .innerJoin('gateways as g', (j) => j.onRef('g.mac', '=', 'm.gateway_mac').onRef('g.customer_id', '=', 'm.customer_id'))
    .select(['m.id', 'm.object_id', 'm.device_mac', 'm.range_index', 'm.rate_index', 'm.sample_size', 'g.root'])
    .where('m.gateway_mac', '=', gatewayMac)
    .where('m.state', '=', 'requested')
    .where('m.duck_config', 'is', null)
    .where('m.created_at', '>=', since)
    .orderBy('m.created_at')
    .execute();
}
