import { sanitizeTagCode, type ENDPOINTS, type EndpointBody } from '@overtone/contract';
import type { AssetTreeNode } from './buildTree';

/**
 * Pure rules of the tree move mode (spec 000 §4 "Tree move mode"): which drops are allowed, how a
 * drop changes the tree shown, how the moves are collected and which calls save them.
 * Nothing here touches React or the network.
 */

/** Every node of a tree by id (the nodes themselves, not copies). */
export type NodeIndex = ReadonlyMap<string, AssetTreeNode>;

/** Indexes a nested tree by node id. O(n). */
export function indexTree(roots: readonly AssetTreeNode[]): Map<string, AssetTreeNode> {
  const out = new Map<string, AssetTreeNode>();
  const stack = [...roots];
  while (stack.length) {
    const n = stack.pop()!;
    out.set(n._id, n);
    stack.push(...n.children);
  }
  return out;
}

/** A root group: a group at the top level (parent 'root', spec 000 §3). */
export const isRootGroup = (node: AssetTreeNode) => node.nodeType === 'group' && (node.parent === 'root' || !node.parent);

/**
 * Where a node is dropped relative to the target, as antd's Tree reports it: `inside` the target
 * (drop position 0) or into the gap `before`/`after` it (-1 / 1).
 */
export type DropPlace = 'before' | 'inside' | 'after';

/** antd's relative drop position (-1, 0, 1) as a {@link DropPlace}. */
export const dropPlaceOf = (dropPosition: number): DropPlace =>
  dropPosition === 0 ? 'inside' : dropPosition < 0 ? 'before' : 'after';

/** Whether `ancestorId` is `node` itself or one of its ancestors (walks `parent` up; cycle-safe). */
export function isSelfOrDescendant(index: NodeIndex, nodeId: string, ancestorId: string): boolean {
  const seen = new Set<string>();
  let current: string | undefined = nodeId;
  while (current && !seen.has(current)) {
    if (current === ancestorId) return true;
    seen.add(current);
    current = index.get(current)?.parent;
  }
  return false;
}

/**
 * Whether `dragId` may be dropped at `place` of `targetId` (spec 000 §4):
 * - only inner drops, and only onto a group;
 * - never onto itself or one of its own descendants;
 * - a group onto a group whose other children are all groups (or that has none);
 * - a point onto a group whose other children are all points (or that has none), and never onto a
 *   root group (spec 000 §2: a root group cannot be given points);
 * - a root group itself is not moved (it cannot be edited, spec 000 §2).
 * A missing target (a drop on nothing) is never allowed.
 */
export function canDrop(index: NodeIndex, dragId: string, targetId: string | null | undefined, place: DropPlace): boolean {
  if (place !== 'inside' || !targetId) return false;
  const drag = index.get(dragId);
  const target = index.get(targetId);
  if (!drag || !target || target.nodeType !== 'group') return false;
  if (isRootGroup(drag)) return false;
  if (isSelfOrDescendant(index, targetId, dragId)) return false;
  const others = target.children.filter((c) => c._id !== dragId);
  if (drag.nodeType === 'group') return others.every((c) => c.nodeType === 'group');
  if (isRootGroup(target)) return false;
  return others.every((c) => c.nodeType === 'point');
}

/** Whether a node may be dragged at all (root groups stay where they are). */
export const canDrag = (node: AssetTreeNode) => !isRootGroup(node);

/**
 * The tree after moving `dragId` into `targetId` (appended as the last child, `parent` updated).
 * Only the nodes on the two changed paths are copied; the input is not modified. Returns the
 * input unchanged when either node is missing or the target lies inside the dragged node.
 */
export function applyMove(roots: readonly AssetTreeNode[], dragId: string, targetId: string): AssetTreeNode[] {
  const index = indexTree(roots);
  const drag = index.get(dragId);
  if (!drag || !index.has(targetId) || isSelfOrDescendant(index, targetId, dragId)) return [...roots];
  const moved: AssetTreeNode = { ...drag, parent: targetId };

  const rebuild = (nodes: readonly AssetTreeNode[]): AssetTreeNode[] => {
    let changed = false;
    const out: AssetTreeNode[] = [];
    for (const n of nodes) {
      if (n._id === dragId) {
        changed = true;
        continue;
      }
      const children = rebuild(n.children);
      const withDrop = n._id === targetId ? [...children, moved] : children;
      if (withDrop !== n.children) {
        changed = true;
        out.push({ ...n, children: withDrop });
      } else out.push(n);
    }
    return changed ? out : (nodes as AssetTreeNode[]);
  };
  return rebuild(roots);
}

/** One collected move: the node, the parent it had when move mode began and the one it has now. */
export interface PendingMove {
  id: string;
  nodeType: AssetTreeNode['nodeType'];
  name: string;
  tagCode: string;
  /** Parent when move mode was switched on. */
  from: string;
  /** Parent now. */
  to: string;
}

/**
 * Adds a drop to the collected moves. A node moved twice keeps its original `from` and goes to
 * the end of the list (moves are saved in the order they were last made, so that a group emptied
 * by one move can take another's node); a node moved back where it came from is no longer a move.
 */
export function recordMove(moves: readonly PendingMove[], node: AssetTreeNode, to: string): PendingMove[] {
  const earlier = moves.find((m) => m.id === node._id);
  const rest = moves.filter((m) => m.id !== node._id);
  const from = earlier?.from ?? node.parent;
  if (from === to) return rest;
  return [...rest, { id: node._id, nodeType: node.nodeType, name: node.name, tagCode: node.tagCode, from, to }];
}

/** A save call of the move mode: the contract's `updatePoint` or `updateGroup`, for the node `id`. */
export type MoveRequest =
  | { nodeType: 'point'; id: string; body: EndpointBody<typeof ENDPOINTS.updatePoint> }
  | { nodeType: 'group'; id: string; body: EndpointBody<typeof ENDPOINTS.updateGroup> };

/**
 * The call that persists a move (spec 000 §7): a point → `PUT /point/{id}` with the new group in
 * `tagGroup` plus its name and tag code; a group → `PUT /tree/group/{id}` with name, tag code and
 * the new `parent`. Tag codes are sent without their '#'/'$' prefix, as the contract expects.
 */
export function moveRequest(move: PendingMove): MoveRequest {
  const tagCode = sanitizeTagCode(move.tagCode);
  return move.nodeType === 'point'
    ? { nodeType: 'point', id: move.id, body: { tagGroup: move.to, name: move.name, tagCode } }
    : { nodeType: 'group', id: move.id, body: { name: move.name, tagCode, parent: move.to } };
}
