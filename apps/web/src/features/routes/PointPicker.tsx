import { useMemo } from 'react';
import { Empty, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@overtone/contract';
import { buildTree, type AssetTreeNode } from '../tree/buildTree';
import { useTreeQuery } from '../tree/treeApi';

interface Props {
  /** Ids of the chosen points, in the order chosen (antd Form.Item passes value/onChange). */
  value?: string[];
  onChange?(next: string[]): void;
  'data-testid'?: string;
}

const hasPoint = (n: AssetTreeNode): boolean => n.nodeType === 'point' || n.children.some(hasPoint);

/** The asset tree as checkable nodes; a group without points cannot be ticked. */
function toDataNodes(nodes: readonly AssetTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n._id,
    title: <span data-testid={`route-pick-${n.name}`}>{n.name}</span>,
    isLeaf: n.nodeType === 'point',
    disableCheckbox: !hasPoint(n),
    children: toDataNodes(n.children),
  }));
}

/**
 * Keeps the points already chosen in their order and appends the newly ticked ones in tree order;
 * group keys (ticking a group ticks its points) are dropped.
 * @param previous ids chosen so far
 * @param checked  every key antd reports as checked (groups and points)
 * @param points   every point id of the tree
 */
export function nextSelection(previous: readonly string[], checked: readonly string[], points: ReadonlySet<string>): string[] {
  const now = new Set(checked.filter((k) => points.has(k)));
  return [...previous.filter((id) => now.has(id)), ...checked.filter((k) => points.has(k) && !previous.includes(k))];
}

/**
 * The points of a route, picked in the asset tree (spec 000 §2 "Routes tab": a tree of points to
 * pick), from the tree query (`GET /tree`) nested by `buildTree`. Ticking a group ticks all its points.
 */
export function PointPicker({ value = [], onChange, ...rest }: Props) {
  const { t } = useTranslation('routes');
  const tree = useTreeQuery();
  const nodes: readonly TreeNode[] = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toDataNodes(buildTree(nodes)), [nodes]);
  const points = useMemo(() => new Set(nodes.filter((n) => n.nodeType === 'point').map((n) => n._id)), [nodes]);
  // Points deleted since the route was saved are not in the tree: they are neither shown nor kept.
  const shown = value.filter((id) => points.has(id));

  if (tree.isPending) return <Spin size="small" />;
  if (!points.size) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPoints')} />;
  return (
    <div data-testid={rest['data-testid']}>
      <Typography.Text type="secondary">{t('selectedCount', { count: shown.length })}</Typography.Text>
      <div style={{ maxHeight: 320, overflow: 'auto', marginTop: 4 }}>
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={shown}
          onCheck={(checked) => {
            const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
            onChange?.(nextSelection(shown, keys, points));
          }}
        />
      </div>
    </div>
  );
}
