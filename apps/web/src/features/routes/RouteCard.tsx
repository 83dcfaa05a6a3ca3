import { App, Button, Card, Dropdown, Typography, type ButtonProps, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Route } from '@overtone/contract';

interface Props {
  route: Route;
  canEdit: boolean;
  canDelete: boolean;
  onEdit(): void;
  /** Deletes after the user confirmed. */
  onDelete(): Promise<unknown>;
}

/**
 * One route (spec 000 §2 "Routes tab"): name, point count, the points' tree paths, and an
 * edit/delete menu holding only what the session may do. A delete is confirmed first; cancelling
 * says so (spec 000 §8).
 */
export function RouteCard({ route, canEdit, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation('routes');
  const { modal, message } = App.useApp();

  const confirmDelete = () =>
    modal.confirm({
      title: t('deleteConfirm', { name: route.name }),
      okText: t('delete'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'route-delete-ok' } as ButtonProps,
      onOk: () => onDelete().catch(() => undefined),
      onCancel: () => void message.info(t('deleteCanceled')),
    });

  const items: MenuProps['items'] = [
    ...(canEdit
      ? [{ key: 'edit', icon: <EditOutlined />, label: <span data-testid="route-menu-edit">{t('edit')}</span>, onClick: onEdit }]
      : []),
    ...(canDelete
      ? [
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            danger: true,
            label: <span data-testid="route-menu-delete">{t('delete')}</span>,
            onClick: confirmDelete,
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={route.name}
      style={{ width: 300 }}
      data-testid={`route-card-${route.name}`}
      extra={
        items.length ? (
          <Dropdown menu={{ items }} trigger={['click']}>
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('menu')} data-testid="route-menu" />
          </Dropdown>
        ) : null
      }
    >
      <Typography.Text strong data-testid="route-point-count">
        {t('pointCount', { count: route.points.length })}
      </Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
        {route.tree.map((p) => (
          <li key={p._id}>
            <Typography.Text type="secondary" ellipsis={{ tooltip: p.path.join(' › ') }}>
              {p.path.join(' › ')}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}
