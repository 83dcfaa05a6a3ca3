import { App, Button, Space, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PasswordPolicy, User } from '@overtone/contract';
import { DeleteButton } from '../DeleteButton';
import { useAdminAccess } from '../useAdminAccess';
import { ResetPasswordPopover } from './ResetPasswordPopover';
import { deleteUser, invalidateUsers } from './usersApi';

/** Row actions of the users table, each shown only with its permission (spec 002 §2 "Users tab"). */
export function UserActions({ user, policy, onEdit }: { user: User; policy: PasswordPolicy; onEdit(user: User): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { can, isAdmin, userId } = useAdminAccess();
  const self = user._id === userId;
  // only an admin edits, deletes or resets an admin (the server answers 403 otherwise)
  const touchable = isAdmin || user.userType !== 'admin';

  const remove = async () => {
    await deleteUser(user._id);
    void message.success(t('users.deleted'));
    await invalidateUsers(queryClient);
  };

  return (
    <Space size={0}>
      {can('updateUser') && touchable && (
        <Tooltip title={t('edit')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('edit')}
            onClick={() => onEdit(user)}
            data-testid="user-edit"
          />
        </Tooltip>
      )}
      {can('deleteUser') && isAdmin && !self && <ResetPasswordPopover user={user} policy={policy} />}
      {can('deleteUser') && touchable && (
        <DeleteButton
          title={t('users.deleteConfirm', { name: `${user.name} ${user.surname}` })}
          onConfirm={remove}
          disabled={self}
          tooltip={self ? t('users.cannotDeleteSelf') : undefined}
          data-testid="user-delete"
        />
      )}
    </Space>
  );
}
