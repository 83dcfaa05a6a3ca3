import { Flex, Layout } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustomerBrand } from '../../ui/CustomerBrand';
import { OnboardingTour } from '../../features/account/OnboardingTour';
import { queryToken } from '../../core/session';
import { useSessionRefresh } from '../../core/sessionRefresh';
import { UserMenu } from './UserMenu';
import { NotificationBell } from '../../features/notifications';

/**
 * Header with the customer's brand (click goes to /), the notification bell (with readAlarm) and
 * the user menu; pages below. While it is
 * shown the stored session follows the server (`GET /me` at start and when the window regains
 * focus), and the onboarding tour runs for a user who has not seen it.
 *
 * A page opened with a share link (`?token=`, docs/share-links.md) is not a session: its header
 * shows the brand only, without the user menu or the link to the home screen.
 */
export function MainShell() {
  const { t } = useTranslation('shell');
  const shared = queryToken(useLocation().search) !== null;
  useSessionRefresh();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ borderBottom: '1px solid #e5e8ee', position: 'sticky', top: 0, zIndex: 10 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          {shared ? (
            <CustomerBrand />
          ) : (
            <Link to="/" aria-label={t('home')} style={{ color: 'inherit' }}>
              <CustomerBrand />
            </Link>
          )}
          {!shared && (
            <Flex align="center" gap={8}>
              <NotificationBell />
              <UserMenu />
            </Flex>
          )}
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>
        <Outlet />
      </Layout.Content>
      {!shared && <OnboardingTour />}
    </Layout>
  );
}
