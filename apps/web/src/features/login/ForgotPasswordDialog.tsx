import { useRef, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../core/customer/CustomerContext';
import { AltchaCaptcha, type AltchaCaptchaHandle } from './AltchaCaptcha';
import { requestPasswordReset } from './loginApi';
import { useRevalidateOnLanguageChange } from '../../core/forms/useRevalidateOnLanguageChange';

interface Props {
  open: boolean;
  onClose(): void;
}

interface ForgotValues {
  email: string;
  reCaptcha: string;
}

/**
 * Asks for the e-mail to send a password-reset link to (spec 000 §2, §5: email and captcha
 * required). Confirming sends `POST /forgotpassword/{customerId}`; on success the server's
 * confirmation is shown and the dialog closes. A failure is shown by the API client and the
 * captcha is reset (its payload is single-use).
 */
export function ForgotPasswordDialog({ open, onClose }: Props) {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const customer = useCustomer();
  const [form] = Form.useForm<ForgotValues>();
  useRevalidateOnLanguageChange(form);
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const [sending, setSending] = useState(false);

  const finish = async ({ email, reCaptcha }: ForgotValues) => {
    setSending(true);
    try {
      const text = await requestPasswordReset(customer.id, { email: email.trim(), reCaptcha });
      void message.success(text || t('resetLinkSent'));
      onClose();
    } catch {
      captcha.current?.reset();
      form.setFieldValue('reCaptcha', undefined);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('forgotPasswordTitle')}
      okText={t('sendResetLink')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'forgot-password-confirm' } as React.ComponentProps<typeof Modal>['okButtonProps']}
    >
      <Form<ForgotValues>
        name="forgotPassword"
        form={form}
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={(v) => void finish(v)}
        data-testid="forgot-password-form"
      >
        <Form.Item
          name="email"
          label={t('email')}
          rules={[{ required: true, whitespace: true, message: t('pleaseEnterEmail') }]}
          extra={t('forgotPasswordHint')}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" autoFocus data-testid="forgot-password-email" />
        </Form.Item>
        <Form.Item name="reCaptcha" rules={[{ required: true, message: t('captchaRequired') }]}>
          <AltchaCaptcha ref={captcha} testId="forgot-password-captcha" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
