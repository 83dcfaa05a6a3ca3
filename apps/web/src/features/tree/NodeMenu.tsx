import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, Tooltip, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NodeAction, NodeMenuEntry } from './nodeMenuRules';

const ICONS: Record<NodeAction, ReactNode> = {
  edit: <EditOutlined />,
  createPoint: <PlusOutlined />,
  createGroup: <FolderAddOutlined />,
  delete: <DeleteOutlined />,
};

interface Props {
  /** Name of the node, for the "more" button's test id and label. */
  name: string;
  entries: readonly NodeMenuEntry[];
  onAction(action: NodeAction): void;
  /** The row (opens the same menu on right-click). */
  children: ReactNode;
}

/**
 * The menu of a tree node, opened from a "more" button at the end of the row or by right-clicking
 * the row. Clicks inside it do not reach the tree (no selecting or opening the node).
 * Without entries the row is shown alone.
 */
export function NodeMenu({ name, entries, onAction, children }: Props) {
  const { t } = useTranslation('tree');
  if (!entries.length) return <>{children}</>;

  const items: MenuProps['items'] = entries.map((e) => {
    const label = <span data-testid={`tree-menu-${e.action}`}>{t(`menu.${e.action}`)}</span>;
    return {
      key: e.action,
      icon: ICONS[e.action],
      danger: e.action === 'delete' && !e.disabledReason,
      disabled: Boolean(e.disabledReason),
      label: e.disabledReason ? (
        <Tooltip title={t(e.disabledReason)} placement="right">
          {label}
        </Tooltip>
      ) : (
        label
      ),
    };
  });
  const menu: MenuProps = {
    items,
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(key as NodeAction);
    },
  };
  const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

  return (
    <Dropdown menu={menu} trigger={['contextMenu']}>
      <Flex align="center" justify="space-between" gap={4} style={{ minWidth: 0 }}>
        <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
        <Dropdown menu={menu} trigger={['click']}>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('menu.label', { name })}
            onClick={stop}
            onContextMenu={stop}
            data-testid={`tree-menu-${name}`}
          />
        </Dropdown>
      </Flex>
    </Dropdown>
  );
}
