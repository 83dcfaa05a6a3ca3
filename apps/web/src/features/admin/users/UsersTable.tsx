import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PasswordPolicy, User } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';
import { rowTestId } from '../rowTestId';
import { useAdminAccess } from '../useAdminAccess';
import { formatPhone } from './countries';
import { UserActions } from './UserActions';

interface Props {
  users: User[];
  loading: boolean;
  policy: PasswordPolicy;
  onEdit(user: User): void;
}

/** Users table (spec 002 §2): name and surname, e-mail, role, created (customer date format), phone, actions. */
export function UsersTable({ users, loading, policy, onEdit }: Props) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormatter();
  const { can } = useAdminAccess();
  const columns: ColumnsType<User> = [
    {
      key: 'name',
      title: t('users.nameSurname'),
      render: (_, u) => `${u.name} ${u.surname}`,
      sorter: (a, b) => `${a.name} ${a.surname}`.localeCompare(`${b.name} ${b.surname}`),
    },
    { key: 'email', title: t('users.email'), dataIndex: 'email', sorter: (a, b) => a.email.localeCompare(b.email) },
    {
      key: 'role',
      title: t('users.role'),
      render: (_, u) => (
        <>
          {u.roleName ?? '—'}
          {u.userType === 'admin' && (
            <Tag color="blue" style={{ marginLeft: 8 }}>
              {t('userType.admin')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'createdAt',
      title: t('users.createdAt'),
      render: (_, u) => formatDate(u.createdAt),
      sorter: (a, b) => a.createdAt.localeCompare(b.createdAt),
    },
    { key: 'phone', title: t('users.phone'), render: (_, u) => <span className="mono">{formatPhone(u.phone)}</span> },
    {
      key: 'actions',
      title: t('actions'),
      width: 120,
      hidden: !can('updateUser') && !can('deleteUser'),
      render: (_, u) => <UserActions user={u} policy={policy} onEdit={onEdit} />,
    },
  ];
  return (
    <Table<User>
      rowKey="_id"
      size="middle"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={{ defaultPageSize: 25, hideOnSinglePage: true, showSizeChanger: true }}
      locale={{ emptyText: t('users.empty') }}
      onRow={(u) => rowTestId(`user-row-${u.email}`)}
      scroll={{ x: 'max-content' }}
    />
  );
}
