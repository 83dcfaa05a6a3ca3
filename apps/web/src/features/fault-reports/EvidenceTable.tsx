import { Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EvidenceLine, Point } from '@overtone/contract';
import { axisKeyOf, evidencePath } from './evidenceMark';
import { axisMapping } from '../measurements/axes';
import { changeOverBaselineDb, formatValue } from './faultReportLabels';

type Row = EvidenceLine & { key: number };

interface Props {
  evidence: EvidenceLine[];
  /** The point record, to name the sensor axes by its machine-axis mapping (as the measurement page does). */
  point?: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'>;
}

/**
 * The evidence of a report (issue 15): kind, frequency (Hz) and order of running speed, amplitude
 * with its unit, axis, domain and the point's baseline; each line opens the measurement's chart in
 * its domain and axis with the line marked (`/measurement/{id}?domain&axis&markHz`).
 */
export function EvidenceTable({ evidence, point }: Props) {
  const { t } = useTranslation('faultReports');
  const mapping = axisMapping(point);
  const rows: Row[] = evidence.map((e, key) => ({ ...e, key }));

  const columns: ColumnsType<Row> = [
    {
      key: 'kind',
      title: t('evidence.kind'),
      render: (_, r) => (
        <Tooltip title={t(`evidenceKinds.${r.kind}`)}>
          <span className="mono" data-testid="evidence-kind">
            {r.kind}
            {r.label ? ` · ${r.label}` : ''}
          </span>
        </Tooltip>
      ),
    },
    {
      key: 'frequency',
      title: t('evidence.frequencyHz'),
      align: 'right',
      render: (_, r) => <span className="mono">{r.frequencyHz === null ? '–' : r.frequencyHz.toFixed(2)}</span>,
    },
    {
      key: 'order',
      title: t('evidence.order'),
      align: 'right',
      render: (_, r) => <span className="mono">{r.order === null ? '–' : `${r.order.toFixed(2)}×`}</span>,
    },
    {
      key: 'amplitude',
      title: t('evidence.amplitude'),
      align: 'right',
      render: (_, r) => (
        <span className="mono">
          {formatValue(r.amplitude)} {r.unit}
        </span>
      ),
    },
    {
      key: 'axis',
      title: t('evidence.axis'),
      render: (_, r) => (r.axis ? t(`measurementDetail:axisLabel.${mapping[axisKeyOf(r.axis)]}`) : '–'),
    },
    { key: 'domain', title: t('evidence.domain'), render: (_, r) => t(`domains.${r.domain}`) },
    {
      key: 'baseline',
      title: t('evidence.baseline'),
      align: 'right',
      render: (_, r) => {
        if (r.baselineAmplitude === null) return <Typography.Text type="secondary">{t('evidence.noBaseline')}</Typography.Text>;
        const db = changeOverBaselineDb(r.amplitude, r.baselineAmplitude);
        return (
          <span className="mono">
            {formatValue(r.baselineAmplitude)} {r.unit}
            {db !== null && (
              <Typography.Text type={db >= 6 ? 'danger' : 'secondary'}>
                {' '}
                ({t('evidence.changeDb', { db: `${db >= 0 ? '+' : ''}${db.toFixed(1)}` })})
              </Typography.Text>
            )}
          </span>
        );
      },
    },
    {
      key: 'open',
      title: t('evidence.chart'),
      render: (_, r) => (
        <Link to={evidencePath(r)} data-testid="evidence-link">
          {t('evidence.openChart')}
        </Link>
      ),
    },
  ];

  return (
    <Table<Row>
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: t('evidence.empty') }}
      data-testid="evidence-table"
    />
  );
}
