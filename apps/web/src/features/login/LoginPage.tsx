import { useState } from 'react';
import { Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../app/session';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginForm, type LoginValues } from './LoginForm';
import { login, safeReturnUrl } from './loginApi';

/** The login page (spec 000 §2, login flow §4). */
export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = async (values: LoginValues) => {
    const result = await login({ domain: window.location.hostname, ...values });
    if (result.kind === 'mfa') {
      void navigate(`/verify-mfa/${encodeURIComponent(result.mfaId)}`);
      return;
    }
    sessionStore.set(result.session);
    void navigate(safeReturnUrl(params.get('returnUrl')), { replace: true });
  };

  return (
    <AuthLayout>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <LoginForm onSubmit={submit} onForgotPassword={() => setForgotOpen(true)} />
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthLayout>
  );
}
