/**
 * Test fixtures of the tree feature (imported by its *.test.ts(x) only): `GET /tree` nodes shaped
 * by the contract and a small plant.
 */
import type { TreeNode } from '@overtone/contract';

export const group = (id: string, parent: string, name: string): TreeNode => ({
  _id: id,
  parent,
  name,
  nodeType: 'group',
  tagCode: `#${name.toUpperCase()}`,
  unansweredEvaluationsCount: 0,
  lastTelemetryValue: null,
  health: 'unknown',
  macAddress: null,
});

export const point = (id: string, parent: string, name: string, extra: Partial<TreeNode> = {}): TreeNode => ({
  ...group(id, parent, name),
  nodeType: 'point',
  tagCode: `$${name.toUpperCase()}`,
  ...extra,
});

/**
 * Plant (root) ─┬ Line 1 ─┬ Motor DE (critical, 3 unanswered, GRMS 1.23456)
 *               │         └ Pump NDE
 *               ├ Line 2 ── Hall ── (empty)
 *               └ Spare (empty)
 * Warehouse (root, empty)
 */
export const PLANT: TreeNode[] = [
  group('g-plant', 'root', 'Plant'),
  group('g-line1', 'g-plant', 'Line 1'),
  point('p-motor', 'g-line1', 'Motor DE', {
    health: 'critical',
    unansweredEvaluationsCount: 3,
    lastTelemetryValue: { value: 1.23456, telemetry: 'GRMS' },
    macAddress: 'AA:BB:CC:00:00:01',
  }),
  point('p-pump', 'g-line1', 'Pump NDE', { health: 'healthy' }),
  group('g-line2', 'g-plant', 'Line 2'),
  group('g-hall', 'g-line2', 'Hall'),
  group('g-spare', 'g-plant', 'Spare'),
  group('g-warehouse', 'root', 'Warehouse'),
];
