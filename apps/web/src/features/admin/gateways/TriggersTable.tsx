import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TriggerItem } from '@overtone/contract';
import { rowTestId } from '../rowTestId';
import { useTriggersQuery } from './gatewaysApi';
import { TriggerStatus } from './TriggerStatus';

/** The triggers view (spec 002 §2): MAC address and the reported status of each trigger device. */
export function TriggersTable() {
  const { t } = useTranslation('admin');
  const q = useTriggersQuery();
  const columns: ColumnsType<TriggerItem> = [
    { key: 'mac', title: t('gateways.macAddress'), render: (_, g) => <span className="mono">{g.macAddress}</span> },
    { key: 'status', title: t('gateways.reportedStatus'), render: (_, g) => <TriggerStatus trigger={g} /> },
  ];
  return (
    <Table<TriggerItem>
      rowKey="_id"
      size="middle"
      columns={columns}
      dataSource={q.data ?? []}
      loading={q.isPending}
      pagination={{ defaultPageSize: 10, pageSizeOptions: ['10', '25', '50', '75'], hideOnSinglePage: true }}
      locale={{ emptyText: t('gateways.noTriggers') }}
      onRow={(g) => rowTestId(`trigger-row-${g.macAddress}`)}
    />
  );
}
