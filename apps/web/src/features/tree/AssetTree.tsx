import { useMemo, useRef, useState, type Key } from 'react';
import { Empty, Flex, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { buildTree, filterTree, type AssetTreeNode } from './buildTree';
import { canDrag, canDrop, dropPlaceOf, indexTree } from './moveRules';
import { NodeMenu, NodeMenuHost, useNodeMenu } from './NodeMenu';
import { nodeMenu } from './nodeMenuRules';
import { TreeNodeTitle } from './TreeNodeTitle';
import { MoveBar, SelectionBar, TreeHeader } from './TreeToolbar';
import { useTreeQuery } from './treeApi';
import { useElementHeight } from './useElementHeight';
import { useMoveMode } from './useMoveMode';
import { useNodeActions } from './useNodeActions';

interface TreeDataNode extends DataNode {
  key: string;
  node: AssetTreeNode;
  children: TreeDataNode[];
}

const toDataNodes = (nodes: AssetTreeNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n._id, node: n, isLeaf: n.nodeType === 'point', children: toDataNodes(n.children) }));

const keysOf = (nodes: readonly AssetTreeNode[]) => [...indexTree(nodes).keys()];

interface Props {
  selectedPointId: string | null;
  onOpenPoint(id: string, name: string): void;
  /** Told the checked point ids whenever the checkbox selection changes (e.g. to filter measurements). */
  onCheckedPointsChange?: (pointIds: string[]) => void;
  /** Told after a point was deleted from its menu (e.g. to close its tab). */
  onPointDeleted?: (pointId: string) => void;
}

/**
 * The asset tree (spec 000 §2): quick search by name or MAC address, refresh, checkbox selection
 * with select all and reset, node menus (by permission and the tree rules), a root group dialog,
 * and the move mode (updatePoint). Rows are virtualised once the body's height is known, so that
 * trees of 10,000 nodes scroll smoothly.
 */
export function AssetTree({ selectedPointId, onOpenPoint, onCheckedPointsChange, onPointDeleted }: Props) {
  const { t } = useTranslation('tree');
  const session = useSession();
  const can = (p: Permission) => hasPermission(session, p);
  const tree = useTreeQuery();
  const roots = useMemo(() => buildTree(tree.data ?? []), [tree.data]);
  const move = useMoveMode(roots);
  const actions = useNodeActions(onPointDeleted);
  const nodeMenuState = useNodeMenu();
  const index = useMemo(() => indexTree(move.shown), [move.shown]);

  const [query, setQuery] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<string[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const height = useElementHeight(bodyRef);

  const searching = Boolean(query.trim());
  const filtered = useMemo(() => filterTree(move.shown, query), [move.shown, query]);
  const treeData = useMemo(() => toDataNodes(filtered.roots), [filtered.roots]);
  const allGroups = useMemo(() => [...index.values()].filter((n) => n.nodeType === 'group').map((n) => n._id), [index]);
  // While searching, the matches' ancestors are expanded; otherwise the user's choice (everything at first).
  const expanded = searching ? filtered.expandedKeys : (expandedKeys ?? allGroups);
  const checkedPoints = useMemo(() => checked.filter((k) => index.get(k)?.nodeType === 'point'), [checked, index]);

  const check = (keys: string[]) => {
    setChecked(keys);
    onCheckedPointsChange?.(keys.filter((k) => index.get(k)?.nodeType === 'point'));
  };
  const onCheck = (keys: Key[] | { checked: Key[] }) => {
    const next = (Array.isArray(keys) ? keys : keys.checked).map(String);
    if (!searching) return check(next);
    // Nodes hidden by the search keep their checkbox state.
    const visible = new Set(keysOf(filtered.roots));
    check([...checked.filter((k) => !visible.has(k)), ...next]);
  };

  const toggleMove = () => (move.moving ? move.cancel() : move.start());

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }} data-testid="asset-tree">
      <TreeHeader
        refreshing={tree.isFetching}
        onRefresh={() => void tree.refetch()}
        onCreateRootGroup={can('createPoint') ? actions.createRootGroup : undefined}
        onToggleMove={can('updatePoint') ? toggleMove : undefined}
        moving={move.moving}
      />
      {move.moving && (
        <MoveBar count={move.moves.length} saving={move.saving} onSave={() => void move.save()} onCancel={move.cancel} />
      )}
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="tree-search"
      />
      <SelectionBar count={checkedPoints.length} onSelectAll={() => check(keysOf(move.shown))} onReset={() => check([])} />
      <div ref={bodyRef} style={{ flex: 1, minHeight: 0, overflow: height > 0 ? 'hidden' : 'auto' }}>
        {tree.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t('noMatch') : t('empty')} />
        ) : (
          <Tree<TreeDataNode>
            blockNode
            checkable
            height={height > 0 ? height : undefined}
            treeData={treeData}
            checkedKeys={checked}
            onCheck={onCheck}
            expandedKeys={expanded}
            onExpand={(keys) => {
              if (!searching) setExpandedKeys(keys.map(String));
            }}
            selectedKeys={selectedPointId ? [selectedPointId] : []}
            onSelect={(_, info) => {
              const n = info.node.node;
              if (n.nodeType === 'point') onOpenPoint(n._id, n.name);
              else if (!searching)
                setExpandedKeys(expanded.includes(n._id) ? expanded.filter((k) => k !== n._id) : [...expanded, n._id]);
            }}
            draggable={move.moving ? { icon: false, nodeDraggable: (d) => canDrag((d as TreeDataNode).node) } : false}
            allowDrop={({ dragNode, dropNode, dropPosition }) =>
              canDrop(index, String(dragNode.key), String(dropNode.key), dropPlaceOf(dropPosition))
            }
            onDrop={(info) => {
              // Only inner drops count; anything else (a gap, nothing) is ignored.
              if (info.dropToGap) return;
              const target = String(info.node.key);
              move.drop(String(info.dragNode.key), target);
              if (expandedKeys && !expandedKeys.includes(target)) setExpandedKeys([...expandedKeys, target]);
            }}
            titleRender={(d) => {
              const node = index.get(d.key) ?? d.node;
              return (
                <NodeMenu
                  name={node.name}
                  entries={move.moving ? [] : nodeMenu(node, can)}
                  onOpen={(entries, x, y) => nodeMenuState.open(node._id, entries, x, y)}
                >
                  <TreeNodeTitle node={node} expanded={expanded.includes(d.key)} />
                </NodeMenu>
              );
            }}
          />
        )}
      </div>
      <NodeMenuHost
        menu={nodeMenuState.menu}
        onClose={nodeMenuState.close}
        onAction={(id, a) => {
          const node = index.get(id);
          if (node) actions.run(a, node);
        }}
      />
      {actions.dialogs}
    </Flex>
  );
}
