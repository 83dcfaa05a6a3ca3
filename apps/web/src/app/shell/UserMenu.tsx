import { useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import {
  CheckOutlined,
  CompassOutlined,
  DownOutlined,
  GlobalOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@overtone/contract';
import { chooseLanguage } from '../../core/i18n';
import { useSession } from '../../core/session';
import { LANGUAGE_NATIVE_NAMES } from '../../ui/LanguageSelect';
import { ResetPasswordDialog } from '../../features/account/ResetPasswordDialog';
import { setUserGuidingShown } from '../../features/account/accountApi';
import { logout } from '../../core/logout';

/** Menu items carry a `data-testid` (Ant Design passes data attributes on to the `li`). */
type Item = NonNullable<MenuProps['items']>[number] & { 'data-testid'?: string };

/**
 * The header's user menu (spec 000 §2 "Main shell"): admin panel (for any logged-in user; the
 * panel shows only the tabs the role allows), reset password (dialog), restart onboarding tour,
 * language choice (all six, the current one ticked; remembered and sent with every request),
 * logout.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation('shell');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [resetOpen, setResetOpen] = useState(false);

  const restartTour = () => {
    setUserGuidingShown(false).catch(() => undefined);
    void navigate('/');
  };

  const items: Item[] = [
    {
      key: 'admin',
      icon: <SettingOutlined />,
      label: t('adminPanel'),
      onClick: () => void navigate('/admin'),
      'data-testid': 'user-menu-admin',
    },
    {
      key: 'resetPassword',
      icon: <KeyOutlined />,
      label: t('resetPassword'),
      onClick: () => setResetOpen(true),
      'data-testid': 'user-menu-reset-password',
    },
    { key: 'tour', icon: <CompassOutlined />, label: t('restartTour'), onClick: restartTour, 'data-testid': 'user-menu-tour' },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: <span data-testid="user-menu-language">{t('language')}</span>,
      children: LANGUAGES.map((l): Item => ({
        key: `lang-${l}`,
        label: LANGUAGE_NATIVE_NAMES[l],
        icon: i18n.language === l ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        onClick: () => chooseLanguage(l),
        'data-testid': `language-${l}`,
      })),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: t('logout'),
      onClick: () => {
        logout(queryClient);
        void navigate('/login', { replace: true });
      },
      'data-testid': 'user-menu-logout',
    },
  ];

  return (
    <>
      {/* The language submenu opens on click too (touch screens; and a hover on a sliding menu misses). */}
      <Dropdown menu={{ items, triggerSubMenuAction: 'click' }} trigger={['click']} placement="bottomRight">
        <Button type="text" data-testid="user-menu" style={{ height: 44 }}>
          <Flex align="center" gap={8}>
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1668dc' }} />
            <Typography.Text strong ellipsis style={{ maxWidth: 220 }} data-testid="user-menu-name">
              {session ? `${session.name} ${session.surname}` : t('guest')}
            </Typography.Text>
            <DownOutlined style={{ fontSize: 10 }} />
          </Flex>
        </Button>
      </Dropdown>
      <ResetPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
