import { sql, type Kysely } from 'kysely';
import { deviceKindOf, type GatewayItem } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/**
 * A gateway counts as connected when it was heard within this window. `gateways.last_seen_at` is
 * set by every `scanDevice` report (jobs/ingest/scan.ts), which gateways send about every 60 s, so
 * three missed reports mean disconnected.
 */
export const CONNECTED_WITHIN_MS = 3 * 60 * 1000;
/** Gateways answered without paging (spec: "GET /gateway" lists them all). */
export const GATEWAY_LIST_MAX = 1000;

/**
 * A page of the customer's gateways by MAC address, with their connection state and the devices of
 * this customer their latest scans saw (another customer's devices a gateway hears are left out).
 * @param opts.macAddress part of the MAC address, case-insensitive
 * @param opts.page 1-based; without it the first {@link GATEWAY_LIST_MAX}
 */
export async function listGateways(
  db: Kysely<DB>,
  customerId: string,
  opts: { page?: number; pageSize: number; macAddress?: string },
  now = Date.now(),
): Promise<{ total: number; gateways: GatewayItem[] }> {
  let base = db.selectFrom('gateways').where('customer_id', '=', customerId);
  if (opts.macAddress) base = base.where(sql<boolean>`strpos(upper(mac), ${opts.macAddress.toUpperCase()}) > 0`);
  const limit = opts.page ? opts.pageSize : GATEWAY_LIST_MAX;
  const offset = opts.page ? (opts.page - 1) * opts.pageSize : 0;
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.select(['id', 'mac', 'last_seen_at']).orderBy('mac').limit(limit).offset(offset).execute(),
  ]);
  const scans = rows.length
    ? await db
        .selectFrom('device_scans as s')
        .innerJoin('devices as d', (j) => j.onRef('d.mac', '=', 's.device_mac').on('d.customer_id', '=', customerId))
        .select(['s.gateway_mac', 's.device_mac', 's.rssi', 's.scanned_at'])
        .where(
          's.gateway_mac',
          'in',
          rows.map((g) => g.mac),
        )
        .orderBy('s.device_mac')
        .execute()
    : [];
  return {
    total: Number(count.n),
    gateways: rows.map((g) => ({
      _id: g.id,
      macAddress: g.mac,
      type: deviceKindOf(g.mac),
      connectionStatus: g.last_seen_at
        ? now - g.last_seen_at.getTime() <= CONNECTED_WITHIN_MS
          ? 'connected'
          : 'disconnected'
        : null,
      connectionDate: g.last_seen_at?.toISOString() ?? null,
      availableDevices: scans
        .filter((s) => s.gateway_mac === g.mac)
        .map((s) => ({
          _id: { device: s.device_mac, gateway: s.gateway_mac },
          rssi: s.rssi,
          scannedAt: s.scanned_at.toISOString(),
        })),
    })),
  };
}

/**
 * The customer's trigger devices (MAC prefix CA:B8:25, contract `deviceKindOf`). No trigger state is
 * stored yet (the trigger protocol has not landed), so `status` is null, which the web shows as N/A.
 */
export async function listTriggers(db: Kysely<DB>, customerId: string) {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'mac'])
    .where('customer_id', '=', customerId)
    .where(sql<boolean>`upper(mac) LIKE 'CA:B8:25%'`)
    .orderBy('mac')
    .execute();
  return rows.filter((d) => deviceKindOf(d.mac) === 'TRIGGER').map((d) => ({ _id: d.id, macAddress: d.mac, status: null }));
}

/**
 * One of the customer's devices by id or MAC (any case), for the trigger routes; another
 * customer's answers undefined, as an unknown one does.
 */
export async function findTrigger(db: Kysely<DB>, customerId: string, idOrMac: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'mac'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('id', '=', idOrMac), eb('mac', '=', idOrMac.toUpperCase())]))
    .executeTakeFirst();
}
