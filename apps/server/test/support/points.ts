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
