import { useEffect, useState } from 'react';
import { App, Badge, Button, Flex, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, WifiOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type EdgeCredentialsIssued, type GatewayItem } from '@overtone/contract';
import { DeleteButton } from '../DeleteButton';
import { rowTestId } from '../rowTestId';
import { SearchInput } from '../SearchInput';
import { useAdminAccess } from '../useAdminAccess';
import { AvailableDevicesDialog } from './AvailableDevicesDialog';
import { ConnectionStatus } from './ConnectionStatus';
import { CredentialsDialog } from './CredentialsDialog';
import { EdgeCredentialActions } from './EdgeCredentialActions';
import { EdgeCredentialState } from './EdgeCredentialState';
import { invalidateGateways, removeGateway, useGatewaysQuery } from './gatewaysApi';
import { RegisterGatewayDialog } from './RegisterGatewayDialog';
import { WlanButton } from './WlanButton';

const SEARCH_DELAY_MS = 300;

/**
 * The customer's gateways, paged by the server (spec 002 §2, §9: page sizes 10, 25, 50, 75, default
 * 10) with a MAC address search: MAC, device type, connection status, the available devices and
 * the state of its MQTT credentials. With updateGateway: Register gateway (its credentials are shown
 * once), and per row Issue / Rotate / Revoke credentials, WLAN settings (SSID and password sent to
 * the gateway) and Remove gateway (`DELETE /gateway/{id}`, which also deletes its MQTT identity).
 */
export function GatewaysTable() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [macAddress, setMacAddress] = useState('');
  const [devicesOf, setDevicesOf] = useState<GatewayItem | null>(null);
  const q = useGatewaysQuery({ page, pageSize, macAddress });
  const { can } = useAdminAccess();
  const canEdit = can('updateGateway');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [registering, setRegistering] = useState(false);
  const [issued, setIssued] = useState<EdgeCredentialsIssued | null>(null);

  const remove = async (g: GatewayItem) => {
    await removeGateway(g._id);
    void message.success(t('gateways.remove.done'));
    await invalidateGateways(queryClient);
  };

  // the server searches: ask once typing pauses, from the first page
  useEffect(() => {
    if (search.trim() === macAddress) return;
    const timer = setTimeout(() => {
      setMacAddress(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, macAddress]);

  const columns: ColumnsType<GatewayItem> = [
    { key: 'mac', title: t('gateways.macAddress'), render: (_, g) => <span className="mono">{g.macAddress}</span> },
    { key: 'type', title: t('gateways.type'), render: (_, g) => <Tag>{t(`gateways.kind.${g.type}`)}</Tag> },
    { key: 'status', title: t('gateways.connectionStatus'), render: (_, g) => <ConnectionStatus gateway={g} /> },
    {
      key: 'devices',
      title: t('gateways.availableDevices'),
      render: (_, g) => (
        <Badge count={g.availableDevices.length} showZero color={g.availableDevices.length ? '#1668dc' : '#bfbfbf'} size="small">
          <Button size="small" icon={<WifiOutlined />} onClick={() => setDevicesOf(g)} data-testid="gateway-available-devices">
            {t('gateways.availableDevices')}
          </Button>
        </Badge>
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
            render: (_: unknown, g: GatewayItem) => (
              <Space size={0}>
                <EdgeCredentialActions kind="gateway" device={g} onIssued={setIssued} />
                <WlanButton kind="gateway" device={g} />
                <DeleteButton
                  title={t('gateways.remove.confirm', { mac: g.macAddress })}
                  tooltip={t('gateways.remove.action')}
                  onConfirm={() => remove(g)}
                  data-testid="gateway-remove"
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <SearchInput placeholder={t('gateways.searchMac')} onChange={setSearch} data-testid="gateway-search" />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="gateway-register">
            {t('gateways.register.action')}
          </Button>
        )}
      </Flex>
      <Table<GatewayItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={q.data?.gateways ?? []}
        loading={q.isFetching}
        locale={{ emptyText: t('gateways.empty') }}
        onRow={(g) => rowTestId(`gateway-row-${g.macAddress}`)}
        pagination={{
          current: page,
          pageSize,
          total: q.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => t('gateways.total', { count: total }),
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
      {devicesOf && <AvailableDevicesDialog gateway={devicesOf} onClose={() => setDevicesOf(null)} />}
      {registering && <RegisterGatewayDialog onClose={() => setRegistering(false)} onRegistered={setIssued} />}
      {issued && <CredentialsDialog credentials={issued} onClose={() => setIssued(null)} />}
    </Flex>
  );
}
