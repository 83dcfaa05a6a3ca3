import { useRef, useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AltchaCaptcha, type AltchaCaptchaHandle } from './AltchaCaptcha';
import { useRevalidateOnLanguageChange } from '../../core/forms/useRevalidateOnLanguageChange';

export interface LoginValues {
  email: string;
  password: string;
  /** The verified ALTCHA payload. */
  reCaptcha: string;
}

interface Props {
  /** Called with valid values; rejects when the login failed (the captcha is then reset). */
  onSubmit(values: LoginValues): Promise<void>;
  onForgotPassword(): void;
  /** Failed attempts with a wrong password so far (spec 000 §4 captcha attempt counter), exposed as `data-failed-attempts`. */
  failedAttempts?: number;
}

/**
 * Email, password and captcha, validated before any call (spec 000 §5): 'please enter email',
 * 'please enter password', and the captcha's (the spec's 'Please click the checkbox in reCaptcha', worded
 * for the ALTCHA widget we show).
 */
export function LoginForm({ onSubmit, onForgotPassword, failedAttempts = 0 }: Props) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<LoginValues>();
  useRevalidateOnLanguageChange(form);
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const [submitting, setSubmitting] = useState(false);

  const finish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await onSubmit({ ...values, email: values.email.trim() });
    } catch {
      // The failure is already shown; a captcha payload is single-use.
      captcha.current?.reset();
      form.setFieldValue('reCaptcha', undefined);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      name="login"
      form={form}
      layout="vertical"
      requiredMark={false}
      // The captcha's own checkbox is `required`: the browser's bubble must not block our messages.
      noValidate
      onFinish={(v) => void finish(v)}
      data-testid="login-form"
      data-failed-attempts={failedAttempts}
    >
      <Form.Item name="email" label={t('email')} rules={[{ required: true, whitespace: true, message: t('pleaseEnterEmail') }]}>
        <Input prefix={<MailOutlined />} autoComplete="username" size="large" data-testid="login-email" />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('pleaseEnterPassword') }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" data-testid="login-password" />
      </Form.Item>
      <Form.Item name="reCaptcha" rules={[{ required: true, message: t('captchaRequired') }]}>
        <AltchaCaptcha ref={captcha} />
      </Form.Item>
      <Flex vertical gap={8}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="login-submit">
          {t('login')}
        </Button>
        <Button type="link" onClick={onForgotPassword} data-testid="forgot-password-link">
          {t('forgotPassword')}
        </Button>
      </Flex>
    </Form>
  );
}
