import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './AuthLayout';

/** Placeholder of the second-factor page (spec 000 §2): built with the accounts issue. */
export function VerifyMfaPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <Result
        status="info"
        title={t('mfaTitle')}
        subTitle={t('common:comingSoon')}
        extra={
          <Button type="primary" onClick={() => void navigate('/login')}>
            {t('backToLogin')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
