import { sql, type Kysely } from 'kysely';
import { customerPreferences, type TreeNode } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/**
 * Every node of a customer's tree as `GET /tree` answers it (contract `treeNode`), in display order
 * (sort_order, then name), in ONE query with no per-node lookups: the point's last values come from
 * `tree_nodes.last_values` ({telemetry: max over the axes} of its latest persisted measurement, kept
 * by triggers: migration 0004), its favourite telemetry (else `defaultTelemetry`) picked from them,
 * and its sensor's MAC from a hash join on the customer's devices. The rows are built as JSON by the
 * database and read as one value: on PGlite handing over 10 000 rows of 9 columns costs more than
 * the query itself (bench/tree.bench.ts). `unansweredEvaluationsCount`: the point's fault reports
 * (open and closed) not yet evaluated (spec 000 badge; migration 0022's partial index
 * `fault_reports_unanswered`), grouped per point like the devices.
 * @param defaultTelemetry the customer's default telemetry name (preferences.defaultTelemetry)
 */
export async function loadTree(db: Kysely<DB>, customerId: string, defaultTelemetry: string): Promise<TreeNode[]> {
  const result = await sql<{ nodes: string | null }>`
    SELECT json_agg(json_build_object(
      '_id', n.id,
      'name', n.name,
      'parent', coalesce(n.parent_id, 'root'),
      'nodeType', n.node_type,
      'tagCode', n.tag_code,
      'unansweredEvaluationsCount', coalesce(fr.count, 0),
      'lastTelemetryValue', CASE WHEN v.value IS NULL THEN NULL
        ELSE json_build_object('value', v.value, 'telemetry', fav.telemetry) END,
      'health', n.health,
      'macAddress', dev.mac
    ) ORDER BY n.sort_order, n.name)::text AS nodes
    FROM tree_nodes n
    CROSS JOIN LATERAL (SELECT coalesce(n.point->>'favoriteTelemetry', ${defaultTelemetry}) AS telemetry) fav
    CROSS JOIN LATERAL (SELECT (n.last_values->>fav.telemetry)::double precision AS value) v
    LEFT JOIN (
      SELECT DISTINCT ON (d.point_id) d.point_id, d.mac FROM devices d
      WHERE d.customer_id = ${customerId} AND d.point_id IS NOT NULL
      ORDER BY d.point_id, d.created_at
    ) dev ON dev.point_id = n.id
    LEFT JOIN (
      SELECT r.point_id, count(*) AS count FROM fault_reports r
      WHERE r.customer_id = ${customerId} AND NOT r.is_answered
      GROUP BY r.point_id
    ) fr ON fr.point_id = n.id
    WHERE n.customer_id = ${customerId}`.execute(db);
  const text = result.rows[0]?.nodes;
  return text ? (JSON.parse(text) as TreeNode[]) : [];
}

/** The direct children of a group of the customer, in display order (sort order, then name). */
export async function groupChildren(db: Kysely<DB>, customerId: string, groupId: string) {
  return db
    .selectFrom('tree_nodes')
    .select(['id', 'name', 'node_type'])
    .where('customer_id', '=', customerId)
    .where('parent_id', '=', groupId)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

/** Inserts a group node (`parentId` null: a root group). */
export async function insertGroupNode(
  db: Kysely<DB>,
  g: { id: string; customerId: string; parentId: string | null; name: string; tagCode: string; sortOrder: number },
) {
  await db
    .insertInto('tree_nodes')
    .values({
      id: g.id,
      customer_id: g.customerId,
      parent_id: g.parentId,
      node_type: 'group',
      name: g.name,
      tag_code: g.tagCode,
      sort_order: g.sortOrder,
      point: '{}',
    })
    .execute();
}

/** Updates a group's name, tag code and parent; its sort order too when given (a move). */
export async function updateGroupNode(
  db: Kysely<DB>,
  customerId: string,
  groupId: string,
  g: { name: string; tagCode: string; parentId: string | null; sortOrder?: number },
) {
  await db
    .updateTable('tree_nodes')
    .set({
      name: g.name,
      tag_code: g.tagCode,
      parent_id: g.parentId,
      ...(g.sortOrder !== undefined ? { sort_order: g.sortOrder } : {}),
    })
    .where('id', '=', groupId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** Deletes a tree node of the customer (its dependants follow their foreign keys). */
export async function deleteNode(db: Kysely<DB>, customerId: string, nodeId: string) {
  await db.deleteFrom('tree_nodes').where('id', '=', nodeId).where('customer_id', '=', customerId).execute();
}

/** The customer's default telemetry (`preferences.defaultTelemetry`), which a point without a favourite shows. */
export async function defaultTelemetryOf(db: Kysely<DB>, customerId: string): Promise<string> {
  const c = await db.selectFrom('customers').select('preferences').where('id', '=', customerId).executeTakeFirstOrThrow();
  return customerPreferences.parse(c.preferences).defaultTelemetry;
}
