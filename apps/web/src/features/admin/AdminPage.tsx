import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Placeholder of the admin panel (users, roles, gateways …): built in a later issue. */
export function AdminPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('adminPanel')}
      subTitle={t('common:comingSoon')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('common:backHome')}
        </Button>
      }
    />
  );
}
