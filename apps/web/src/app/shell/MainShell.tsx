import { Flex, Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustomerBrand } from '../../ui/CustomerBrand';
import { OnboardingTour } from '../../features/account/OnboardingTour';
import { useSessionRefresh } from '../sessionRefresh';
import { UserMenu } from './UserMenu';

/**
 * Header with the customer's brand (click goes to /) and the user menu; pages below. While it is
 * shown the stored session follows the server (`GET /me` at start and when the window regains
 * focus), and the onboarding tour runs for a user who has not seen it.
 */
export function MainShell() {
  const { t } = useTranslation('shell');
  useSessionRefresh();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ borderBottom: '1px solid #e5e8ee', position: 'sticky', top: 0, zIndex: 10 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Link to="/" aria-label={t('home')} style={{ color: 'inherit' }}>
            <CustomerBrand />
          </Link>
          <UserMenu />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>
        <Outlet />
      </Layout.Content>
      <OnboardingTour />
    </Layout>
  );
}
