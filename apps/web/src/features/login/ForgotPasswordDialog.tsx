import { App, Form, Input, Modal } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * Asks for the email to send a password-reset link to (spec 000 §2). Sending the request
 * (`POST /forgotpassword/{customerId}`) comes with the accounts issue; for now confirming says so.
 */
export function ForgotPasswordDialog({ open, onClose }: Props) {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();

  return (
    <Modal
      open={open}
      title={t('forgotPasswordTitle')}
      okText={t('sendResetLink')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'forgot-password-confirm' } as React.ComponentProps<typeof Modal>['okButtonProps']}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={() => {
          void message.info(t('common:notYetAvailable'));
          onClose();
        }}
      >
        <Form.Item
          name="email"
          label={t('email')}
          rules={[{ required: true, whitespace: true, message: t('pleaseEnterEmail') }]}
          extra={t('forgotPasswordHint')}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
