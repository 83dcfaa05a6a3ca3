import { useState } from 'react';
import { App, Button, Flex, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role } from '@overtone/contract';
import { DeleteButton } from '../DeleteButton';
import { rowTestId } from '../rowTestId';
import { useAdminAccess } from '../useAdminAccess';
import { AssignUsersDialog } from './AssignUsersDialog';
import { RoleFormDialog } from './RoleFormDialog';
import { deleteRole, invalidateRoles, useRolesQuery } from './rolesApi';

type Dialog = { kind: 'edit'; role: Role | null } | { kind: 'assign'; role: Role };

/**
 * The roles tab (spec 002 §2): role name, display name and number of users; create (createRole),
 * edit and assign users (updateRole), delete (deleteRole; a role in use is refused by the server).
 */
export function RolesTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = useAdminAccess();
  const roles = useRolesQuery();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const remove = async (role: Role) => {
    await deleteRole(role._id);
    void message.success(t('roles.deleted'));
    await invalidateRoles(queryClient);
  };

  const columns: ColumnsType<Role> = [
    { key: 'name', title: t('roles.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
    { key: 'displayName', title: t('roles.displayName'), dataIndex: 'displayName' },
    { key: 'users', title: t('roles.userCount'), align: 'right', render: (_, r) => r.user.length },
    { key: 'permissions', title: t('roles.permissionCount'), align: 'right', render: (_, r) => r.permissions.length },
    {
      key: 'actions',
      title: t('actions'),
      width: 140,
      hidden: !can('updateRole') && !can('deleteRole'),
      render: (_, r) => (
        <Space size={0}>
          {can('updateRole') && (
            <Tooltip title={t('roles.assignUsers')}>
              <Button
                type="text"
                size="small"
                icon={<UsergroupAddOutlined />}
                aria-label={t('roles.assignUsers')}
                onClick={() => setDialog({ kind: 'assign', role: r })}
                data-testid="role-assign-users"
              />
            </Tooltip>
          )}
          {can('updateRole') && (
            <Tooltip title={t('edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('edit')}
                onClick={() => setDialog({ kind: 'edit', role: r })}
                data-testid="role-edit"
              />
            </Tooltip>
          )}
          {can('deleteRole') && (
            <DeleteButton
              title={t('roles.deleteConfirm', { name: r.name })}
              onConfirm={() => remove(r)}
              data-testid="role-delete"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        {can('createRole') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'edit', role: null })}
            data-testid="role-create"
          >
            {t('roles.create')}
          </Button>
        )}
      </Flex>
      <Table<Role>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isPending}
        pagination={{ defaultPageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: t('roles.empty') }}
        onRow={(r) => rowTestId(`role-row-${r.name}`)}
      />
      {dialog?.kind === 'edit' && <RoleFormDialog role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'assign' && <AssignUsersDialog role={dialog.role} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
