import { useState } from 'react';
import { App, Button, Flex, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ClockCircleOutlined, ExperimentOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DuckItem } from '@overtone/contract';
import { rowTestId } from '../rowTestId';
import { useAdminAccess } from '../useAdminAccess';
import { DuckConfigDialog } from './DuckConfigDialog';
import { DuckConfigSummary } from './DuckConfigSummary';
import { DuckLastSeen } from './DuckLastSeen';
import { DuckPeriodicDialog } from './DuckPeriodicDialog';
import { formatPeriod } from './formatPeriod';
import { measureDuck, useDucksQuery } from '../../ducks/ducksApi';

type Dialog = { kind: 'config' | 'periodic'; duck: DuckItem } | null;

/**
 * The Ducks tab (spec 002 §2 "Duck tab"; readGateway): each Duck by MAC address with when it was
 * last heard, its configuration and periodic interval. Configuring and the periodic interval need
 * updateGateway (read-only otherwise), a live measurement createMeasurement.
 */
export function DucksTab() {
  const { t } = useTranslation('ducks');
  const { message } = App.useApp();
  const { can } = useAdminAccess();
  const canEdit = can('updateGateway');
  const canMeasure = can('createMeasurement');
  const q = useDucksQuery();
  const [dialog, setDialog] = useState<Dialog>(null);

  const measure = useMutation({
    mutationFn: (mac: string) => measureDuck(mac),
    // failures (409 not configured, 503 broker) are shown by the API client
    onSuccess: () => void message.success(t('measureRequested')),
  });

  const columns: ColumnsType<DuckItem> = [
    { key: 'mac', title: t('macAddress'), render: (_, d) => <span className="mono">{d.macAddress}</span> },
    { key: 'seen', title: t('lastSeen'), render: (_, d) => <DuckLastSeen connectionDate={d.connectionDate} /> },
    { key: 'config', title: t('configuration'), render: (_, d) => <DuckConfigSummary config={d.config} /> },
    {
      key: 'periodic',
      title: t('periodic.column'),
      render: (_, d) => (d.repeatInterval == null ? t('periodic.off') : formatPeriod(d.repeatInterval, t)),
    },
    {
      key: 'actions',
      title: t('admin:actions'),
      render: (_, d) => (
        <Flex gap={4} wrap>
          {canEdit && (
            <Tooltip title={t('configure')}>
              <Button
                size="small"
                icon={<SettingOutlined />}
                aria-label={t('configure')}
                onClick={() => setDialog({ kind: 'config', duck: d })}
                data-testid="duck-configure"
              />
            </Tooltip>
          )}
          <Tooltip title={t('periodic.title', { mac: d.macAddress })}>
            <Button
              size="small"
              icon={<ClockCircleOutlined />}
              aria-label={t('periodic.column')}
              onClick={() => setDialog({ kind: 'periodic', duck: d })}
              data-testid="duck-periodic"
            />
          </Tooltip>
          {canMeasure && (
            <Button
              size="small"
              icon={<ExperimentOutlined />}
              loading={measure.isPending && measure.variables === d.macAddress}
              onClick={() => measure.mutate(d.macAddress)}
              data-testid="duck-measure"
            >
              {t('measure')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Table<DuckItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={q.data ?? []}
        loading={q.isFetching}
        locale={{ emptyText: t('empty') }}
        onRow={(d) => rowTestId(`duck-row-${d.macAddress}`)}
        pagination={false}
      />
      {dialog?.kind === 'config' && <DuckConfigDialog duck={dialog.duck} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'periodic' && <DuckPeriodicDialog duck={dialog.duck} canEdit={canEdit} onClose={() => setDialog(null)} />}
    </>
  );
}
