import { App, Button, Modal, Popconfirm, Table, Tag, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';
import { SignalQuality } from '../../points/SignalQuality';
import { DEVICE_READS } from '../../point-config/pointConfigApi';
import { useAdminAccess } from '../useAdminAccess';
import { claimDevice, invalidateGateways } from './gatewaysApi';

type AvailableDevice = GatewayItem['availableDevices'][number];

/**
 * The devices a gateway hears (spec 002 §2): device, gateway, RSSI with its signal quality, last
 * scan. A scan registers nothing (docs/devices.md "Ownership"): a device registered to nobody is
 * marked so and, for a user holding addSensor, has a Claim action (confirmed) that registers it to
 * the customer through this gateway (`POST /device`); the list and the registry are then reloaded.
 */
export function AvailableDevicesDialog({ gateway, onClose }: { gateway: GatewayItem; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const mayClaim = useAdminAccess().can('addSensor');
  const claim = useMutation({
    mutationFn: (mac: string) => claimDevice(mac, gateway.macAddress),
    onSuccess: (_, mac) => {
      void message.success(t('gateways.claimDone', { mac }));
      void invalidateGateways(queryClient);
      void queryClient.invalidateQueries(DEVICE_READS);
      onClose();
    },
  });
  const columns: ColumnsType<AvailableDevice> = [
    {
      key: 'device',
      title: t('gateways.device'),
      render: (_, d) => (
        <>
          <span className="mono">{d._id.device}</span>{' '}
          {d.claimable && (
            <Tag color="gold" data-testid="unregistered-tag">
              {t('gateways.unregistered')}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'gateway', title: t('gateways.gateway'), render: (_, d) => <span className="mono">{d._id.gateway}</span> },
    {
      key: 'rssi',
      title: t('gateways.rssi'),
      render: (_, d) => <SignalQuality rssi={d.rssi} />,
      sorter: (a, b) => (a.rssi ?? -Infinity) - (b.rssi ?? -Infinity),
      defaultSortOrder: 'descend',
    },
    { key: 'scannedAt', title: t('gateways.scannedAt'), render: (_, d) => formatDate(d.scannedAt) },
    ...(mayClaim
      ? [
          {
            key: 'claim',
            title: '',
            render: (_: unknown, d: AvailableDevice) =>
              d.claimable && (
                <Popconfirm
                  title={t('gateways.claim')}
                  description={
                    <div style={{ maxWidth: 320 }}>
                      {t('gateways.claimConfirm', { mac: d._id.device, gateway: gateway.macAddress })}
                    </div>
                  }
                  okText={t('gateways.claimOk')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ 'data-testid': 'claim-ok' } as ButtonProps}
                  onConfirm={() => claim.mutateAsync(d._id.device).catch(() => undefined)}
                >
                  <Button
                    size="small"
                    loading={claim.isPending && claim.variables === d._id.device}
                    data-testid={`claim-${d._id.device}`}
                  >
                    {t('gateways.claim')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];
  return (
    <Modal
      open
      title={t('gateways.availableDevicesTitle', { mac: gateway.macAddress })}
      width={860}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Table<AvailableDevice>
        rowKey={(d) => `${d._id.device}|${d._id.gateway}`}
        size="small"
        columns={columns}
        dataSource={gateway.availableDevices}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('gateways.noAvailableDevices') }}
        data-testid="available-devices-table"
      />
    </Modal>
  );
}
