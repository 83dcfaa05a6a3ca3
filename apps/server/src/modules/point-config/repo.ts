import type { Kysely } from 'kysely';
import { deviceKindOf, measurementProfile, type MeasurementProfile, type PointConfig } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';

type Db = Kysely<DB>;

/** The customer's point (404 POINT_NOT_FOUND otherwise, also for another customer's). */
export async function pointOf(db: Db, customerId: string, pointId: string) {
  const node = await db
    .selectFrom('tree_nodes')
    .select(['id', 'channel_groups'])
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirst();
  if (!node) throw new AppError('POINT_NOT_FOUND');
  return node;
}

/** The device attached to a point, if any. */
export const attachedDevice = (db: Db, customerId: string, pointId: string) =>
  db.selectFrom('devices').selectAll().where('customer_id', '=', customerId).where('point_id', '=', pointId).executeTakeFirst();

/** The point's configuration as `GET /point/{id}/config` answers it. */
export async function pointConfigOf(db: Db, customerId: string, pointId: string): Promise<PointConfig> {
  const node = await pointOf(db, customerId, pointId);
  const d = await attachedDevice(db, customerId, pointId);
  const profile = d ? measurementProfile.safeParse(d.profile) : null;
  return {
    device: d ? { _id: d.id, macAddress: d.mac, gateway: d.gateway_mac, type: d.type, kind: deviceKindOf(d.mac) } : null,
    profile: profile?.success ? profile.data : null,
    channelGroups: node.channel_groups ?? [],
  };
}

/**
 * Attaches a device to a point (docs/devices.md "Point configuration"). A MAC registered to no
 * customer is registered to this one. The device replacing the point's previous one takes over its
 * profile (a swapped sensor keeps measuring the same way); the previous one goes back to the
 * registry without profile.
 * @throws AppError DEVICE_REGISTERED (another customer's MAC), DEVICE_KIND_MISMATCH (a trigger),
 *   DEVICE_IN_USE (attached to another point), GATEWAY_NOT_FOUND (gateway not the customer's)
 */
export async function attachDevice(
  db: Db,
  customerId: string,
  pointId: string,
  body: { macAddress: string; gateway?: string | null },
  newDeviceId: string,
) {
  await pointOf(db, customerId, pointId);
  if (deviceKindOf(body.macAddress) === 'TRIGGER') throw new AppError('DEVICE_KIND_MISMATCH', 'macAddress');
  if (body.gateway) {
    const gw = await db
      .selectFrom('gateways')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('mac', '=', body.gateway)
      .executeTakeFirst();
    if (!gw) throw new AppError('GATEWAY_NOT_FOUND');
  }
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('devices')
      .selectAll()
      .where('mac', '=', body.macAddress)
      .forUpdate()
      .executeTakeFirst();
    if (existing && existing.customer_id !== customerId) throw new AppError('DEVICE_REGISTERED', 'macAddress');
    if (existing?.point_id && existing.point_id !== pointId) throw new AppError('DEVICE_IN_USE');
    const previous = await trx
      .selectFrom('devices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .executeTakeFirst();
    const profile = previous ? previous.profile : (existing?.profile ?? null);
    if (previous && previous.mac !== body.macAddress)
      await trx.updateTable('devices').set({ point_id: null, profile: null }).where('id', '=', previous.id).execute();
    const profileJson = profile === null || profile === undefined ? null : JSON.stringify(profile);
    if (existing)
      await trx
        .updateTable('devices')
        .set({ point_id: pointId, gateway_mac: body.gateway ?? null, profile: profileJson })
        .where('id', '=', existing.id)
        .execute();
    else
      await trx
        .insertInto('devices')
        .values({
          id: newDeviceId,
          customer_id: customerId,
          mac: body.macAddress,
          type: deviceKindOf(body.macAddress) === 'DUCK' ? 'DUCKV1' : 'SENSEWAY',
          point_id: pointId,
          gateway_mac: body.gateway ?? null,
          profile: profileJson,
        })
        .execute();
  });
}

/** Detaches the point's device (back to the registry, without profile) and clears its channel groups. */
export async function detachDevice(db: Db, customerId: string, pointId: string) {
  await pointOf(db, customerId, pointId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('devices')
      .set({ point_id: null, profile: null })
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .execute();
    await trx.updateTable('tree_nodes').set({ channel_groups: [] }).where('id', '=', pointId).execute();
  });
}

/** Stores the measurement profile of one of the customer's devices. */
export async function setDeviceProfile(db: Db, customerId: string, deviceId: string, profile: MeasurementProfile) {
  await db
    .updateTable('devices')
    .set({ profile: JSON.stringify(profile) })
    .where('id', '=', deviceId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** Clears the measurement profile of the point's device (idempotent). */
export async function clearPointProfile(db: Db, customerId: string, pointId: string) {
  await db
    .updateTable('devices')
    .set({ profile: null })
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .execute();
}

/** Replaces a point's DUCKV1 channel groups. */
export async function setChannelGroups(db: Db, customerId: string, pointId: string, groups: string[]) {
  await db
    .updateTable('tree_nodes')
    .set({ channel_groups: groups })
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .execute();
}
