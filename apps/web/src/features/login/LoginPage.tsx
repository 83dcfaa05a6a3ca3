import { useState } from 'react';
import { Alert, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginForm, type LoginValues } from './LoginForm';
import { isWrongPassword, login, returnUrlQuery, safeReturnUrl, startSession } from './loginApi';

/** From this many wrong passwords on, the page suggests the forgot-password link (the server throttles soon after). */
export const FAILED_ATTEMPTS_HINT = 3;

/**
 * The login page (spec 000 §2, login flow §4). An account with the second step goes on to
 * `/verify-mfa/{mfa_id}` keeping the returnUrl; otherwise the session is stored and the user goes
 * to the returnUrl or /. Each answer with `wrongPassword` counts a failed attempt.
 */
export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const returnUrl = params.get('returnUrl');

  const submit = async (values: LoginValues) => {
    let result;
    try {
      result = await login({ domain: window.location.hostname, ...values });
    } catch (e) {
      if (isWrongPassword(e)) setFailedAttempts((n) => n + 1);
      throw e;
    }
    if (result.kind === 'mfa') {
      void navigate(`/verify-mfa/${encodeURIComponent(result.mfaId)}${returnUrlQuery(returnUrl)}`, {
        state: { name: result.name, surname: result.surname },
      });
      return;
    }
    startSession(result.session, queryClient);
    void navigate(safeReturnUrl(returnUrl), { replace: true });
  };

  return (
    <AuthLayout>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      {failedAttempts >= FAILED_ATTEMPTS_HINT && (
        <Alert type="warning" showIcon title={t('manyFailedAttempts')} data-testid="login-failed-attempts" />
      )}
      <LoginForm onSubmit={submit} onForgotPassword={() => setForgotOpen(true)} failedAttempts={failedAttempts} />
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthLayout>
  );
}
