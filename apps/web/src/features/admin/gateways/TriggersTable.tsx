import type { EdgeCredentialsIssued, TriggerItem } from '@overtone/contract';
import { useState } from 'react';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useDucksQuery } from '../../ducks/ducksApi';
import { rowTestId } from '../rowTestId';
import { useAdminAccess } from '../useAdminAccess';
import { CredentialsDialog } from './CredentialsDialog';
import { EdgeCredentialActions } from './EdgeCredentialActions';
import { EdgeCredentialState } from './EdgeCredentialState';
import { useTriggersQuery } from './gatewaysApi';
import { TriggerAssignedCell } from './TriggerAssignDialog';
import { TriggerDevicesDialog } from './TriggerDevicesDialog';
import { TriggerDucksDialog } from './TriggerDucksDialog';
import { TriggerStatus } from './TriggerStatus';
import { WlanButton } from './WlanButton';

/**
 * The triggers view (spec 002 §2): MAC address and the reported status of each trigger device, the
 * sensors each one makes measure (`GET /trigger` `assignedDevices`) and its Ducks (`GET /ducks`
 * `trigger`); with updateGateway a dialog assigns and unassigns each (`POST` / `DELETE
 * /trigger/{id}/device`, `/trigger/{id}/duck`). A trigger is its own MQTT client: the state of its
 * credentials, and with updateGateway Issue / Rotate / Revoke (the new password shown once) and its
 * WLAN settings (SSID and password, sent through its gateway).
 */
export function TriggersTable() {
  const { t } = useTranslation('admin');
  const { can } = useAdminAccess();
  const canEdit = can('updateGateway');
  const q = useTriggersQuery();
  const ducks = useDucksQuery();
  const triggers = q.data ?? [];
  // Ids, not items: the dialogs show the trigger as the list reads it again after each change.
  const [ducksOf, setDucksOf] = useState<string | null>(null);
  const [devicesOf, setDevicesOf] = useState<string | null>(null);
  const ducksTrigger = triggers.find((g) => g._id === ducksOf);
  const devicesTrigger = triggers.find((g) => g._id === devicesOf);
  const [issued, setIssued] = useState<EdgeCredentialsIssued | null>(null);
  const columns: ColumnsType<TriggerItem> = [
    { key: 'mac', title: t('gateways.macAddress'), render: (_, g) => <span className="mono">{g.macAddress}</span> },
    { key: 'status', title: t('gateways.reportedStatus'), render: (_, g) => <TriggerStatus trigger={g} /> },
    {
      key: 'devices',
      title: t('gateways.triggerDevices.column'),
      render: (_, g) => (
        <TriggerAssignedCell
          testId="trigger-devices"
          items={g.assignedDevices.map((d) => ({ key: d._id, mac: d.macAddress, title: d.point.name }))}
          none={t('gateways.triggerDevices.none')}
          manage={t('gateways.triggerDevices.manage')}
          onManage={canEdit ? () => setDevicesOf(g._id) : undefined}
        />
      ),
    },
    {
      key: 'ducks',
      title: t('gateways.triggerDucks.column'),
      render: (_, g) => (
        <TriggerAssignedCell
          testId="trigger-ducks"
          items={(ducks.data ?? []).filter((d) => d.trigger === g._id).map((d) => ({ key: d._id, mac: d.macAddress }))}
          none={t('gateways.triggerDucks.none')}
          manage={t('gateways.triggerDucks.manage')}
          onManage={canEdit ? () => setDucksOf(g._id) : undefined}
        />
      ),
    },
    {
      key: 'credentials',
      title: t('gateways.credentials.column'),
      render: (_, g) => <EdgeCredentialState state={g.credentials} />,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('actions'),
            render: (_: unknown, g: TriggerItem) => (
              <Space size={0}>
                <EdgeCredentialActions kind="trigger" device={g} onIssued={setIssued} />
                <WlanButton kind="trigger" device={g} />
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Table<TriggerItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={triggers}
        loading={q.isPending}
        pagination={{ defaultPageSize: 10, pageSizeOptions: ['10', '25', '50', '75'], hideOnSinglePage: true }}
        locale={{ emptyText: t('gateways.noTriggers') }}
        onRow={(g) => rowTestId(`trigger-row-${g.macAddress}`)}
      />
      {ducksTrigger && (
        <TriggerDucksDialog
          trigger={ducksTrigger}
          ducks={ducks.data ?? []}
          triggers={triggers}
          onClose={() => setDucksOf(null)}
        />
      )}
      {devicesTrigger && <TriggerDevicesDialog trigger={devicesTrigger} triggers={triggers} onClose={() => setDevicesOf(null)} />}
      {issued && <CredentialsDialog credentials={issued} onClose={() => setIssued(null)} />}
    </>
  );
}
