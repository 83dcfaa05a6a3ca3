import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { buildTree, filterTree, type AssetTreeNode } from './buildTree';
import { TreeNodeTitle } from './TreeNodeTitle';
import { useTreeQuery } from './treeApi';

interface TreeDataNode extends DataNode {
  key: string;
  node: AssetTreeNode;
  children: TreeDataNode[];
}

const toDataNodes = (nodes: AssetTreeNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n._id, node: n, isLeaf: n.nodeType === 'point', children: toDataNodes(n.children) }));

interface Props {
  selectedPointId: string | null;
  onOpenPoint(id: string, name: string): void;
}

/** The asset tree (spec 000 §2): quick search by name or MAC address, refresh, health per point. */
export function AssetTree({ selectedPointId, onOpenPoint }: Props) {
  const { t } = useTranslation('tree');
  const tree = useTreeQuery();
  const [query, setQuery] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<string[] | null>(null);

  const roots = useMemo(() => buildTree(tree.data ?? []), [tree.data]);
  const filtered = useMemo(() => filterTree(roots, query), [roots, query]);
  const treeData = useMemo(() => toDataNodes(filtered.roots), [filtered.roots]);
  const allGroups = useMemo(() => (tree.data ?? []).filter((n) => n.nodeType === 'group').map((n) => n._id), [tree.data]);
  // While searching, the matches' ancestors are expanded; otherwise the user's choice (everything at first).
  const expanded = query.trim() ? filtered.expandedKeys : (expandedKeys ?? allGroups);

  return (
    <Flex vertical gap={8} style={{ height: '100%' }} data-testid="asset-tree">
      <Flex align="center" justify="space-between">
        <Typography.Text strong>{t('title')}</Typography.Text>
        <Tooltip title={t('refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={tree.isFetching} />}
            aria-label={t('refresh')}
            onClick={() => void tree.refetch()}
            data-testid="tree-refresh"
          />
        </Tooltip>
      </Flex>
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="tree-search"
      />
      {tree.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.trim() ? t('noMatch') : t('empty')} />
      ) : (
        <div style={{ overflow: 'auto', flex: 1 }}>
          <Tree<TreeDataNode>
            blockNode
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys) => {
              if (!query.trim()) setExpandedKeys(keys.map(String));
            }}
            selectedKeys={selectedPointId ? [selectedPointId] : []}
            onSelect={(_, info) => {
              const n = info.node.node;
              if (n.nodeType === 'point') onOpenPoint(n._id, n.name);
              else if (!query.trim())
                setExpandedKeys(expanded.includes(n._id) ? expanded.filter((k) => k !== n._id) : [...expanded, n._id]);
            }}
            titleRender={(d) => <TreeNodeTitle node={d.node} expanded={expanded.includes(d.key)} />}
          />
        </div>
      )}
    </Flex>
  );
}
