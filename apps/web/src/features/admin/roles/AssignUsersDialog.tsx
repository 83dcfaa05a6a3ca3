import { useState, type Key } from 'react';
import { App, Flex, Modal, Table, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role, User } from '@overtone/contract';
import { rowTestId } from '../rowTestId';
import { SearchInput } from '../SearchInput';
import { userMatches } from '../users/userMatches';
import { useUsersQuery } from '../users/usersApi';
import { invalidateRoles, updateRole } from './rolesApi';

/**
 * Assign users to a role (spec 002 §2): a searchable users table with row selection; OK saves the
 * full list of selected users with `PUT /role/{id}`.
 */
export function AssignUsersDialog({ role, onClose }: { role: Role; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const users = useUsersQuery();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Key[]>(role.user);

  const save = useMutation({
    mutationFn: () =>
      updateRole(role._id, {
        name: role.name,
        displayName: role.displayName,
        permissions: role.permissions,
        user: selected.map(String),
      }),
    onSuccess: async () => {
      void message.success(t('roles.usersAssigned'));
      await invalidateRoles(queryClient);
      onClose();
    },
  });

  const columns: ColumnsType<User> = [
    { key: 'name', title: t('users.nameSurname'), render: (_, u) => `${u.name} ${u.surname}` },
    { key: 'email', title: t('users.email'), dataIndex: 'email' },
    { key: 'role', title: t('roles.currentRole'), render: (_, u) => u.roleName ?? '—' },
  ];
  const okButtonProps = { loading: save.isPending, 'data-testid': 'assign-users-ok' } as ButtonProps;

  return (
    <Modal
      open
      title={t('roles.assignUsersTitle', { name: role.displayName || role.name })}
      width={720}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okText={t('save')}
      cancelText={t('common:cancel')}
      okButtonProps={okButtonProps}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <SearchInput autoFocus placeholder={t('users.search')} onChange={setSearch} data-testid="assign-users-search" />
        <Table<User>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={(users.data ?? []).filter((u) => userMatches(u, search))}
          loading={users.isPending}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('users.empty') }}
          onRow={(u) => rowTestId(`assign-user-row-${u.email}`)}
        />
      </Flex>
    </Modal>
  );
}
