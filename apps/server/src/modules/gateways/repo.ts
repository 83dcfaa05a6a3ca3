import { sql, type Kysely } from 'kysely';
import { deviceKindOf, type GatewayItem } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { credentialStates } from '../edge/credentials.ts';
import { latestTriggerStatus } from '../devices/repo.ts';
import { macOfKind } from '../devices/mac-kind-sql.ts';

/**
 * A gateway counts as connected when it was heard within this window. `gateways.last_seen_at` is
 * set by every `scanDevice` report (jobs/ingest/scan.ts), which gateways send about every 60 s, so
 * three missed reports mean disconnected.
 */
export const CONNECTED_WITHIN_MS = 3 * 60 * 1000;
/** Gateways answered without paging (spec: "GET /gateway" lists them all). */
export const GATEWAY_LIST_MAX = 1000;

/**
 * A page of the customer's gateways by MAC address, with their connection state and the devices
 * their latest scans saw: this customer's, and those registered to nobody (`claimable`: the admin
 * claims one with `POST /device`, docs/devices.md "Ownership"). Another customer's devices a gateway
 * hears are never listed.
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
  // This customer's devices and the devices nobody registered (to be claimed); another customer's never.
  const scans = rows.length
    ? await db
        .selectFrom('device_scans as s')
        .leftJoin('devices as d', 'd.mac', 's.device_mac')
        .leftJoin('ducks as k', 'k.mac', 's.device_mac')
        .select(['s.gateway_mac', 's.device_mac', 's.rssi', 's.scanned_at', 'd.customer_id', 'k.customer_id as duck_customer_id'])
        .where(
          's.gateway_mac',
          'in',
          rows.map((g) => g.mac),
        )
        .where((eb) =>
          eb.or([
            eb('d.customer_id', '=', customerId),
            eb.and([
              eb('d.customer_id', 'is', null),
              eb.or([eb('k.customer_id', 'is', null), eb('k.customer_id', '=', customerId)]),
            ]),
          ]),
        )
        // a gateway (a Duck is its own) names itself in its scan: that entry is not a device to offer
        .whereRef('s.device_mac', '!=', 's.gateway_mac')
        .orderBy('s.device_mac')
        .execute()
    : [];
  const credentials = await credentialStates(db, customerId);
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
      credentials: credentials.get(g.mac) ?? null,
      availableDevices: scans
        .filter((s) => s.gateway_mac === g.mac)
        .map((s) => ({
          _id: { device: s.device_mac, gateway: s.gateway_mac },
          rssi: s.rssi,
          scannedAt: s.scanned_at.toISOString(),
          claimable: s.customer_id === null && s.duck_customer_id === null,
        })),
    })),
  };
}

/** A sensor whose point a trigger is assigned to (`GET /trigger` `assignedDevices`). */
export interface TriggerAssignedDevice {
  _id: string;
  macAddress: string;
  point: { _id: string; name: string };
}

/**
 * The sensors each of the given triggers makes measure, by trigger MAC: the devices attached to the
 * points the trigger is assigned to (`point_triggers`, the storage of `PUT /point/{id}/trigger`),
 * within the customer, ordered by MAC. A point without a device lists nothing.
 */
export async function assignedDevicesOf(
  db: Kysely<DB>,
  customerId: string,
  triggerMacs: string[],
): Promise<Map<string, TriggerAssignedDevice[]>> {
  const byTrigger = new Map<string, TriggerAssignedDevice[]>(triggerMacs.map((m) => [m, []]));
  if (!triggerMacs.length) return byTrigger;
  const rows = await db
    .selectFrom('point_triggers as pt')
    .innerJoin('devices as d', (j) => j.onRef('d.point_id', '=', 'pt.point_id').on('d.customer_id', '=', customerId))
    .innerJoin('tree_nodes as n', (j) => j.onRef('n.id', '=', 'pt.point_id').on('n.customer_id', '=', customerId))
    .select(['pt.trigger_mac', 'd.id', 'd.mac', 'n.id as point_id', 'n.name as point_name'])
    .where('pt.customer_id', '=', customerId)
    .where('pt.trigger_mac', 'in', triggerMacs)
    .orderBy('d.mac')
    .execute();
  for (const r of rows)
    byTrigger.get(r.trigger_mac)?.push({ _id: r.id, macAddress: r.mac, point: { _id: r.point_id, name: r.point_name } });
  return byTrigger;
}

/**
 * The customer's trigger devices (MAC prefix CA:B8:25, contract `deviceKindOf`), each with the
 * sensors it makes measure ({@link assignedDevicesOf}) and its reported status, the latest event it
 * fired ({@link latestTriggerStatus}); null (the web shows N/A) for one that never fired.
 */
export async function listTriggers(db: Kysely<DB>, customerId: string) {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'mac'])
    .where('customer_id', '=', customerId)
    .where(macOfKind('mac', 'TRIGGER'))
    .orderBy('mac')
    .execute();
  const triggers = rows.filter((d) => deviceKindOf(d.mac) === 'TRIGGER');
  const assigned = await assignedDevicesOf(
    db,
    customerId,
    triggers.map((d) => d.mac),
  );
  const credentials = await credentialStates(db, customerId);
  const status = await latestTriggerStatus(
    db,
    customerId,
    triggers.map((d) => d.mac),
  );
  return triggers.map((d) => ({
    _id: d.id,
    macAddress: d.mac,
    status: status.get(d.mac) ?? null,
    assignedDevices: assigned.get(d.mac) ?? [],
    credentials: credentials.get(d.mac) ?? null,
  }));
}

/** One trigger of {@link listTriggers}, by its device row. */
export async function triggerItemOf(db: Kysely<DB>, customerId: string, trigger: { id: string; mac: string }) {
  const assigned = await assignedDevicesOf(db, customerId, [trigger.mac]);
  const credentials = await credentialStates(db, customerId);
  const status = await latestTriggerStatus(db, customerId, [trigger.mac]);
  return {
    _id: trigger.id,
    macAddress: trigger.mac,
    status: status.get(trigger.mac) ?? null,
    assignedDevices: assigned.get(trigger.mac) ?? [],
    credentials: credentials.get(trigger.mac) ?? null,
  };
}

/** One of the customer's registered devices by MAC (upper case), with the point it is attached to. */
export async function findDeviceByMac(db: Kysely<DB>, customerId: string, mac: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'mac', 'point_id'])
    .where('customer_id', '=', customerId)
    .where('mac', '=', mac)
    .executeTakeFirst();
}

/**
 * Makes `triggerMac` the one trigger of the point: the point's other triggers are unassigned and this
 * one is assigned (`point_triggers`, the rows `GET /point/{id}/trigger` lists), in one transaction.
 */
export async function moveDevicePointToTrigger(db: Kysely<DB>, customerId: string, pointId: string, triggerMac: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('point_triggers')
      .where('point_id', '=', pointId)
      .where('customer_id', '=', customerId)
      .where('trigger_mac', '!=', triggerMac)
      .execute();
    await trx
      .insertInto('point_triggers')
      .values({ point_id: pointId, customer_id: customerId, trigger_mac: triggerMac })
      .onConflict((oc) => oc.columns(['point_id', 'trigger_mac']).doNothing())
      .execute();
  });
}

/** Unassigns `triggerMac` from the point (idempotent); the point's other triggers stay. */
export async function unassignPointTrigger(db: Kysely<DB>, customerId: string, pointId: string, triggerMac: string) {
  await db
    .deleteFrom('point_triggers')
    .where('point_id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('trigger_mac', '=', triggerMac)
    .execute();
}

/**
 * Inserts a gateway unless its MAC is registered already (to any customer).
 * @returns whether it was inserted
 */
export async function insertGateway(db: Kysely<DB>, g: { id: string; customerId: string; mac: string; root: string }) {
  const res = await db
    .insertInto('gateways')
    .values({ id: g.id, customer_id: g.customerId, mac: g.mac, root: g.root, last_seen_at: null })
    .onConflict((oc) => oc.column('mac').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) > 0;
}

/** Deletes a gateway of the customer, its devices released from it first (one transaction). */
export async function deleteGatewayReleasingDevices(db: Kysely<DB>, customerId: string, gw: { id: string; mac: string }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('devices')
      .set({ gateway_mac: null })
      .where('customer_id', '=', customerId)
      .where('gateway_mac', '=', gw.mac)
      .execute();
    await trx.deleteFrom('gateways').where('id', '=', gw.id).execute();
  });
}
