import { useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@overtone/contract';
import { useCustomer } from '../../../core/customer/CustomerContext';
import { SearchInput } from '../SearchInput';
import { useRolesQuery } from '../roles/rolesApi';
import { useAdminAccess } from '../useAdminAccess';
import { UserFormDialog } from './UserFormDialog';
import { UsersTable } from './UsersTable';
import { userMatches } from './userMatches';
import { useUsersQuery } from './usersApi';

/** The users tab: search, create (createUser), and the users table. */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const { can } = useAdminAccess();
  const users = useUsersQuery();
  const roles = useRolesQuery(can('readRole'));
  const { passwordPolicy: policy } = useCustomer();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <SearchInput placeholder={t('users.search')} onChange={setSearch} data-testid="user-search" />
        {can('createUser') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })} data-testid="user-create">
            {t('users.create')}
          </Button>
        )}
      </Flex>
      <UsersTable
        users={(users.data ?? []).filter((u) => userMatches(u, search))}
        loading={users.isPending}
        policy={policy}
        onEdit={(user) => setEditing({ user })}
      />
      {editing && (
        <UserFormDialog open user={editing.user} roles={roles.data ?? []} policy={policy} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
}
