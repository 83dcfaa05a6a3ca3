import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../app/session';
import { AuthLayout } from './AuthLayout';

/** Placeholder of the set-new-password page (spec 000 §2): built with the accounts issue. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <Result
        status="info"
        title={t('setPasswordTitle')}
        subTitle={t('common:comingSoon')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              sessionStore.clear();
              void navigate('/login');
            }}
          >
            {t('backToLogin')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
