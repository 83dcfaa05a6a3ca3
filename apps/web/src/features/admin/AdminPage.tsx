import type { ReactNode } from 'react';
import { Button, Card, Flex, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveAdminTab, visibleAdminTabs, type AdminTab } from './adminTabs';
import { useAdminAccess } from './useAdminAccess';
import { UsersTab } from './users/UsersTab';
import { RolesTab } from './roles/RolesTab';
import { GatewaysTab } from './gateways/GatewaysTab';
import { DucksTab } from './ducks/DucksTab';
import { PreferencesTab } from './preferences/PreferencesTab';
import { TelemetryTab } from './telemetry/TelemetryTab';

const TAB_CONTENT: Record<AdminTab, () => ReactNode> = {
  users: () => <UsersTab />,
  roles: () => <RolesTab />,
  gateways: () => <GatewaysTab />,
  ducks: () => <DucksTab />,
  preferences: () => <PreferencesTab />,
  telemetry: () => <TelemetryTab />,
};

/**
 * The admin panel (spec 002 §2 "Admin page"): a back header and the tabs the session may see.
 * The open tab is kept in the URL (`?tab=`), so a reload or a shared link opens the same tab.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { can } = useAdminAccess();
  const tabs = visibleAdminTabs(can);
  const active = resolveAdminTab(params.get('tab'), tabs);

  const select = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 12 } }}>
      <Flex align="center" gap={8}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('back')}
          title={t('back')}
          onClick={() => void navigate('/')}
          data-testid="admin-back"
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      </Flex>
      <Tabs
        activeKey={active}
        onChange={select}
        destroyOnHidden
        items={tabs.map((key) => ({
          key,
          label: <span data-testid={`admin-tab-${key}`}>{t(`tabs.${key}`)}</span>,
          children: TAB_CONTENT[key](),
        }))}
      />
    </Card>
  );
}
