import { sql, type Kysely, type Transaction } from 'kysely';
import { emptyPointFormExtras, type Point, type PointFormExtras } from '@overtone/contract';
import { measurementProfile } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { findBearing } from '../bearings/repo.ts';

/**
 * Fields of a point kept in `tree_nodes.point` (jsonb). The form extras are optional: points stored
 * before the point form existed lack them and read as {@link defaultPointData}.
 */
export interface PointData extends Partial<PointFormExtras> {
  type: string[];
  favoriteTelemetry: string | null;
  referenceFrequency: number;
  referenceFrequencyVariable: boolean;
  bearingBrand: string | null;
  bearingId: string | null;
  coordinateXAxis: 'xAxis' | 'yAxis' | 'zAxis';
  coordinateYAxis: 'xAxis' | 'yAxis' | 'zAxis';
  coordinateZAxis: 'xAxis' | 'yAxis' | 'zAxis';
}

/** A point's stored fields when nothing was stored (every conditional field null). */
export const defaultPointData = (): Required<PointData> => ({
  type: ['None'],
  favoriteTelemetry: null,
  referenceFrequency: 0,
  referenceFrequencyVariable: false,
  bearingBrand: null,
  bearingId: null,
  coordinateXAxis: 'xAxis',
  coordinateYAxis: 'yAxis',
  coordinateZAxis: 'zAxis',
  ...emptyPointFormExtras(),
});

/** Names from the root down to the node itself. */
export async function nodePath(db: Kysely<DB>, customerId: string, nodeId: string): Promise<string[]> {
  const rows = await sql<{ name: string; depth: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, name, 0 AS depth FROM tree_nodes WHERE id = ${nodeId} AND customer_id = ${customerId}
      UNION ALL
      SELECT t.id, t.parent_id, t.name, up.depth + 1 FROM tree_nodes t JOIN up ON t.id = up.parent_id WHERE t.customer_id = ${customerId}
    ) SELECT name, depth FROM up ORDER BY depth DESC`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Paths of many nodes at once (one query over the customer's tree). */
export async function nodePaths(db: Kysely<DB>, customerId: string): Promise<Map<string, string[]>> {
  const nodes = await db
    .selectFrom('tree_nodes')
    .select(['id', 'parent_id', 'name'])
    .where('customer_id', '=', customerId)
    .execute();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const cache = new Map<string, string[]>();
  const pathOf = (id: string, guard = 0): string[] => {
    const hit = cache.get(id);
    if (hit) return hit;
    const n = byId.get(id);
    if (!n || guard > 64) return [];
    const p = [...(n.parent_id ? pathOf(n.parent_id, guard + 1) : []), n.name];
    cache.set(id, p);
    return p;
  };
  for (const n of nodes) pathOf(n.id);
  return cache;
}

/**
 * A point of the caller's customer as the API shows it, or null (also for another customer's point).
 * @param imageUrl signs the URL of an image key (points/images.ts); without it `images` is empty
 */
export async function findPoint(
  db: Kysely<DB>,
  customerId: string,
  id: string,
  imageUrl?: (key: string) => string,
): Promise<Point | null> {
  const node = await db
    .selectFrom('tree_nodes')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirst();
  if (!node) return null;
  const data = { ...defaultPointData(), ...(node.point as Partial<PointData>) };
  const bearing = data.bearingId ? await findBearing(db, customerId, data.bearingId) : null;
  const device = await db
    .selectFrom('devices')
    .selectAll()
    .where('point_id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  const profile = device ? measurementProfile.safeParse(device.profile) : null;
  return {
    _id: node.id,
    name: node.name,
    tagCode: node.tag_code,
    parent: node.parent_id ?? 'root',
    path: await nodePath(db, customerId, id),
    type: data.type,
    favoriteTelemetry: data.favoriteTelemetry,
    referenceFrequency: data.referenceFrequency,
    referenceFrequencyVariable: data.referenceFrequencyVariable,
    bearingBrand: data.bearingBrand,
    // The catalogue or this customer's own custom bearing (bearings/repo.ts); another customer's is null.
    bearing,
    coordinateXAxis: data.coordinateXAxis,
    coordinateYAxis: data.coordinateYAxis,
    coordinateZAxis: data.coordinateZAxis,
    ...formExtrasOf(data),
    images: imageUrl ? (await listImageKeys(db, customerId, id)).map((key) => ({ key, url: imageUrl(key) })) : [],
    health: node.health as Point['health'],
    device: device ? { _id: device.id, macAddress: device.mac, gateway: device.gateway_mac, type: device.type } : null,
    profile: profile?.success ? profile.data : null,
  };
}

/** The form extras of stored point data, every one present (null when not stored). */
function formExtrasOf(data: Required<PointData>): PointFormExtras {
  const d = defaultPointData();
  return {
    previousFaults: data.previousFaults,
    machineType: data.machineType,
    driveType: data.driveType,
    motorPower: data.motorPower,
    transmissionType: data.transmissionType,
    beltType: data.beltType,
    beltLength: data.beltLength,
    pulleyRadiusRatio: data.pulleyRadiusRatio,
    couplingType: data.couplingType,
    gearboxType: data.gearboxType,
    gearboxConversionInput: data.gearboxConversionInput,
    gearboxConversionOutput: data.gearboxConversionOutput,
    numberOfStages: data.numberOfStages,
    shaftOfSensorAttachedTo: data.shaftOfSensorAttachedTo,
    numberOfGearTeethAtRingGear: data.numberOfGearTeethAtRingGear,
    numberOfGearTeethAtPlanetGear: data.numberOfGearTeethAtPlanetGear,
    numberOfGearTeethAtSunGear: data.numberOfGearTeethAtSunGear,
    numberOfGearTeethAtDriverShaft: data.numberOfGearTeethAtDriverShaft,
    numberOfGearTeethAtFirstCurrentShaft: data.numberOfGearTeethAtFirstCurrentShaft,
    numberOfGearTeethAtSecondCurrentShaft: data.numberOfGearTeethAtSecondCurrentShaft,
    numberOfGearTeethAtDrivenShaft: data.numberOfGearTeethAtDrivenShaft,
    transmission_numberOfStages: data.transmission_numberOfStages,
    transmission_gearboxConversionInput: data.transmission_gearboxConversionInput,
    transmission_gearboxConversionOutput: data.transmission_gearboxConversionOutput,
    lastMaintenanceDate: data.lastMaintenanceDate,
    pumpClassification: { ...d.pumpClassification, ...data.pumpClassification },
    couplingClassification: { ...d.couplingClassification, ...data.couplingClassification },
  };
}

/** Object keys of a point's stored images, oldest first. */
export async function listImageKeys(db: Kysely<DB>, customerId: string, pointId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('point_images')
    .select('key')
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .orderBy('created_at')
    .orderBy('key')
    .execute();
  return rows.map((r) => r.key);
}

/** Inserts a point node (its form's stored data as jsonb). */
export async function insertPointNode(
  db: Kysely<DB>,
  p: { id: string; customerId: string; parentId: string; name: string; tagCode: string; sortOrder: number; data: PointData },
) {
  await db
    .insertInto('tree_nodes')
    .values({
      id: p.id,
      customer_id: p.customerId,
      parent_id: p.parentId,
      node_type: 'point',
      name: p.name,
      tag_code: p.tagCode,
      sort_order: p.sortOrder,
      point: JSON.stringify(p.data),
    })
    .execute();
}

/** Puts a point of the customer under another group at `sortOrder`. */
export async function movePointNode(db: Kysely<DB>, customerId: string, pointId: string, parentId: string, sortOrder: number) {
  await db
    .updateTable('tree_nodes')
    .set({ parent_id: parentId, sort_order: sortOrder })
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** Replaces a point's name, tag code and stored form data. */
export async function updatePointNode(
  db: Kysely<DB>,
  customerId: string,
  pointId: string,
  f: { name: string; tagCode: string; data: PointData },
) {
  await db
    .updateTable('tree_nodes')
    .set({ name: f.name, tag_code: f.tagCode, point: JSON.stringify(f.data) })
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .execute();
}

/**
 * Clears the point of the customer's telemetry values of a point being deleted:
 * `telemetry_values.point_id` has no foreign key (the table is large), so it is cleared here as
 * `measurements.point_id` is by its key.
 */
export async function detachTelemetryFromPoint(db: Kysely<DB>, customerId: string, pointId: string) {
  await db
    .updateTable('telemetry_values')
    .set({ point_id: null })
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .execute();
}

/** Whether a bearing is the catalogue's (no customer) or the customer's own. */
export async function bearingVisibleTo(db: Kysely<DB>, customerId: string, bearingId: string): Promise<boolean> {
  const b = await db
    .selectFrom('bearings')
    .select('id')
    .where('id', '=', bearingId)
    .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)]))
    .executeTakeFirst();
  return b !== undefined;
}

/** The images of one of the customer's points (key, upload time), oldest first. */
export async function pointImageRows(db: Kysely<DB>, customerId: string, pointId: string) {
  return db
    .selectFrom('point_images')
    .select(['key', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .orderBy('created_at')
    .execute();
}

/**
 * Removes images of a point: their rows now (in `trx`), their objects after the caller commits
 * (returned keys: pass them to {@link deleteObjects}). Keys of other points are ignored.
 */
export async function deleteImageRows(
  trx: Transaction<DB> | Kysely<DB>,
  customerId: string,
  pointId: string,
  keys: readonly string[] | 'all',
): Promise<string[]> {
  let q = trx.deleteFrom('point_images').where('customer_id', '=', customerId).where('point_id', '=', pointId);
  if (keys !== 'all') {
    if (!keys.length) return [];
    q = q.where('key', 'in', [...keys]);
  }
  return (await q.returning('key').execute()).map((r) => r.key);
}

/**
 * Lists an uploaded image of a point (again: the same key updates its type and size), in the tree's
 * transaction `trx`.
 * @returns false when the point is not the customer's (the caller deletes the object)
 */
export async function savePointImage(
  trx: Transaction<DB>,
  i: { key: string; customerId: string; pointId: string; contentType: string; sizeBytes: number },
): Promise<boolean> {
  const point = await trx
    .selectFrom('tree_nodes')
    .select('id')
    .where('id', '=', i.pointId)
    .where('customer_id', '=', i.customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirst();
  if (!point) return false;
  await trx
    .insertInto('point_images')
    .values({ key: i.key, customer_id: i.customerId, point_id: i.pointId, content_type: i.contentType, size_bytes: i.sizeBytes })
    .onConflict((oc) => oc.column('key').doUpdateSet({ content_type: i.contentType, size_bytes: i.sizeBytes }))
    .execute();
  return true;
}

/** The content type of a customer's point image, or undefined when no row lists the key. */
export const findPointImage = (db: Kysely<DB>, customerId: string, key: string) =>
  db
    .selectFrom('point_images')
    .select(['content_type'])
    .where('key', '=', key)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
