import { useState, type MouseEvent, type ReactNode } from 'react';
import { Dropdown, Tooltip, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NodeAction, NodeMenuEntry } from './nodeMenuRules';

const ICONS: Record<NodeAction, ReactNode> = {
  edit: <EditOutlined />,
  createPoint: <PlusOutlined />,
  createGroup: <FolderAddOutlined />,
  delete: <DeleteOutlined />,
};

/** Where and for whom the one node menu of the tree is open. */
export interface OpenNodeMenu {
  nodeId: string;
  entries: readonly NodeMenuEntry[];
  /** Viewport position the menu opens at (the pointer, or the "more" button's corner). */
  x: number;
  y: number;
}

const MORE_BUTTON_STYLE = {
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  padding: '0 4px',
  lineHeight: 1,
  color: 'inherit',
  borderRadius: 4,
} as const;

interface Props {
  /** Name of the node, for the "more" button's test id and label. */
  name: string;
  entries: readonly NodeMenuEntry[];
  /** Opens the tree's node menu for this row at a viewport position. */
  onOpen(entries: readonly NodeMenuEntry[], x: number, y: number): void;
  /** The row (opens the same menu on right-click). */
  children: ReactNode;
}

/**
 * A tree row with its menu, opened from a "more" button at the end of the row or by right-clicking
 * the row; clicks on it do not reach the tree (no selecting or opening the node). Without entries
 * the row is shown alone. The row holds no menu of its own: one {@link NodeMenuHost} per tree shows
 * the menu, so that scrolling a virtual list of thousands of rows mounts only plain elements.
 */
export function NodeMenu({ name, entries, onOpen, children }: Props) {
  const { t } = useTranslation('tree');
  if (!entries.length) return <>{children}</>;
  const openAt = (e: MouseEvent, x: number, y: number) => {
    e.preventDefault();
    e.stopPropagation();
    onOpen(entries, x, y);
  };
  return (
    <div
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 4, minWidth: 0 }}
      onContextMenu={(e) => openAt(e, e.clientX, e.clientY)}
    >
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
      <button
        type="button"
        style={MORE_BUTTON_STYLE}
        aria-label={t('menu.label', { name })}
        aria-haspopup="menu"
        data-testid={`tree-menu-${name}`}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          openAt(e, r.right, r.bottom);
        }}
      >
        <MoreOutlined />
      </button>
    </div>
  );
}

/**
 * State of the tree's one node menu: `open` (what {@link NodeMenu}'s `onOpen` calls, with the
 * node's id bound by the caller), `close`, and the current menu.
 */
export function useNodeMenu() {
  const [menu, setMenu] = useState<OpenNodeMenu | null>(null);
  return {
    menu,
    open: (nodeId: string, entries: readonly NodeMenuEntry[], x: number, y: number) => setMenu({ nodeId, entries, x, y }),
    close: () => setMenu(null),
  };
}

interface HostProps {
  menu: OpenNodeMenu | null;
  onAction(nodeId: string, action: NodeAction): void;
  onClose(): void;
}

/** The node menu of the tree, shown at the position {@link NodeMenu} asked for (one per tree). */
export function NodeMenuHost({ menu, onAction, onClose }: HostProps) {
  const { t } = useTranslation('tree');
  if (!menu) return null;
  const items: MenuProps['items'] = menu.entries.map((e) => {
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
  return (
    <Dropdown
      key={`${menu.nodeId}-${menu.x}-${menu.y}`}
      open
      trigger={['click']}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onClose();
          onAction(menu.nodeId, key as NodeAction);
        },
      }}
    >
      <span style={{ position: 'fixed', left: menu.x, top: menu.y, width: 1, height: 1 }} aria-hidden />
    </Dropdown>
  );
}
