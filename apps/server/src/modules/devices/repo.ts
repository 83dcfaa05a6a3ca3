import { sql, type Kysely } from 'kysely';
import {
  DEVICE_LIST_MAX,
  DEVICE_SEARCH_LIMIT,
  deviceKindOf,
  senseway,
  type DeviceItem,
  type DeviceKind,
  type DeviceType,
} from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** A scan older than this is no evidence of the device's state (gateways scan about every 60 s). */
export const SCAN_STALE_MS = 5 * 60 * 1000;

/** Telemetry names a device reports its battery voltage under (volts), newest wins. */
export const BATTERY_TELEMETRY = ['BATTERY', 'BATTERY_VOLTAGE'] as const;

/** Stored type of a new registry entry, from the MAC prefix (spec 002 §9). */
const TYPE_OF_KIND: Record<DeviceKind, DeviceType> = { SENSEWAY: 'SENSEWAY', TRIGGER: 'TRIGGER', DUCK: 'DUCKV1' };
export const deviceTypeOf = (mac: string): DeviceType => TYPE_OF_KIND[deviceKindOf(mac)];

/** SQL condition on `devices.mac` for a kind (the prefix rule of `deviceKindOf`). */
const kindCondition = (kind: DeviceKind) =>
  kind === 'TRIGGER'
    ? sql<boolean>`upper(d.mac) LIKE 'CA:B8:25%'`
    : kind === 'DUCK'
      ? sql<boolean>`upper(d.mac) LIKE 'CA:B8:DA%'`
      : sql<boolean>`upper(d.mac) NOT LIKE 'CA:B8:25%' AND upper(d.mac) NOT LIKE 'CA:B8:DA%'`;

/**
 * The customer's registry: devices ordered by MAC with their point and their latest scan by one of
 * the customer's gateways (another customer's gateway hearing the device is not shown).
 * @param opts.all every device (at most {@link DEVICE_LIST_MAX}); otherwise the first {@link DEVICE_SEARCH_LIMIT}
 * @param opts.macAddress part of the MAC, case-insensitive
 * @param opts.id one device by id or MAC (then `all` and the limit do not matter)
 */
export async function listDevices(
  db: Kysely<DB>,
  customerId: string,
  opts: { all?: boolean; macAddress?: string; kind?: DeviceKind; id?: string },
  now = Date.now(),
): Promise<DeviceItem[]> {
  let q = db
    .selectFrom('devices as d')
    .leftJoin('tree_nodes as p', (j) => j.onRef('p.id', '=', 'd.point_id').on('p.customer_id', '=', customerId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('device_scans as s')
          .innerJoin('gateways as g', 'g.mac', 's.gateway_mac')
          .select(['s.gateway_mac', 's.rssi', 's.status', 's.scanned_at'])
          .whereRef('s.device_mac', '=', 'd.mac')
          .where('g.customer_id', '=', customerId)
          .orderBy('s.scanned_at', 'desc')
          .limit(1)
          .as('s'),
      (j) => j.onTrue(),
    )
    .select(['d.id', 'd.mac', 'd.type', 'd.gateway_mac', 'p.id as point_id', 'p.name as point_name'])
    .select(['s.gateway_mac as scan_gateway', 's.rssi', 's.status', 's.scanned_at'])
    .where('d.customer_id', '=', customerId);
  if (opts.id) {
    const id = opts.id;
    q = q.where((eb) => eb.or([eb('d.id', '=', id), eb('d.mac', '=', id.toUpperCase())]));
  }
  if (opts.macAddress) q = q.where(sql<boolean>`strpos(upper(d.mac), ${opts.macAddress.toUpperCase()}) > 0`);
  if (opts.kind) q = q.where(kindCondition(opts.kind));
  const rows = await q
    .orderBy('d.mac')
    .limit(opts.all ? DEVICE_LIST_MAX : DEVICE_SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    macAddress: r.mac,
    kind: deviceKindOf(r.mac),
    type: r.type,
    gateway: r.gateway_mac,
    point: r.point_id ? { _id: r.point_id, name: r.point_name ?? '' } : null,
    rssi: r.rssi ?? null,
    status:
      r.scanned_at && now - new Date(r.scanned_at).getTime() <= SCAN_STALE_MS
        ? senseway.normalizeDeviceStatus(r.status ?? '')
        : 'unknown',
    lastGateway: r.scan_gateway ?? null,
    lastSeenAt: r.scanned_at ? new Date(r.scanned_at).toISOString() : null,
  }));
}

/** One device of the customer by id or MAC, or undefined (another customer's too). */
export const findDevice = async (db: Kysely<DB>, customerId: string, idOrMac: string) =>
  (await listDevices(db, customerId, { id: idOrMac }))[0];

/**
 * The latest battery voltage a device reported (device-reported telemetry `BATTERY` or
 * `BATTERY_VOLTAGE`, volts, of its measurements), or nulls.
 */
export async function latestBattery(db: Kysely<DB>, customerId: string, deviceMac: string) {
  const row = await db
    .selectFrom('telemetry_values as t')
    .innerJoin('measurements as m', 'm.id', 't.measurement_id')
    .select(['t.value', 't.measured_at'])
    .where('m.device_mac', '=', deviceMac)
    .where('m.customer_id', '=', customerId)
    .where('t.customer_id', '=', customerId)
    .where('t.telemetry', 'in', [...BATTERY_TELEMETRY])
    .where('t.device_reported', '=', true)
    .orderBy('t.measured_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    batteryLevel: row ? row.value : null,
    batteryLevelDate: row ? new Date(row.measured_at).toISOString() : null,
  };
}
