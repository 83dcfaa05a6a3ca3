import type { RunningServer } from '../../src/server.ts';
import { newId } from '../../src/infra/ids.ts';

/**
 * Inserts a point straight into the database (no API, no tree checks) and returns its id.
 * @param customerId its customer
 * @param o.name default `Point ####` (the id's last four characters)
 * @param o.parentId its group, default none (a root point)
 * @param o.point the stored point fields (tree_nodes.point), default none
 */
export async function insertPoint(
  server: RunningServer,
  customerId: string,
  o: { name?: string; parentId?: string | null; point?: unknown } = {},
): Promise<string> {
  const id = newId();
  await server.ctx.db
    .insertInto('tree_nodes')
    .values({
      id,
      customer_id: customerId,
      parent_id: o.parentId ?? null,
      node_type: 'point',
      name: o.name ?? `Point ${id.slice(-4)}`,
      tag_code: `P-${id}`,
      point: JSON.stringify(o.point ?? {}),
    })
    .execute();
  return id;
}

/**
 * A persisted MANUAL measurement row of the demo rig's inner-race sensor (by default 2 samples, no
 * waveform), for tests that need a measurement to exist rather than its signal.
 * @param row.id its id (also the object id); default a new one
 * @param row.pointId its point; default none
 * @param row.waveformKey the stored waveform's key (the caller stores it), with `sampleSize` samples
 * @returns the measurement id
 */
export async function insertMeasurement(
  server: RunningServer,
  row: { customerId: string; id?: string; pointId?: string | null; waveformKey?: string; sampleSize?: number },
): Promise<string> {
  const id = row.id ?? newId();
  await server.ctx.db
    .insertInto('measurements')
    .values({
      id,
      customer_id: row.customerId,
      object_id: id,
      point_id: row.pointId ?? null,
      device_mac: 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: null,
      measurement_type: 'MANUAL',
      state: 'persisted',
      range_index: 2,
      rate_index: 9,
      sample_size: row.sampleSize ?? 2,
      calibrated_sampling_rate: 12800,
      waveform_key: row.waveformKey ?? null,
      created_at: new Date(),
    })
    .execute();
  return id;
}
