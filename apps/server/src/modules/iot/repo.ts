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
