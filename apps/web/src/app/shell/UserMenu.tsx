import { Avatar, Button, Dropdown, Flex, Tooltip, Typography, type MenuProps } from 'antd';
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
import { chooseLanguage } from '../i18n';
import { useSession } from '../session';
import { LANGUAGE_NATIVE_NAMES } from '../../ui/LanguageSelect';
import { logout } from './logout';

/** The header's user menu (spec 000 §2 "Main shell"). */
export function UserMenu() {
  const { t, i18n } = useTranslation('shell');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const comingSoon = (label: string) => (
    <Tooltip title={t('common:comingSoon')} placement="left">
      <span>{label}</span>
    </Tooltip>
  );

  const items: MenuProps['items'] = [
    { key: 'admin', icon: <SettingOutlined />, label: t('adminPanel'), onClick: () => void navigate('/admin') },
    { key: 'resetPassword', icon: <KeyOutlined />, label: comingSoon(t('resetPassword')), disabled: true },
    { key: 'tour', icon: <CompassOutlined />, label: comingSoon(t('restartTour')), disabled: true },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('language'),
      children: LANGUAGES.map((l) => ({
        key: `lang-${l}`,
        label: LANGUAGE_NATIVE_NAMES[l],
        icon: i18n.language === l ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        onClick: () => chooseLanguage(l),
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
    },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" data-testid="user-menu" style={{ height: 44 }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1668dc' }} />
          <Typography.Text strong ellipsis style={{ maxWidth: 220 }}>
            {session ? `${session.name} ${session.surname}` : t('guest')}
          </Typography.Text>
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}
