import { useState } from 'react';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TriggerItem } from '@overtone/contract';
import { useDucksQuery } from '../ducks/ducksApi';
import { rowTestId } from '../rowTestId';
import { useAdminAccess } from '../useAdminAccess';
import { useTriggersQuery } from './gatewaysApi';
import { TriggerDucksDialog } from './TriggerDucksDialog';
import { TriggerStatus } from './TriggerStatus';

/**
 * The triggers view (spec 002 §2): MAC address and the reported status of each trigger device, and
 * the Ducks each one makes measure (`GET /ducks` `trigger`); with updateGateway a dialog assigns and
 * unassigns them (`POST` / `DELETE /trigger/{id}/duck`).
 */
export function TriggersTable() {
  const { t } = useTranslation('admin');
  const { can } = useAdminAccess();
  const canEdit = can('updateGateway');
  const q = useTriggersQuery();
  const ducks = useDucksQuery();
  const [ducksOf, setDucksOf] = useState<TriggerItem | null>(null);
  const columns: ColumnsType<TriggerItem> = [
    { key: 'mac', title: t('gateways.macAddress'), render: (_, g) => <span className="mono">{g.macAddress}</span> },
    { key: 'status', title: t('gateways.reportedStatus'), render: (_, g) => <TriggerStatus trigger={g} /> },
    {
      key: 'ducks',
      title: t('gateways.triggerDucks.column'),
      render: (_, g) => {
        const assigned = (ducks.data ?? []).filter((d) => d.trigger === g._id);
        return (
          <Flex gap={4} wrap align="center" data-testid="trigger-ducks">
            {assigned.length ? (
              assigned.map((d) => (
                <Tag key={d._id} className="mono">
                  {d.macAddress}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{t('gateways.triggerDucks.none')}</Typography.Text>
            )}
            {canEdit && (
              <Button size="small" icon={<ApiOutlined />} onClick={() => setDucksOf(g)} data-testid="trigger-ducks-manage">
                {t('gateways.triggerDucks.manage')}
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];
  return (
    <>
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
      {ducksOf && (
        <TriggerDucksDialog trigger={ducksOf} ducks={ducks.data ?? []} triggers={q.data ?? []} onClose={() => setDucksOf(null)} />
      )}
    </>
  );
}
