import { useState } from 'react';
import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { GatewaysTable } from './GatewaysTable';
import { TriggersTable } from './TriggersTable';

type View = 'gateways' | 'triggers';

/** The gateways tab (readGateway) with its two views: gateways and triggers. */
export function GatewaysTab() {
  const { t } = useTranslation('admin');
  const [view, setView] = useState<View>('gateways');
  return (
    <Flex vertical gap={12}>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'gateways', label: <span data-testid="gateways-view-gateways">{t('gateways.gatewaysView')}</span> },
          { value: 'triggers', label: <span data-testid="gateways-view-triggers">{t('gateways.triggersView')}</span> },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'gateways' ? <GatewaysTable /> : <TriggersTable />}
    </Flex>
  );
}
