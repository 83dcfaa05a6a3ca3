import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { onUniqueViolation } from '../../infra/db/pg-errors.ts';

/**
 * The structural rules of the asset tree (spec 000 §2 "Asset tree", §4 "Tree move mode" and "Tree
 * rules"), enforced by the server whatever the web app hides:
 * - a group holds either groups or points, never both (GROUP_HAS_GROUPS / GROUP_HAS_POINTS);
 * - a root group (parent_id NULL, `parent: 'root'` on the wire) is never edited, moved, deleted or
 *   given points, but may get sub-groups (ROOT_GROUP_LOCKED);
 * - a group with children is not deleted (GROUP_NOT_EMPTY);
 * - a group is not moved into itself or below itself (TREE_CYCLE);
 * - tag codes are unique per customer across groups and points, compared without their '#' / '$'
 *   prefix (TAG_CODE_TAKEN; migration 0004);
 * - another customer's id answers 404 exactly like an unknown one.
 * Every structural write runs in a transaction that first takes the customer's tree lock
 * ({@link lockTree}), so two concurrent requests cannot both pass a check that only one may pass
 * (two crossing moves making a cycle, a point and a group added to the same empty group).
 */

/** A database handle or a transaction. */
type Db = Kysely<DB> | Transaction<DB>;

/** A node as the rules need it. */
export interface TreeNodeRow {
  id: string;
  parent_id: string | null;
  node_type: 'group' | 'point';
  name: string;
  tag_code: string;
}

/** Prefix of a stored tag code: '#' for groups, '$' for points (spec 000 §9). */
export const TAG_PREFIX = { group: '#', point: '$' } as const;

/**
 * Serialises structural writes of one customer's tree until the transaction ends (a PostgreSQL
 * transaction-scoped advisory lock keyed by the customer; the same SQL on PGlite).
 */
export async function lockTree(trx: Transaction<DB>, customerId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`tree:${customerId}`}))`.execute(trx);
}

/** A node of the customer by id and kind, or undefined (also for another customer's node). */
export function findNode(db: Db, customerId: string, id: string, kind: 'group' | 'point'): Promise<TreeNodeRow | undefined> {
  return db
    .selectFrom('tree_nodes')
    .select(['id', 'parent_id', 'node_type', 'name', 'tag_code'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('node_type', '=', kind)
    .executeTakeFirst();
}

/**
 * A group of the customer, or 404 GROUP_NOT_FOUND (unknown, a point, another customer's).
 * @param param the request field that named it (for the answer), e.g. 'parent'
 */
export async function groupOrThrow(db: Db, customerId: string, id: string, param?: string): Promise<TreeNodeRow> {
  const g = await findNode(db, customerId, id, 'group');
  if (!g) throw new AppError('GROUP_NOT_FOUND', param);
  return g;
}

/** How many groups and points a group holds directly. */
export async function childCounts(db: Db, customerId: string, groupId: string): Promise<{ groups: number; points: number }> {
  const rows = await db
    .selectFrom('tree_nodes')
    .select(['node_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('customer_id', '=', customerId)
    .where('parent_id', '=', groupId)
    .groupBy('node_type')
    .execute();
  const n = (t: string) => Number(rows.find((r) => r.node_type === t)?.n ?? 0);
  return { groups: n('group'), points: n('point') };
}

/**
 * Checks that `group` may receive a sub-group (created or moved in).
 * @throws AppError GROUP_HAS_POINTS when it holds points
 */
export async function assertCanHoldGroup(db: Db, customerId: string, group: TreeNodeRow): Promise<void> {
  if ((await childCounts(db, customerId, group.id)).points > 0) throw new AppError('GROUP_HAS_POINTS');
}

/**
 * Checks that `group` may receive a point (created or moved in).
 * @throws AppError ROOT_GROUP_LOCKED for a root group, GROUP_HAS_GROUPS when it holds groups
 */
export async function assertCanHoldPoint(db: Db, customerId: string, group: TreeNodeRow): Promise<void> {
  if (group.parent_id === null) throw new AppError('ROOT_GROUP_LOCKED');
  if ((await childCounts(db, customerId, group.id)).groups > 0) throw new AppError('GROUP_HAS_GROUPS');
}

/**
 * Checks that moving group `groupId` below `targetId` keeps the tree a tree: the target is neither
 * the group itself nor one of its descendants (walks up from the target, one recursive query).
 * @throws AppError TREE_CYCLE
 */
export async function assertNoCycle(db: Db, customerId: string, groupId: string, targetId: string): Promise<void> {
  const hit = await sql<{ id: string }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM tree_nodes WHERE id = ${targetId} AND customer_id = ${customerId}
      UNION ALL
      SELECT t.id, t.parent_id, up.depth + 1 FROM tree_nodes t JOIN up ON t.id = up.parent_id
      WHERE t.customer_id = ${customerId} AND up.depth < 10000
    ) SELECT id FROM up WHERE id = ${groupId} LIMIT 1`.execute(db);
  if (hit.rows.length) throw new AppError('TREE_CYCLE', 'parent');
}

/**
 * Checks that the stored tag code `code` (with its prefix) is free in the customer's tree,
 * compared without the prefix; `exceptId` is the node being edited.
 * @throws AppError TAG_CODE_TAKEN (param tagCode)
 */
export async function assertTagCodeFree(db: Db, customerId: string, code: string, exceptId?: string): Promise<void> {
  let q = db
    .selectFrom('tree_nodes')
    .select('id')
    .where('customer_id', '=', customerId)
    .where(sql<string>`substr(tag_code, 2)`, '=', code.slice(1));
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new AppError('TAG_CODE_TAKEN', 'tagCode');
}

/** The next `sort_order` below a parent (appends; `null` = root level). */
export async function nextSortOrder(db: Db, customerId: string, parentId: string | null): Promise<number> {
  const row = await db
    .selectFrom('tree_nodes')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('customer_id', '=', customerId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}

/**
 * Runs `fn` in a transaction holding the customer's tree lock; a tag-code unique violation that
 * slipped past the checks (a write outside the API) still answers TAG_CODE_TAKEN.
 */
export async function inTreeTransaction<T>(
  db: Kysely<DB>,
  customerId: string,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return onUniqueViolation(
    () =>
      db.transaction().execute(async (trx) => {
        await lockTree(trx, customerId);
        return fn(trx);
      }),
    'TAG_CODE_TAKEN',
    'tagCode',
  );
}
