import type { Group, GroupBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { deleteNode, groupChildren, insertGroupNode, updateGroupNode } from './repo.ts';
import {
  TAG_PREFIX,
  assertCanHoldGroup,
  assertNoCycle,
  assertTagCodeFree,
  childCounts,
  groupOrThrow,
  inTreeTransaction,
  nextSortOrder,
} from './rules.ts';

/**
 * A group of the customer with its direct children in display order (spec 000 §7 `GET /tree/group/{id}`).
 * @throws AppError GROUP_NOT_FOUND for an unknown id, a point's id or another customer's group
 */
export async function groupWithChildren(ctx: AppContext, customerId: string, groupId: string): Promise<Group> {
  const g = await groupOrThrow(ctx.db, customerId, groupId);
  const children = await groupChildren(ctx.db, customerId, g.id);
  return {
    _id: g.id,
    name: g.name,
    tagCode: g.tag_code,
    parent: g.parent_id ?? 'root',
    nodeType: 'group',
    children: children.map((c) => ({ _id: c.id, name: c.name, nodeType: c.node_type })),
  };
}

/**
 * Creates a group under `parentGroupId`, or a root group for `'root'` (spec 000 §4 "Tree rules"): the
 * parent must hold no points, the tag code (with its `#`) be free; the group goes last.
 * @throws AppError GROUP_NOT_FOUND, GROUP_HAS_POINTS, TAG_CODE_TAKEN
 */
export async function createGroup(
  ctx: AppContext,
  customerId: string,
  parentGroupId: string,
  body: GroupBody,
): Promise<{ _id: string }> {
  const tagCode = TAG_PREFIX.group + body.tagCode;
  return inTreeTransaction(ctx.db, customerId, async (trx) => {
    const parent = parentGroupId === 'root' ? null : await groupOrThrow(trx, customerId, parentGroupId, 'parentGroupId');
    if (parent) await assertCanHoldGroup(trx, customerId, parent);
    await assertTagCodeFree(trx, customerId, tagCode);
    const id = newId();
    const parentId = parent?.id ?? null;
    await insertGroupNode(trx, {
      id,
      customerId,
      parentId,
      name: body.name,
      tagCode,
      sortOrder: await nextSortOrder(trx, customerId, parentId),
    });
    return { _id: id };
  });
}

/**
 * Renames a group, and moves it when `body.parent` names another group (tree move mode): never a
 * root group, never under itself or its descendants, never into a group holding points; a moved
 * group goes last.
 * @throws AppError GROUP_NOT_FOUND, ROOT_GROUP_LOCKED, TREE_CYCLE, GROUP_HAS_POINTS, TAG_CODE_TAKEN
 */
export async function editGroup(ctx: AppContext, customerId: string, groupId: string, body: GroupBody): Promise<{ _id: string }> {
  const tagCode = TAG_PREFIX.group + body.tagCode;
  return inTreeTransaction(ctx.db, customerId, async (trx) => {
    const g = await groupOrThrow(trx, customerId, groupId);
    if (g.parent_id === null) throw new AppError('ROOT_GROUP_LOCKED');
    let parentId = g.parent_id;
    const target = body.parent;
    if (target !== undefined && target !== g.parent_id) {
      const parent = await groupOrThrow(trx, customerId, target, 'parent');
      await assertNoCycle(trx, customerId, g.id, parent.id);
      await assertCanHoldGroup(trx, customerId, parent);
      parentId = parent.id;
    }
    await assertTagCodeFree(trx, customerId, tagCode, g.id);
    const moved = parentId !== g.parent_id;
    await updateGroupNode(trx, customerId, g.id, {
      name: body.name,
      tagCode,
      parentId,
      sortOrder: moved ? await nextSortOrder(trx, customerId, parentId) : undefined,
    });
    return { _id: g.id };
  });
}

/**
 * Deletes an empty group (not a root group).
 * @throws AppError GROUP_NOT_FOUND, ROOT_GROUP_LOCKED, GROUP_NOT_EMPTY
 */
export async function deleteGroup(ctx: AppContext, customerId: string, groupId: string): Promise<void> {
  await inTreeTransaction(ctx.db, customerId, async (trx) => {
    const g = await groupOrThrow(trx, customerId, groupId);
    if (g.parent_id === null) throw new AppError('ROOT_GROUP_LOCKED');
    const n = await childCounts(trx, customerId, g.id);
    if (n.groups + n.points > 0) throw new AppError('GROUP_NOT_EMPTY');
    await deleteNode(trx, customerId, g.id);
  });
}
