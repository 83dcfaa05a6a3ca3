import type { Kysely } from 'kysely';
import { senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { findPoint } from '../points/repo.ts';
import { scansOfDevice } from './repo.ts';

/** Why a measurement is taken; stored as the measurement's type (spec 001: PERIODIC, TRIGGERED, MANUAL). */
export type MeasurementType = 'MANUAL' | 'PERIODIC' | 'TRIGGERED';

export interface MeasureCommandRequest {
  customerId: string;
  pointId: string;
  type: MeasurementType;
  /** the user who asked (MANUAL); null for the scheduler and triggers */
  userId: string | null;
  tags?: string[];
  /** gateway MAC to use; default the point's device gateway, then the latest scan */
  gateway?: string;
}

/**
 * The gateway that reaches a device, owned by the customer, and its topic root.
 * @returns null when no gateway of the customer is known for the device
 */
async function routeOf(db: Kysely<DB>, customerId: string, deviceMac: string, preferred: string | null | undefined) {
  const scans = preferred ? [] : await scansOfDevice(db, customerId, deviceMac);
  const gateway = preferred?.toUpperCase() ?? scans[0]?.gateway_mac;
  if (!gateway) return null;
  const owned = await db
    .selectFrom('gateways')
    .select('root')
    .where('mac', '=', gateway)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return owned ? { gateway, root: senseway.sensewayRootOf(owned.root) } : null;
}

/**
 * Creates the measurement record (state `requested`, the given type) and publishes the measure
 * command `<root>/gateway/<gw>/device/<mac>/measure/<id>` with `<rangeIndex>,<rateIndex>,<sampleSize>`
 * from the point's device profile (senseway-gateway.md §3 row 7, §4). The record is what makes the
 * arriving measurement keep its type: ingest finds it by (device, id).
 * Used by `POST /iot/{pointId}/measure` (MANUAL), the periodic scheduler (PERIODIC) and trigger
 * events (TRIGGERED).
 * @returns the new measurement id (24 hex)
 * @throws AppError POINT_NOT_FOUND (no such point of the customer), NO_DEVICE (no device or profile),
 *   NO_ROUTING (no gateway of the customer reaches it), BROKER_UNAVAILABLE (publish failed; the
 *   record is then stored as `error`)
 */
export async function sendMeasureCommand(ctx: AppContext, r: MeasureCommandRequest): Promise<string> {
  const point = await findPoint(ctx.db, r.customerId, r.pointId);
  if (!point) throw new AppError('POINT_NOT_FOUND');
  if (!point.device || !point.profile) throw new AppError('NO_DEVICE');
  const route = await routeOf(ctx.db, r.customerId, point.device.macAddress, r.gateway ?? point.device.gateway);
  if (!route) throw new AppError('NO_ROUTING');
  const id = newId();
  const { accelerometerRange, samplingRate, sampleSize } = point.profile;
  await ctx.db
    .insertInto('measurements')
    .values({
      id,
      object_id: id,
      customer_id: r.customerId,
      point_id: point._id,
      device_mac: point.device.macAddress,
      gateway_mac: route.gateway,
      user_id: r.userId,
      measurement_type: r.type,
      state: 'requested',
      tags: [...new Set(r.tags ?? [])],
      range_index: accelerometerRange,
      rate_index: samplingRate,
      sample_size: sampleSize,
    })
    .execute();
  try {
    await publishMeasureCommand(ctx, {
      root: route.root,
      gateway: route.gateway,
      device: point.device.macAddress,
      objectId: id,
      command: { rangeIndex: accelerometerRange, rateIndex: samplingRate, sampleSize },
    });
  } catch {
    await ctx.db.updateTable('measurements').set({ state: 'error', error: 'BROKER_UNAVAILABLE' }).where('id', '=', id).execute();
    throw new AppError('BROKER_UNAVAILABLE');
  }
  return id;
}

/**
 * Publishes one measure command: `<root>/gateway/<gw>/device/<mac>/measure/<objectId>` with
 * `<rangeIndex>,<rateIndex>,<sampleSize>` (senseway-gateway.md §3 row 7, §4).
 * @throws what the server's MQTT publish throws (broker unavailable)
 */
export async function publishMeasureCommand(
  ctx: Pick<AppContext, 'mqtt'>,
  c: {
    root: senseway.SensewayRoot;
    gateway: string;
    device: string;
    objectId: string;
    command: Parameters<typeof senseway.formatMeasureCommand>[0];
  },
): Promise<void> {
  await ctx.mqtt.publish(
    senseway.topics.measure(c.root, c.gateway, c.device, c.objectId),
    senseway.formatMeasureCommand(c.command),
  );
}

/**
 * Publishes the legacy sleep command (§3 row 16, §8.1): `<root>/gateway/<gw>/device/<mac>/sleep`
 * with the decimal seconds. Best effort (no acknowledgement exists).
 * @returns true when it was published; false when the point has no device, no route, or the publish failed
 */
export async function sendSleepCommand(ctx: AppContext, customerId: string, pointId: string, seconds: number): Promise<boolean> {
  const point = await findPoint(ctx.db, customerId, pointId);
  if (!point?.device) return false;
  const route = await routeOf(ctx.db, customerId, point.device.macAddress, point.device.gateway);
  if (!route) return false;
  return ctx.mqtt
    .publish(senseway.scheduleTopics.sleep(route.root, route.gateway, point.device.macAddress), String(seconds))
    .then(
      () => true,
      () => false,
    );
}
