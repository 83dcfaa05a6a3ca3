import { useState } from 'react';
import { App, Form, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../app/customer/CustomerContext';
import { logout } from '../../app/shell/logout';
import { setMyPassword } from './accountApi';
import { NewPasswordFields, type NewPasswordValues } from './NewPasswordFields';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * The user menu's reset-password dialog (spec 000 §2, §5): the new password twice with the live
 * policy checklist; saving sends `POST /me/password`, shows the server's confirmation and logs out
 * (spec 000 §4: after a password change the user is logged out). A refused password is shown by
 * the API client and the dialog stays open.
 */
export function ResetPasswordDialog({ open, onClose }: Props) {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const customer = useCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<NewPasswordValues>();
  const [saving, setSaving] = useState(false);

  const save = async ({ password }: NewPasswordValues) => {
    setSaving(true);
    try {
      const text = await setMyPassword(password);
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
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void save(v)}
        data-testid="reset-password-form"
      >
        <NewPasswordFields policy={customer.passwordPolicy} />
      </Form>
    </Modal>
  );
}
