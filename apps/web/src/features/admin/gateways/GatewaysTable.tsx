import { useEffect, useState } from 'react';
import { Badge, Button, Flex, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { WifiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type GatewayItem } from '@overtone/contract';
import { rowTestId } from '../rowTestId';
import { SearchInput } from '../SearchInput';
import { AvailableDevicesDialog } from './AvailableDevicesDialog';
import { ConnectionStatus } from './ConnectionStatus';
import { useGatewaysQuery } from './gatewaysApi';

const SEARCH_DELAY_MS = 300;

/**
 * The customer's gateways, paged by the server (spec 002 §2, §9: page sizes 10, 25, 50, 75, default
 * 10) with a MAC address search: MAC, device type, connection status, and the available devices.
 */
export function GatewaysTable() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [macAddress, setMacAddress] = useState('');
  const [devicesOf, setDevicesOf] = useState<GatewayItem | null>(null);
  const q = useGatewaysQuery({ page, pageSize, macAddress });

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
  ];

  return (
    <Flex vertical gap={12}>
      <SearchInput placeholder={t('gateways.searchMac')} onChange={setSearch} data-testid="gateway-search" />
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
    </Flex>
  );
}
