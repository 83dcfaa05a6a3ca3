import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TelemetryValue } from '@overtone/contract';
import { formatTelemetry, orderTelemetry } from '../TelemetryTable';
import { telemetryUnit } from './duckData';
import { telemetryLabel } from '../../telemetry/telemetryName';

/**
 * Telemetry of one Duck channel (spec 002 §2 "Duck measurement details"): value to 4 decimals and
 * unit, the levels in the sensor's unit (current A, voltage V, otherwise g).
 */
export function DuckTelemetryTable({
  telemetry,
  channelKey,
  unit,
}: {
  telemetry: TelemetryValue[];
  channelKey: string;
  unit: string;
}) {
  const { t } = useTranslation('duckMeasurement');
  const rows = orderTelemetry(telemetry.filter((r) => r.source === channelKey));
  const columns: ColumnsType<TelemetryValue> = [
    {
      key: 'telemetry',
      title: t('telemetry.telemetry'),
      render: (_, r) => <Typography.Text strong>{telemetryLabel(t, r.telemetry, r.name)}</Typography.Text>,
    },
    {
      key: 'value',
      title: t('telemetry.value'),
      align: 'right',
      render: (_, r) => <span className="mono">{formatTelemetry(r.value)}</span>,
    },
    {
      key: 'unit',
      title: t('telemetry.unit'),
      render: (_, r) => <span data-testid="duck-telemetry-unit">{telemetryUnit(r, unit) || '–'}</span>,
    },
  ];
  return (
    <Table<TelemetryValue>
      size="small"
      rowKey={(r) => `${r.source}/${r.telemetry}/${r.name}`}
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('telemetry.empty') }}
      data-testid="duck-telemetry-table"
    />
  );
}
