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
import { AppError } from '../../infra/errors.ts';
import { macOfKind } from './mac-kind-sql.ts';

/** A scan older than this is no evidence of the device's state (gateways scan about every 60 s). */
export const SCAN_STALE_MS = 5 * 60 * 1000;

/** Telemetry names a device reports its battery voltage under (volts), newest wins. */
export const BATTERY_TELEMETRY = ['BATTERY', 'BATTERY_VOLTAGE'] as const;

/** Stored type of a new registry entry, from the MAC prefix (spec 002 §9). */
const TYPE_OF_KIND: Record<DeviceKind, DeviceType> = { SENSEWAY: 'SENSEWAY', TRIGGER: 'TRIGGER', DUCK: 'DUCKV1' };
export const deviceTypeOf = (mac: string): DeviceType => TYPE_OF_KIND[deviceKindOf(mac)];

/** SQL condition on `devices.mac` for a kind (the prefix rule of `deviceKindOf`). */
const kindCondition = (kind: DeviceKind) => macOfKind('d.mac', kind);

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
 * The latest battery voltage of a device, V, with its time: the newer of
 * - the device-reported telemetry `BATTERY` or `BATTERY_VOLTAGE` of its measurements (`measured_at`), and
 * - the `battery` of its latest scan by one of the customer's own gateways that carried one
 *   (`device_scans.battery_v`, dated by that row's `scanned_at`; senseway-gateway.md §7, generation-1
 *   sensors report their battery only there). Another customer's gateway never supplies it.
 * @returns `{batteryLevel, batteryLevelDate}` (volts, ISO time), or nulls when neither exists
 */
export async function latestBattery(
  db: Kysely<DB>,
  customerId: string,
  deviceMac: string,
): Promise<{ batteryLevel: number | null; batteryLevelDate: string | null }> {
  const [measured, scanned] = await Promise.all([
    db
      .selectFrom('telemetry_values as t')
      .innerJoin('measurements as m', 'm.id', 't.measurement_id')
      .select(['t.value', 't.measured_at as at'])
      .where('m.device_mac', '=', deviceMac)
      .where('m.customer_id', '=', customerId)
      .where('t.customer_id', '=', customerId)
      .where('t.telemetry', 'in', [...BATTERY_TELEMETRY])
      .where('t.device_reported', '=', true)
      .orderBy('t.measured_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('device_scans as s')
      .innerJoin('gateways as g', 'g.mac', 's.gateway_mac')
      .select(['s.battery_v as value', 's.scanned_at as at'])
      .where('s.device_mac', '=', deviceMac)
      .where('g.customer_id', '=', customerId)
      .where('s.battery_v', 'is not', null)
      .orderBy('s.scanned_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const time = (r: { at: Date | string } | undefined) => (r ? new Date(r.at).getTime() : -Infinity);
  const row = time(scanned) > time(measured) ? scanned : measured;
  return {
    batteryLevel: row?.value ?? null,
    batteryLevelDate: row ? new Date(row.at).toISOString() : null,
  };
}

/**
 * The event type a trigger reports: the one event of the trigger protocol (contract
 * `senseway/schedule.ts`: `<root>/trigger/<MAC>/event` `{"eventType":"trigger",…}`).
 */
export const TRIGGER_EVENT_TYPE = 'trigger';

/** A trigger's reported state (`GET /trigger` `status`, spec 002 §7 `status.shadow.reported`). */
export interface TriggerReportedStatus {
  shadow: { reported: { eventType: string | null; disconnectReason: string | null; timestamp: string | null } };
}

/**
 * The latest event each of the customer's triggers fired (`trigger_events`, recorded by the trigger
 * listener for every event of a registered trigger), as its reported status: event type
 * {@link TRIGGER_EVENT_TYPE}, no disconnect reason, `timestamp` the ISO time the server received it.
 * Events from before the device was registered to this customer are not its.
 * @param triggerMacs upper-case MACs
 * @returns by MAC; a trigger that never fired is absent (the web shows N/A)
 */
export async function latestTriggerStatus(
  db: Kysely<DB>,
  customerId: string,
  triggerMacs: readonly string[],
): Promise<Map<string, TriggerReportedStatus>> {
  const out = new Map<string, TriggerReportedStatus>();
  if (!triggerMacs.length) return out;
  const rows = await db
    .selectFrom('trigger_events as e')
    .innerJoin('devices as d', (j) => j.onRef('d.mac', '=', 'e.trigger_mac').on('d.customer_id', '=', customerId))
    .select(['e.trigger_mac', (eb) => eb.fn.max('e.received_at').as('last')])
    .where('e.trigger_mac', 'in', [...triggerMacs])
    .whereRef('e.received_at', '>=', 'd.created_at')
    .groupBy('e.trigger_mac')
    .execute();
  for (const r of rows)
    out.set(r.trigger_mac, {
      shadow: {
        reported: { eventType: TRIGGER_EVENT_TYPE, disconnectReason: null, timestamp: new Date(r.last).toISOString() },
      },
    });
  return out;
}

/** One of the customer's gateways by id or MAC (any case); another customer's answers undefined, as an unknown one does. */
export async function findGateway(db: Kysely<DB>, customerId: string, idOrMac: string) {
  return db
    .selectFrom('gateways')
    .select(['id', 'mac', 'root'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('id', '=', idOrMac), eb('mac', '=', idOrMac.toUpperCase())]))
    .executeTakeFirst();
}

/**
 * Registers a device of the customer unless its MAC is registered already (to any customer); its
 * type from its MAC, no point, no profile.
 * @param gatewayMac the customer's gateway to command it through; null: the one that heard it last
 * @returns whether it was inserted
 */
export async function insertDevice(
  db: Kysely<DB>,
  d: { id: string; customerId: string; mac: string; gatewayMac: string | null },
) {
  const res = await db
    .insertInto('devices')
    .values({
      id: d.id,
      customer_id: d.customerId,
      mac: d.mac,
      type: deviceTypeOf(d.mac),
      point_id: null,
      gateway_mac: d.gatewayMac,
      profile: null,
    })
    .onConflict((oc) => oc.column('mac').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) > 0;
}

/** Sets the gateway a device of the customer is commanded through (null: the one that heard it last). */
export async function setDeviceGateway(db: Kysely<DB>, customerId: string, deviceId: string, gatewayMac: string | null) {
  await db
    .updateTable('devices')
    .set({ gateway_mac: gatewayMac })
    .where('id', '=', deviceId)
    .where('customer_id', '=', customerId)
    .execute();
}

/**
 * Deletes a device of the customer unless it is attached to a point.
 * @returns false when it is attached (nothing deleted)
 */
export async function deleteUnattachedDevice(db: Kysely<DB>, customerId: string, deviceId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('devices')
    .where('id', '=', deviceId)
    .where('customer_id', '=', customerId)
    .where('point_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * One of the customer's devices by id or MAC (any case): its id and MAC (the trigger routes, the
 * routing lookup); another customer's answers undefined, as an unknown one does.
 */
export async function findDeviceRow(db: Kysely<DB>, customerId: string, idOrMac: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'mac'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('id', '=', idOrMac), eb('mac', '=', idOrMac.toUpperCase())]))
    .executeTakeFirst();
}

/**
 * One of the customer's gateways by id or MAC.
 * @throws AppError GATEWAY_NOT_FOUND (404) for an unknown one or another customer's
 */
export async function gatewayOrThrow(db: Kysely<DB>, customerId: string, idOrMac: string) {
  const gw = await findGateway(db, customerId, idOrMac);
  if (!gw) throw new AppError('GATEWAY_NOT_FOUND');
  return gw;
}
