import type { TreeNode } from '@overtone/contract';

/** A node of the asset tree with its children nested. */
export interface AssetTreeNode extends TreeNode {
  children: AssetTreeNode[];
}

/** Parent values that mean "top level" (spec 000 §3: 'root'; null roots are treated as root). */
const isRootParent = (parent: string | null | undefined) =>
  parent === null || parent === undefined || parent === '' || parent === 'root';

/**
 * Nests the flat `GET /tree` list by `parent`, keeping the server's order among siblings.
 * Nodes whose parent is 'root', null or missing from the list are placed at the top level, so
 * that nothing the server sent disappears; a parent cycle is broken at the first node met.
 * @param nodes flat list, each node once
 * @returns the top-level nodes, children nested (new objects; the input is not modified)
 */
export function buildTree(nodes: readonly TreeNode[]): AssetTreeNode[] {
  const byId = new Map<string, AssetTreeNode>();
  for (const n of nodes) byId.set(n._id, { ...n, children: [] });

  const childrenOf = new Map<string, AssetTreeNode[]>();
  const roots: AssetTreeNode[] = [];
  for (const n of nodes) {
    const node = byId.get(n._id)!;
    const parent = n.parent as string | null;
    if (isRootParent(parent) || !byId.has(parent!) || parent === n._id) roots.push(node);
    else {
      const list = childrenOf.get(parent!) ?? [];
      list.push(node);
      childrenOf.set(parent!, list);
    }
  }

  const placed = new Set<string>();
  const attach = (node: AssetTreeNode) => {
    placed.add(node._id);
    for (const child of childrenOf.get(node._id) ?? []) {
      if (placed.has(child._id)) continue;
      node.children.push(child);
      attach(child);
    }
  };
  roots.forEach(attach);
  // Members of a parent cycle are reachable from no root: lift the first of each to the top.
  for (const n of nodes) {
    if (placed.has(n._id)) continue;
    const node = byId.get(n._id)!;
    roots.push(node);
    attach(node);
  }
  return roots;
}

/** Upper-case hex digits of a MAC address, without separators ("ab:cd-ef" → "ABCDEF"). */
const macDigits = (s: string) => s.toUpperCase().replace(/[^0-9A-F]/g, '');

/** Whether a node matches the quick search: name (case-insensitive) or its device's MAC address. */
export function nodeMatches(node: TreeNode, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  if (node.name.toLocaleLowerCase().includes(q)) return true;
  if (!node.macAddress) return false;
  if (node.macAddress.toLowerCase().includes(q)) return true;
  const digits = macDigits(q);
  return digits.length >= 2 && /^[0-9a-f:.\- ]+$/i.test(q) && macDigits(node.macAddress).includes(digits);
}

export interface FilteredTree {
  roots: AssetTreeNode[];
  /** Ids of the nodes to expand so that every match is visible (its ancestors). */
  expandedKeys: string[];
}

/**
 * The quick search (spec 000 §2): keeps the nodes that match by name or device MAC address
 * together with their ancestors; a matching group keeps its whole subtree.
 * An empty query returns the tree unchanged and expands nothing.
 */
export function filterTree(roots: readonly AssetTreeNode[], query: string): FilteredTree {
  if (!query.trim()) return { roots: [...roots], expandedKeys: [] };
  const expanded = new Set<string>();

  const visit = (node: AssetTreeNode, ancestors: string[]): AssetTreeNode | null => {
    if (nodeMatches(node, query)) {
      ancestors.forEach((a) => expanded.add(a));
      return node;
    }
    const kept = node.children.map((c) => visit(c, [...ancestors, node._id])).filter((c): c is AssetTreeNode => c !== null);
    return kept.length ? { ...node, children: kept } : null;
  };

  const out = roots.map((r) => visit(r, [])).filter((r): r is AssetTreeNode => r !== null);
  return { roots: out, expandedKeys: [...expanded] };
}

/** Finds a node by id anywhere in the tree. */
export function findNode(roots: readonly AssetTreeNode[], id: string): AssetTreeNode | undefined {
  for (const r of roots) {
    if (r._id === id) return r;
    const hit = findNode(r.children, id);
    if (hit) return hit;
  }
  return undefined;
}
