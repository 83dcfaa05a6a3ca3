import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@overtone/contract';
import { buildTree, filterTree, findNode, nodeMatches, type AssetTreeNode } from './buildTree';

const node = (id: string, parent: string | null, name: string, extra: Partial<TreeNode> = {}): TreeNode => ({
  _id: id,
  parent: parent as string,
  name,
  nodeType: 'group',
  tagCode: `#${name}`,
  unansweredEvaluationsCount: 0,
  lastTelemetryValue: null,
  health: 'unknown',
  macAddress: null,
  ...extra,
});
const point = (id: string, parent: string, name: string, mac: string | null = null) =>
  node(id, parent, name, { nodeType: 'point', macAddress: mac });

/** Names in depth-first order with their depth, e.g. "Plant>Line 1>Motor". */
const paths = (roots: AssetTreeNode[], prefix = ''): string[] =>
  roots.flatMap((r) => [prefix + r.name, ...paths(r.children, `${prefix}${r.name}>`)]);

const flat: TreeNode[] = [
  point('p1', 'g2', 'Motor DE', 'AA:BB:CC:00:00:01'),
  node('g1', 'root', 'Plant'),
  node('g2', 'g1', 'Line 1'),
  point('p2', 'g2', 'Pump NDE', 'AA:BB:CC:00:00:02'),
  node('g3', 'g1', 'Line 2'),
  point('p3', 'g3', 'Fan', 'DE:AD:BE:EF:00:03'),
  node('g4', null, 'Warehouse'),
];

describe('buildTree', () => {
  it('nests the flat list by parent, keeping the server order among siblings', () => {
    expect(paths(buildTree(flat))).toEqual([
      'Plant',
      'Plant>Line 1',
      'Plant>Line 1>Motor DE',
      'Plant>Line 1>Pump NDE',
      'Plant>Line 2',
      'Plant>Line 2>Fan',
      'Warehouse',
    ]);
  });

  it("treats 'root', null and unknown parents as top level", () => {
    const roots = buildTree([node('a', 'root', 'A'), node('b', null, 'B'), node('c', 'missing', 'C')]);
    expect(roots.map((r) => r.name)).toEqual(['A', 'B', 'C']);
  });

  it('does not lose nodes caught in a parent cycle', () => {
    const roots = buildTree([node('a', 'b', 'A'), node('b', 'a', 'B'), node('c', 'c', 'Self')]);
    expect(paths(roots).sort()).toEqual(['A', 'A>B', 'Self']);
  });

  it('does not modify its input', () => {
    const input = structuredClone(flat);
    buildTree(input);
    expect(input).toEqual(flat);
  });

  it('returns an empty tree for an empty list', () => {
    expect(buildTree([])).toEqual([]);
  });
});

describe('quick search', () => {
  const tree = buildTree(flat);

  it('matches names case-insensitively and keeps the ancestors', () => {
    const r = filterTree(tree, 'pump');
    expect(paths(r.roots)).toEqual(['Plant', 'Plant>Line 1', 'Plant>Line 1>Pump NDE']);
    expect(r.expandedKeys.sort()).toEqual(['g1', 'g2']);
  });

  it('matches the device MAC address, with or without separators', () => {
    expect(paths(filterTree(tree, 'de:ad:be').roots)).toEqual(['Plant', 'Plant>Line 2', 'Plant>Line 2>Fan']);
    expect(paths(filterTree(tree, 'DEADBEEF').roots)).toEqual(['Plant', 'Plant>Line 2', 'Plant>Line 2>Fan']);
  });

  it('keeps the whole subtree of a matching group', () => {
    expect(paths(filterTree(tree, 'line 2').roots)).toEqual(['Plant', 'Plant>Line 2', 'Plant>Line 2>Fan']);
  });

  it('returns nothing when nothing matches, and everything for an empty query', () => {
    expect(filterTree(tree, 'compressor').roots).toEqual([]);
    expect(paths(filterTree(tree, '  ').roots)).toEqual(paths(tree));
    expect(filterTree(tree, '').expandedKeys).toEqual([]);
  });

  it('does not treat a name fragment as MAC digits', () => {
    // "de" is in the MAC DE:AD:BE:EF:00:03 and in "Motor DE": both match, nothing else.
    expect(paths(filterTree(tree, 'de').roots)).toEqual([
      'Plant',
      'Plant>Line 1',
      'Plant>Line 1>Motor DE',
      'Plant>Line 1>Pump NDE',
      'Plant>Line 2',
      'Plant>Line 2>Fan',
    ]);
    expect(nodeMatches(point('x', 'g', 'Gearbox', '12:34:56:78:9A:BC'), 'box 12')).toBe(false);
  });

  it('finds a node anywhere by id', () => {
    expect(findNode(tree, 'p3')?.name).toBe('Fan');
    expect(findNode(tree, 'nope')).toBeUndefined();
  });
});
