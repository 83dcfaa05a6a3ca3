import { Collapse, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AxisKey, TelemetryValue } from '@overtone/contract';

/** Telemetry values are shown to 4 decimals (spec 002 §9). */
export const formatTelemetry = (v: number) => v.toFixed(4);

function useColumns(): ColumnsType<TelemetryValue> {
  const { t } = useTranslation('measurementDetail');
  return [
    {
      key: 'sensor',
      title: t('telemetry.sensor'),
      render: (_, r) => {
        const axis = t(`axis.${r.source}`, { defaultValue: r.source });
        return r.sensor && r.sensor !== r.source ? `${r.sensor} · ${axis}` : axis;
      },
    },
    {
      key: 'telemetry',
      title: t('telemetry.telemetry'),
      render: (_, r) => <Typography.Text strong>{r.name || r.telemetry}</Typography.Text>,
    },
    {
      key: 'value',
      title: t('telemetry.value'),
      align: 'right',
      render: (_, r) => <span className="mono">{formatTelemetry(r.value)}</span>,
    },
    { key: 'unit', title: t('telemetry.unit'), dataIndex: 'unit' },
  ];
}

/**
 * Telemetry of the selected axis computed by the server (`deviceReported: false`), and in a
 * collapsible section the values the device reported itself.
 */
export function TelemetryTable({ telemetry, axis }: { telemetry: TelemetryValue[]; axis: AxisKey }) {
  const { t } = useTranslation('measurementDetail');
  const columns = useColumns();
  const computed = telemetry.filter((r) => !r.deviceReported && r.source === axis);
  const reported = telemetry.filter((r) => r.deviceReported);
  const rowKey = (r: TelemetryValue) => `${r.source}/${r.telemetry}/${r.name}`;
  return (
    <>
      <Table<TelemetryValue>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={computed}
        pagination={false}
        locale={{ emptyText: t('telemetry.empty') }}
        data-testid="telemetry-table"
      />
      {reported.length > 0 && (
        <Collapse
          size="small"
          ghost
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'reported',
              label: t('telemetry.deviceReported', { n: reported.length }),
              children: (
                <Table<TelemetryValue> size="small" rowKey={rowKey} columns={columns} dataSource={reported} pagination={false} />
              ),
            },
          ]}
        />
      )}
    </>
  );
}
