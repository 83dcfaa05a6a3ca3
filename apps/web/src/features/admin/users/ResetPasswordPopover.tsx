import { useState } from 'react';
import { App, Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { generatePassword, type PasswordPolicy, type User } from '@overtone/contract';
import { setUserPassword } from './usersApi';

/**
 * Admin reset of another user's password (spec 002 §2: deleteUser and the logged-in user is admin):
 * a popover with a password generated for the customer's policy, a copy icon and a confirm button
 * that sets it (`POST /user/{id}/password`) and shows the server's message.
 */
export function ResetPasswordPopover({ user, policy }: { user: User; policy: PasswordPolicy }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');

  const save = useMutation({
    mutationFn: () => setUserPassword(user._id, password),
    onSuccess: (answer) => {
      void message.success(answer.message);
      setOpen(false);
    },
  });

  const onOpenChange = (next: boolean) => {
    if (next) setPassword(generatePassword(policy));
    setOpen(next);
  };

  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 300 }} data-testid="reset-password-popover">
      <Typography.Text type="secondary">{t('users.resetPasswordHint', { name: `${user.name} ${user.surname}` })}</Typography.Text>
      <Flex align="center" gap={4}>
        <Typography.Text
          code
          copyable={{ text: password, tooltips: [t('copy'), t('copied')] }}
          style={{ fontSize: 15 }}
          data-testid="reset-password-value"
        >
          {password}
        </Typography.Text>
        <Tooltip title={t('users.regenerate')}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('users.regenerate')}
            onClick={() => setPassword(generatePassword(policy))}
          />
        </Tooltip>
      </Flex>
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={() => setOpen(false)}>
          {t('common:cancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="reset-password-confirm"
        >
          {t('users.setPassword')}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="left"
      title={t('users.resetPassword')}
      content={content}
    >
      <Button
        type="text"
        size="small"
        icon={<KeyOutlined />}
        aria-label={t('users.resetPassword')}
        title={t('users.resetPassword')}
        data-testid="user-reset-password"
      />
    </Popover>
  );
}
