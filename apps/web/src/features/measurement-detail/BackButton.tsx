import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session';

/**
 * Whether the browser's previous history entry belongs to the app: the location was reached by an
 * in-app navigation (react-router gives the first location of a tab the key `default`) and the
 * browser router's history index is past the first entry (absent in a memory router).
 */
export function hasAppHistory(location: Pick<Location, 'key'>, historyState: unknown = window.history.state): boolean {
  if (location.key === 'default') return false;
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return typeof idx !== 'number' || idx > 0;
}

/**
 * Where the back arrow of a measurement page goes: the previous in-app page (-1) when there is one;
 * else, for a logged-in user, the home screen ('/'); else (a share-link visitor who opened the link
 * in a new tab) nowhere: the arrow is hidden, as the browser's back would leave the app.
 */
export function backTarget(appHistory: boolean, loggedIn: boolean): -1 | '/' | null {
  if (appHistory) return -1;
  return loggedIn ? '/' : null;
}

/** The back arrow of the measurement pages (tri-axial and Duck): never leaves the app (issue 17 item 10). */
export function BackButton() {
  const { t } = useTranslation('measurementDetail');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const target = backTarget(hasAppHistory(location), session !== null);
  if (target === null) return null;
  return (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      onClick={() => void (target === -1 ? navigate(-1) : navigate(target))}
      aria-label={t('back')}
      data-testid="measurement-back"
      data-target={String(target)}
    />
  );
}
