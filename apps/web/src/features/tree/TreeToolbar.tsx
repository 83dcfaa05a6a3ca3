import { Button, Flex, Tooltip, Typography } from 'antd';
import { CheckSquareOutlined, CloseSquareOutlined, DragOutlined, FolderAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface HeaderProps {
  refreshing: boolean;
  onRefresh(): void;
  /** Shown with createPoint. */
  onCreateRootGroup?: () => void;
  /** Shown with updatePoint. */
  onToggleMove?: () => void;
  moving: boolean;
}

/** Title row of the asset tree: create root group, move mode toggle, refresh. */
export function TreeHeader({ refreshing, onRefresh, onCreateRootGroup, onToggleMove, moving }: HeaderProps) {
  const { t } = useTranslation('tree');
  return (
    <Flex align="center" justify="space-between" gap={4}>
      <Typography.Text strong>{t('title')}</Typography.Text>
      <Flex gap={2}>
        {onCreateRootGroup && (
          <Tooltip title={t('createRootGroup')}>
            <Button
              type="text"
              icon={<FolderAddOutlined />}
              aria-label={t('createRootGroup')}
              onClick={onCreateRootGroup}
              disabled={moving}
              data-testid="tree-create-root-group"
            />
          </Tooltip>
        )}
        {onToggleMove && (
          <Tooltip title={moving ? t('moveModeOff') : t('moveModeOn')}>
            <Button
              type={moving ? 'primary' : 'text'}
              icon={<DragOutlined />}
              aria-label={moving ? t('moveModeOff') : t('moveModeOn')}
              aria-pressed={moving}
              onClick={onToggleMove}
              data-testid="tree-move-toggle"
            />
          </Tooltip>
        )}
        <Tooltip title={t('refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={refreshing} />}
            aria-label={t('refresh')}
            onClick={onRefresh}
            disabled={moving}
            data-testid="tree-refresh"
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}

interface MoveBarProps {
  count: number;
  saving: boolean;
  onSave(): void;
  onCancel(): void;
}

/** Shown in move mode: how many moves are pending, Save and Cancel. */
export function MoveBar({ count, saving, onSave, onCancel }: MoveBarProps) {
  const { t } = useTranslation('tree');
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={8}
      wrap
      style={{ padding: '4px 8px', background: 'rgba(22, 119, 255, 0.08)', borderRadius: 6 }}
      data-testid="tree-move-bar"
    >
      <Typography.Text data-testid="tree-move-count" data-count={count}>
        {count ? t('movesPending', { count }) : t('moveHint')}
      </Typography.Text>
      <Flex gap={4}>
        <Button size="small" onClick={onCancel} disabled={saving} data-testid="tree-move-cancel">
          {t('common:cancel')}
        </Button>
        <Button size="small" type="primary" onClick={onSave} loading={saving} disabled={!count} data-testid="tree-move-save">
          {t('save')}
        </Button>
      </Flex>
    </Flex>
  );
}

interface SelectionBarProps {
  /** Checked points. */
  count: number;
  onSelectAll(): void;
  onReset(): void;
}

/** Select all / reset of the checkboxes, with the number of checked points. */
export function SelectionBar({ count, onSelectAll, onReset }: SelectionBarProps) {
  const { t } = useTranslation('tree');
  return (
    // wraps as a whole (the count above the buttons) where a language's words do not fit on one line
    <Flex align="center" justify="space-between" gap={4} wrap>
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, whiteSpace: 'nowrap' }}
        data-testid="tree-selected-count"
        data-count={count}
      >
        {t('pointsSelected', { count })}
      </Typography.Text>
      <Flex gap={2} style={{ marginInlineStart: 'auto' }}>
        <Button size="small" type="text" icon={<CheckSquareOutlined />} onClick={onSelectAll} data-testid="tree-select-all">
          {t('selectAll')}
        </Button>
        <Button size="small" type="text" icon={<CloseSquareOutlined />} onClick={onReset} data-testid="tree-select-reset">
          {t('reset')}
        </Button>
      </Flex>
    </Flex>
  );
}
