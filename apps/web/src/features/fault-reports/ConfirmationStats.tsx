import { Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FAULT_NAMES, type ConfirmationStat, type FaultName } from '@overtone/contract';
import { useConfirmationsQuery } from './faultReportsApi';

interface Row {
  fault: FaultName;
  point: ConfirmationStat | undefined;
  customer: ConfirmationStat | undefined;
}

/**
 * The rows of the statistics: one per fault seen on the point or the customer, in the catalogue's
 * order of fault names.
 */
export function confirmationRows(point: readonly ConfirmationStat[], customer: readonly ConfirmationStat[]): Row[] {
  const byFault = (list: readonly ConfirmationStat[]) => new Map(list.map((s) => [s.fault, s]));
  const p = byFault(point);
  const c = byFault(customer);
  return FAULT_NAMES.filter((f) => p.has(f) || c.has(f)).map((fault) => ({ fault, point: p.get(fault), customer: c.get(fault) }));
}

/** "confirmed / evaluated (share %)" of a statistic; evaluated = confirmed + not confirmed. */
function Share({ stat, testId }: { stat: ConfirmationStat | undefined; testId: string }) {
  const { t } = useTranslation('faultReports');
  if (!stat) return <Typography.Text type="secondary">–</Typography.Text>;
  const evaluated = stat.confirmed + stat.notConfirmed;
  const percent = evaluated ? Math.round((100 * stat.confirmed) / evaluated) : null;
  return (
    <Tooltip
      title={t('confirmations.detail', {
        total: stat.total,
        confirmed: stat.confirmed,
        notConfirmed: stat.notConfirmed,
        unanswered: stat.unanswered,
      })}
    >
      <span className="mono" data-testid={testId}>
        {t('confirmations.share', { confirmed: stat.confirmed, evaluated })}
        {percent !== null && <Typography.Text type="secondary"> ({percent} %)</Typography.Text>}
      </span>
    </Tooltip>
  );
}

/**
 * How often each fault's reports were confirmed by an inspection (issue 15), on this point and on
 * all points of the customer: confirmed / evaluated, with the unanswered ones in the tooltip. Hidden
 * while nothing was reported; its load failure is not shown (the list below is what matters).
 */
export function ConfirmationStats({ pointId }: { pointId: string }) {
  const { t } = useTranslation('faultReports');
  const q = useConfirmationsQuery(pointId);
  const rows = q.data ? confirmationRows(q.data.point, q.data.customer) : [];
  if (!rows.length) return null;

  const columns: ColumnsType<Row> = [
    { key: 'fault', title: t('confirmations.fault'), render: (_, r) => t(`faults.${r.fault}`) },
    { key: 'point', title: t('confirmations.point'), render: (_, r) => <Share stat={r.point} testId="confirmations-point" /> },
    {
      key: 'customer',
      title: t('confirmations.customer'),
      render: (_, r) => <Share stat={r.customer} testId="confirmations-customer" />,
    },
  ];
  return (
    <div data-testid="confirmation-stats">
      <Typography.Text strong>{t('confirmations.title')}</Typography.Text>
      <Table<Row> size="small" rowKey="fault" columns={columns} dataSource={rows} pagination={false} style={{ marginTop: 6 }} />
    </div>
  );
}
