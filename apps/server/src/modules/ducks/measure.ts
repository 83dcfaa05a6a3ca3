import { duckMeasureCommand, senseway, type DuckConfig } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { findPoint } from '../points/repo.ts';
import { findDuck, storedConfig } from './repo.ts';

export interface DuckMeasureRequest {
  customerId: string;
  /** Duck MAC or id */
  duck: string;
  type: 'MANUAL' | 'PERIODIC' | 'TRIGGERED';
  userId: string | null;
  tags?: string[];
  /** the point the measurement belongs to; default the point the Duck's registry entry is attached to */
  pointId?: string;
}

/**
 * Creates a Duck measurement (state `requested`, with a snapshot of the Duck's configuration in
 * `duck_config`) and publishes the Duck v1 measure command (protocol §10.1): topic
 * `<root>/gateway/<Duck>/device/<Duck>/measure/<id>` (a Duck is its own gateway), JSON payload
 * `{samplingCoefficient: 1, baseSamplingFrequency: <Hz>, sampleSize, external, channels: [0…7], gain: 1, boost: 3}`.
 * Ingest (jobs/ingest/duck.ts) finds the record by (Duck MAC, id).
 * @returns the measurement id (24 hex)
 * @throws AppError DUCK_NOT_FOUND, POINT_NOT_FOUND (pointId not the customer's), DUCK_NOT_CONFIGURED
 *   (no sensor channel), BROKER_UNAVAILABLE (publish failed; the record is stored as `error`)
 */
export async function sendDuckMeasureCommand(ctx: AppContext, r: DuckMeasureRequest): Promise<string> {
  const duck = await findDuck(ctx.db, r.customerId, r.duck);
  if (!duck) throw new AppError('DUCK_NOT_FOUND');
  let pointId: string | null;
  if (r.pointId) {
    const point = await findPoint(ctx.db, r.customerId, r.pointId);
    if (!point) throw new AppError('POINT_NOT_FOUND');
    pointId = point._id;
  } else {
    const dev = await ctx.db
      .selectFrom('devices')
      .select('point_id')
      .where('mac', '=', duck.mac)
      .where('customer_id', '=', r.customerId)
      .executeTakeFirst();
    pointId = dev?.point_id ?? null;
  }
  const config: DuckConfig = storedConfig(duck.config);
  const command = duckMeasureCommand(config);
  if (!command.channels.length) throw new AppError('DUCK_NOT_CONFIGURED');
  const gw = await ctx.db
    .selectFrom('gateways')
    .select('root')
    .where('mac', '=', duck.mac)
    .where('customer_id', '=', r.customerId)
    .executeTakeFirst();
  const root = senseway.sensewayRootOf(gw?.root);
  const id = newId();
  await ctx.db
    .insertInto('measurements')
    .values({
      id,
      object_id: id,
      customer_id: r.customerId,
      point_id: pointId,
      device_mac: duck.mac,
      gateway_mac: duck.mac,
      user_id: r.userId,
      measurement_type: r.type,
      state: 'requested',
      tags: [...new Set(r.tags ?? [])],
      range_index: 0, // no accelerometer range: volts are decoded with duck_config.voltageReference
      rate_index: 0, // the rate in Hz is duck_config.samplingRate
      sample_size: config.sampleSize,
      duck_config: JSON.stringify(config),
    })
    .execute();
  try {
    await ctx.mqtt.publish(senseway.topics.measure(root, duck.mac, duck.mac, id), JSON.stringify(command));
  } catch {
    await ctx.db.updateTable('measurements').set({ state: 'error', error: 'BROKER_UNAVAILABLE' }).where('id', '=', id).execute();
    throw new AppError('BROKER_UNAVAILABLE');
  }
  return id;
}
