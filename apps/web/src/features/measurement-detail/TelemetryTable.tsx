import { Collapse, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AxisKey, TelemetryValue } from '@overtone/contract';
import { telemetryLabel } from '../telemetry/telemetryName';

/** Telemetry values are shown to 4 decimals (spec 002 §9). */
export const formatTelemetry = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : String(v));

/** The default telemetries of the table (spec 002 §2), shown first in this order. */
export const DEFAULT_TELEMETRIES = [
  'AUTO_CORRELATION',
  'CLEARANCE',
  'CREST',
  'GRMS',
  'KURTOSIS',
  'PEAK',
  'PEAK_TO_PEAK',
  'SHAPE_FACTOR',
  'SKEWNESS',
  'VRMS',
  'VRMS_ISO10816',
] as const;

const rank = (r: TelemetryValue) => {
  const i = (DEFAULT_TELEMETRIES as readonly string[]).indexOf(r.telemetry);
  return i < 0 ? DEFAULT_TELEMETRIES.length : i;
};

/** The default telemetries first (spec order), then the others as the server sent them. */
export const orderTelemetry = (rows: TelemetryValue[]) =>
  rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map((x) => x.r);

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
      render: (_, r) => <Typography.Text strong>{telemetryLabel(t, r.telemetry, r.name)}</Typography.Text>,
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
  const computed = orderTelemetry(telemetry.filter((r) => !r.deviceReported && r.source === axis));
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
