import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session';

/**
 * The page a wrong, revoked or expired share link shows (issue 17 item 10): what happened and what to
 * do, in the reader's language; a logged-in user may open the measurement with the session instead,
 * a visitor may log in. The page stays on the link's URL (no redirect to the login page).
 */
export function ShareLinkInvalid({ measurementId }: { measurementId: string }) {
  const { t } = useTranslation('measurementDetail');
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t('share.invalid')}
      subTitle={t('share.invalidHint')}
      data-testid="share-link-invalid"
      extra={
        session ? (
          <Button
            type="primary"
            onClick={() => void navigate(`/measurement/${encodeURIComponent(measurementId)}`, { replace: true })}
          >
            {t('share.openWithoutLink')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
            {t('share.login')}
          </Button>
        )
      }
    />
  );
}
