import { useState, type ReactNode } from 'react';
import { App, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PointFormDialog, type PointFormMode } from '../point-form/PointFormDialog';
import { ApiError } from '../../core/api/ApiError';
import type { AssetTreeNode } from './buildTree';
import { GroupFormDialog, type GroupFormMode } from './GroupFormDialog';
import type { NodeAction } from './nodeMenuRules';
import { deleteGroup, deletePoint, reloadTree } from './treeMutations';

export interface NodeActions {
  /** Runs a menu entry of a node. */
  run(action: NodeAction, node: AssetTreeNode): void;
  /** Opens the dialog creating a root group. */
  createRootGroup(): void;
  /** The dialogs; render once, outside the tree. */
  dialogs: ReactNode;
}

/**
 * What the node menus do (spec 000 §2, §4, §8): the group and point dialogs, and deletes guarded
 * by a confirmation whose cancel says tree.DeleteCanceled. A failed group delete shows the
 * server's message as an info toast; a failed point delete shows tree.DeleteCanceled. Every
 * change reloads the tree.
 * @param onPointDeleted told after a point was deleted (e.g. to close its tab)
 */
export function useNodeActions(onPointDeleted?: (id: string) => void): NodeActions {
  const { t } = useTranslation('tree');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [groupMode, setGroupMode] = useState<GroupFormMode | null>(null);
  const [pointMode, setPointMode] = useState<PointFormMode | null>(null);

  const remove = async (node: AssetTreeNode) => {
    try {
      if (node.nodeType === 'group') await deleteGroup(node._id);
      else await deletePoint(node._id);
    } catch (e) {
      if (node.nodeType === 'group') void message.info(e instanceof ApiError ? e.message : t('DeleteCanceled'));
      else void message.info(t('DeleteCanceled'));
      return;
    }
    void message.success(t(node.nodeType === 'group' ? 'groupDeleted' : 'pointDeleted'));
    if (node.nodeType === 'point') onPointDeleted?.(node._id);
    await reloadTree(queryClient);
  };

  const confirmDelete = (node: AssetTreeNode) =>
    modal.confirm({
      title: t(node.nodeType === 'group' ? 'deleteGroupConfirm' : 'deletePointConfirm', { name: node.name }),
      okText: t('delete'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'tree-delete-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'tree-delete-cancel' } as ButtonProps,
      onOk: () => remove(node),
      onCancel: () => void message.info(t('DeleteCanceled')),
    });

  const run = (action: NodeAction, node: AssetTreeNode) => {
    const isGroup = node.nodeType === 'group';
    switch (action) {
      case 'edit':
        if (isGroup) setGroupMode({ kind: 'edit', groupId: node._id });
        else setPointMode({ kind: 'edit', pointId: node._id });
        return;
      case 'createGroup':
        setGroupMode({ kind: 'create', parentGroupId: node._id });
        return;
      case 'createPoint':
        setPointMode({ kind: 'create', parentGroupId: node._id });
        return;
      case 'delete':
        confirmDelete(node);
        return;
    }
  };

  const saved = (close: () => void) => () => {
    close();
    void reloadTree(queryClient);
  };
  const closeGroup = () => setGroupMode(null);
  const closePoint = () => setPointMode(null);

  const dialogs = (
    <>
      {groupMode && <GroupFormDialog open mode={groupMode} onClose={closeGroup} onSaved={saved(closeGroup)} />}
      {pointMode && <PointFormDialog open mode={pointMode} onClose={closePoint} onSaved={saved(closePoint)} />}
    </>
  );

  return { run, createRootGroup: () => setGroupMode({ kind: 'create', parentGroupId: 'root' }), dialogs };
}
