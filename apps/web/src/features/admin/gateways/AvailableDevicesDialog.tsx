import { Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';
import { SignalQuality } from '../../point-detail/SignalQuality';

type AvailableDevice = GatewayItem['availableDevices'][number];

/** The devices a gateway hears (spec 002 §2): device, gateway, RSSI with its signal quality, last scan. */
export function AvailableDevicesDialog({ gateway, onClose }: { gateway: GatewayItem; onClose(): void }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormatter();
  const columns: ColumnsType<AvailableDevice> = [
    { key: 'device', title: t('gateways.device'), render: (_, d) => <span className="mono">{d._id.device}</span> },
    { key: 'gateway', title: t('gateways.gateway'), render: (_, d) => <span className="mono">{d._id.gateway}</span> },
    {
      key: 'rssi',
      title: t('gateways.rssi'),
      render: (_, d) => <SignalQuality rssi={d.rssi} />,
      sorter: (a, b) => (a.rssi ?? -Infinity) - (b.rssi ?? -Infinity),
      defaultSortOrder: 'descend',
    },
    { key: 'scannedAt', title: t('gateways.scannedAt'), render: (_, d) => formatDate(d.scannedAt) },
  ];
  return (
    <Modal
      open
      title={t('gateways.availableDevicesTitle', { mac: gateway.macAddress })}
      width={760}
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
