import { describe, expect, it } from 'vitest';
import type { Permission } from '@overtone/contract';
import { buildTree, type AssetTreeNode } from './buildTree';
import { applyMove, canDrop, dropPlaceOf, indexTree, moveRequest, recordMove, type PendingMove } from './moveRules';
import { nodeMenu } from './nodeMenuRules';
import { PLANT } from './treeFixtures';

const roots = buildTree(PLANT);
const index = indexTree(roots);
const n = (id: string) => index.get(id)!;

/** "name>child" paths, depth first. */
const paths = (nodes: readonly AssetTreeNode[], prefix = ''): string[] =>
  nodes.flatMap((r) => [prefix + r.name, ...paths(r.children, `${prefix}${r.name}>`)]);

describe('canDrop (spec 000 §4 tree move mode)', () => {
  it('allows only inner drops', () => {
    expect(canDrop(index, 'p-pump', 'g-spare', 'inside')).toBe(true);
    expect(canDrop(index, 'p-pump', 'g-spare', 'before')).toBe(false);
    expect(canDrop(index, 'p-pump', 'g-spare', 'after')).toBe(false);
    expect(dropPlaceOf(0)).toBe('inside');
    expect(dropPlaceOf(-1)).toBe('before');
    expect(dropPlaceOf(1)).toBe('after');
  });

  it('lets a point onto a group with only points or nothing, never onto a group holding groups', () => {
    expect(canDrop(index, 'p-motor', 'g-spare', 'inside')).toBe(true); // empty
    expect(canDrop(index, 'p-motor', 'g-hall', 'inside')).toBe(true); // empty, nested
    expect(canDrop(index, 'p-motor', 'g-line2', 'inside')).toBe(false); // holds the group Hall
  });

  it('never gives a point to a root group, even an empty one', () => {
    expect(canDrop(index, 'p-motor', 'g-warehouse', 'inside')).toBe(false);
    expect(canDrop(index, 'p-motor', 'g-plant', 'inside')).toBe(false);
  });

  it('lets a group onto a group with only groups or nothing, never onto a group holding points', () => {
    expect(canDrop(index, 'g-spare', 'g-line2', 'inside')).toBe(true); // only groups
    expect(canDrop(index, 'g-spare', 'g-warehouse', 'inside')).toBe(true); // empty root group
    expect(canDrop(index, 'g-spare', 'g-line1', 'inside')).toBe(false); // holds points
  });

  it('never drops a node into itself or its descendants, nor onto a point', () => {
    expect(canDrop(index, 'g-line2', 'g-line2', 'inside')).toBe(false);
    expect(canDrop(index, 'g-line2', 'g-hall', 'inside')).toBe(false);
    expect(canDrop(index, 'g-spare', 'p-motor', 'inside')).toBe(false);
    expect(canDrop(index, 'p-pump', 'p-motor', 'inside')).toBe(false);
  });

  it('ignores a drop on nothing and does not move root groups', () => {
    expect(canDrop(index, 'p-pump', null, 'inside')).toBe(false);
    expect(canDrop(index, 'p-pump', 'missing', 'inside')).toBe(false);
    expect(canDrop(index, 'g-plant', 'g-warehouse', 'inside')).toBe(false);
  });

  it('does not count the dragged node itself among the target children', () => {
    // Motor DE dropped back onto its own group Line 1 (which holds only points) is allowed.
    expect(canDrop(index, 'p-motor', 'g-line1', 'inside')).toBe(true);
  });
});

describe('applyMove', () => {
  it('moves the node as the last child of the target and updates its parent', () => {
    const next = applyMove(roots, 'p-pump', 'g-spare');
    expect(paths(next)).toEqual([
      'Plant',
      'Plant>Line 1',
      'Plant>Line 1>Motor DE',
      'Plant>Line 2',
      'Plant>Line 2>Hall',
      'Plant>Spare',
      'Plant>Spare>Pump NDE',
      'Warehouse',
    ]);
    expect(indexTree(next).get('p-pump')!.parent).toBe('g-spare');
  });

  it('moves a group with its subtree and leaves the input and untouched branches as they were', () => {
    const before = structuredClone(roots);
    const next = applyMove(roots, 'g-line2', 'g-warehouse');
    expect(paths(next)).toEqual([
      'Plant',
      'Plant>Line 1',
      'Plant>Line 1>Motor DE',
      'Plant>Line 1>Pump NDE',
      'Plant>Spare',
      'Warehouse',
      'Warehouse>Line 2',
      'Warehouse>Line 2>Hall',
    ]);
    expect(roots).toEqual(before);
    expect(next[0].children[0]).toBe(roots[0].children[0]); // Line 1 not copied
  });

  it('changes nothing for a move into its own subtree', () => {
    expect(paths(applyMove(roots, 'g-line2', 'g-hall'))).toEqual(paths(roots));
  });
});

describe('recordMove', () => {
  it('collects one move per node, keeps the first origin and the latest order', () => {
    let moves: PendingMove[] = [];
    moves = recordMove(moves, n('p-pump'), 'g-spare');
    moves = recordMove(moves, n('g-spare'), 'g-line2');
    const pumpNow = { ...n('p-pump'), parent: 'g-spare' };
    moves = recordMove(moves, pumpNow, 'g-hall');
    expect(moves.map((m) => [m.id, m.from, m.to])).toEqual([
      ['g-spare', 'g-plant', 'g-line2'],
      ['p-pump', 'g-line1', 'g-hall'],
    ]);
  });

  it('forgets a node moved back where it came from', () => {
    const moves = recordMove([], n('p-pump'), 'g-spare');
    expect(recordMove(moves, { ...n('p-pump'), parent: 'g-spare' }, 'g-line1')).toEqual([]);
  });
});

describe('moveRequest (spec 000 §7)', () => {
  it('puts a point with tagGroup, name and tag code without prefix', () => {
    const [m] = recordMove([], n('p-pump'), 'g-spare');
    expect(moveRequest(m)).toEqual({
      nodeType: 'point', // PUT /point/p-pump
      id: 'p-pump',
      body: { tagGroup: 'g-spare', name: 'Pump NDE', tagCode: 'PUMP NDE' },
    });
  });

  it('puts a group with name, tag code and parent', () => {
    const [m] = recordMove([], n('g-spare'), 'g-line2');
    expect(moveRequest(m)).toEqual({
      nodeType: 'group', // PUT /tree/group/g-spare
      id: 'g-spare',
      body: { name: 'Spare', tagCode: 'SPARE', parent: 'g-line2' },
    });
  });
});

describe('nodeMenu (spec 000 §2, §4, §6)', () => {
  const all = () => true;
  const only =
    (...granted: Permission[]) =>
    (p: Permission) =>
      granted.includes(p);
  const menu = (id: string, can: (p: Permission) => boolean = all) =>
    nodeMenu(n(id), can).map((e) => (e.disabledReason ? `${e.action}(disabled)` : e.action));

  it('a root group only creates groups: no edit, delete or create point', () => {
    expect(menu('g-plant')).toEqual(['createGroup']);
    expect(menu('g-warehouse')).toEqual(['createGroup']);
  });

  it('a group with group children offers no create point; with children, delete is disabled', () => {
    expect(menu('g-line2')).toEqual(['edit', 'createGroup', 'delete(disabled)']);
  });

  it('a group with point children offers no create group', () => {
    expect(menu('g-line1')).toEqual(['edit', 'createPoint', 'delete(disabled)']);
  });

  it('an empty group offers everything', () => {
    expect(menu('g-spare')).toEqual(['edit', 'createPoint', 'createGroup', 'delete']);
  });

  it('hides entries whose permission is missing', () => {
    expect(menu('g-spare', only('createPoint'))).toEqual(['createPoint', 'createGroup']);
    expect(menu('g-spare', only('updatePoint', 'deletePoint'))).toEqual(['edit', 'delete']);
    expect(menu('p-motor', only('updatePoint'))).toEqual(['edit']);
    expect(menu('p-motor', only('deletePoint'))).toEqual(['delete']);
    expect(menu('p-motor', only('createPoint', 'readPoint'))).toEqual([]);
  });
});
