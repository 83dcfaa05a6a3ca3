import { useCallback, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AssetTreeNode } from './buildTree';
import { applyMove, canDrop, indexTree, recordMove, type PendingMove } from './moveRules';
import { reloadTree, saveMoves, TREE_RELOAD_AFTER_MOVE_MS } from './treeMutations';

export interface MoveMode {
  /** Whether move mode is on. */
  moving: boolean;
  /** Moves collected since move mode was switched on. */
  moves: readonly PendingMove[];
  /** The tree to show: the moved copy while moving or until the reload after a save, else `roots`. */
  shown: AssetTreeNode[];
  saving: boolean;
  start(): void;
  /** Drops `dragId` into `targetId` when the rules allow it (see {@link canDrop}); otherwise nothing. */
  drop(dragId: string, targetId: string): void;
  /** Saves the moves, leaves move mode and reloads the tree 500 ms later. */
  save(): Promise<void>;
  /** Leaves move mode without saving and reloads the tree. */
  cancel(): void;
}

/**
 * State of the tree move mode (spec 000 §4): drops change a local copy of the tree and are
 * collected; Save persists them one by one and reloads the tree 500 ms later (spec 000 §9);
 * Cancel reloads it without saving.
 * @param roots the tree as loaded
 */
export function useMoveMode(roots: AssetTreeNode[]): MoveMode {
  const { t } = useTranslation('tree');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [working, setWorking] = useState<AssetTreeNode[] | null>(null);
  const [moves, setMoves] = useState<PendingMove[]>([]);
  const [saving, setSaving] = useState(false);

  const start = useCallback(() => {
    setWorking(roots);
    setMoves([]);
    setMoving(true);
  }, [roots]);

  const drop = (dragId: string, targetId: string) => {
    if (!moving || !working) return;
    const index = indexTree(working);
    if (!canDrop(index, dragId, targetId, 'inside')) return;
    setMoves(recordMove(moves, index.get(dragId)!, targetId));
    setWorking(applyMove(working, dragId, targetId));
  };

  const save = async () => {
    if (!moves.length) {
      setMoving(false);
      setWorking(null);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveMoves(moves);
      void message.success(t('movesSaved', { count: saved }));
    } catch {
      // Shown by the API client; what was saved before the failure comes back with the reload.
    }
    setMoving(false);
    setMoves([]);
    setTimeout(() => {
      void reloadTree(queryClient).finally(() => {
        setWorking(null);
        setSaving(false);
      });
    }, TREE_RELOAD_AFTER_MOVE_MS);
  };

  const cancel = () => {
    setMoving(false);
    setMoves([]);
    setWorking(null);
    void reloadTree(queryClient);
  };

  return { moving, moves, shown: working ?? roots, saving, start, drop, save, cancel };
}
