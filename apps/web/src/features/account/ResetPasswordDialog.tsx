import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MAX_LENGTH } from '@overtone/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../core/customer/CustomerContext';
import { logout } from '../../core/logout';
import { setMyPassword } from './accountApi';
import { NewPasswordFields, type NewPasswordValues } from './NewPasswordFields';

interface Props {
  open: boolean;
  onClose(): void;
}

/** Field values of the dialog: the current password and the new one twice. */
type Values = NewPasswordValues & { currentPassword: string };

/**
 * The user menu's reset-password dialog (spec 000 §2, §5): the current password (the server refuses
 * a voluntary change without it, issue 14), then the new password twice with the live policy checklist; saving sends `POST /me/password`, shows the server's confirmation and logs out
 * (spec 000 §4: after a password change the user is logged out). A refused password is shown by
 * the API client and the dialog stays open.
 */
export function ResetPasswordDialog({ open, onClose }: Props) {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const customer = useCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async ({ password, currentPassword }: Values) => {
    setSaving(true);
    try {
      const text = await setMyPassword(password, currentPassword);
      void message.success(text || t('passwordSaved'));
      onClose();
      logout(queryClient);
      void navigate('/login', { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('resetPasswordTitle')}
      okText={t('save')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'reset-password-save' } as React.ComponentProps<typeof Modal>['okButtonProps']}
    >
      <Form<Values>
        name="resetPassword"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void save(v)}
        data-testid="reset-password-form"
      >
        <Form.Item
          name="currentPassword"
          label={t('currentPassword')}
          validateTrigger="onBlur"
          rules={[{ required: true, message: t('currentPasswordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            data-testid="current-password"
          />
        </Form.Item>
        <NewPasswordFields policy={customer.passwordPolicy} />
      </Form>
    </Modal>
  );
}
