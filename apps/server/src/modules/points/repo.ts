import { sql, type Kysely } from 'kysely';
import type { Point } from '@overtone/contract';
import { measurementProfile } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** Fields of a point kept in `tree_nodes.point` (jsonb). */
export interface PointData {
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

export const defaultPointData = (): PointData => ({
  type: ['None'],
  favoriteTelemetry: null,
  referenceFrequency: 0,
  referenceFrequencyVariable: false,
  bearingBrand: null,
  bearingId: null,
  coordinateXAxis: 'xAxis',
  coordinateYAxis: 'yAxis',
  coordinateZAxis: 'zAxis',
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

/** A point of the caller's customer as the API shows it, or null (also for another customer's point). */
export async function findPoint(db: Kysely<DB>, customerId: string, id: string): Promise<Point | null> {
  const node = await db
    .selectFrom('tree_nodes')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirst();
  if (!node) return null;
  const data = { ...defaultPointData(), ...(node.point as Partial<PointData>) };
  const bearing = data.bearingId
    ? await db.selectFrom('bearings').selectAll().where('id', '=', data.bearingId).executeTakeFirst()
    : undefined;
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
    bearing: bearing
      ? {
          _id: bearing.id,
          bearing_number: bearing.bearing_number,
          brand: bearing.brand,
          bpfo: bearing.bpfo,
          bpfi: bearing.bpfi,
          bsf: bearing.bsf,
          ftf: bearing.ftf,
          ftfi: 1 - bearing.ftf,
          group: '',
          type: bearing.type,
        }
      : null,
    coordinateXAxis: data.coordinateXAxis,
    coordinateYAxis: data.coordinateYAxis,
    coordinateZAxis: data.coordinateZAxis,
    health: node.health as Point['health'],
    device: device ? { _id: device.id, macAddress: device.mac, gateway: device.gateway_mac, type: device.type } : null,
    profile: profile?.success ? profile.data : null,
  };
}
