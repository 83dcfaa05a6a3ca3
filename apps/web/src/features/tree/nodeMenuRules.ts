import type { Permission } from '@overtone/contract';
import type { AssetTreeNode } from './buildTree';
import { isRootGroup } from './moveRules';

/** What a node menu offers (spec 000 §2 "Asset tree"). */
export type NodeAction = 'edit' | 'createPoint' | 'createGroup' | 'delete';

export interface NodeMenuEntry {
  action: NodeAction;
  /** Shown but disabled, with this reason as a tooltip (a `tree` locale key). */
  disabledReason?: 'deleteHasChildren';
}

/**
 * The entries of a node's menu, by permission and by the tree rules (spec 000 §2, §4, §6):
 * - group: edit (updatePoint), create point and create group (createPoint), delete (deletePoint);
 *   no create point while it has group children, no create group while it has point children,
 *   delete disabled while it has children; a root group has no edit, delete or create point;
 * - point: edit (updatePoint), delete (deletePoint).
 * The spec names no permission for group edit and delete; the point permissions are used, as
 * the server guards the group calls with them.
 * @param node the node with its complete children (not a search-filtered copy)
 * @param can whether the session holds a permission
 */
export function nodeMenu(node: AssetTreeNode, can: (p: Permission) => boolean): NodeMenuEntry[] {
  const out: NodeMenuEntry[] = [];
  if (node.nodeType === 'point') {
    if (can('updatePoint')) out.push({ action: 'edit' });
    if (can('deletePoint')) out.push({ action: 'delete' });
    return out;
  }
  const root = isRootGroup(node);
  const hasGroups = node.children.some((c) => c.nodeType === 'group');
  const hasPoints = node.children.some((c) => c.nodeType === 'point');
  if (!root && can('updatePoint')) out.push({ action: 'edit' });
  if (!root && !hasGroups && can('createPoint')) out.push({ action: 'createPoint' });
  if (!hasPoints && can('createPoint')) out.push({ action: 'createGroup' });
  if (!root && can('deletePoint'))
    out.push(node.children.length ? { action: 'delete', disabledReason: 'deleteHasChildren' } : { action: 'delete' });
  return out;
}
