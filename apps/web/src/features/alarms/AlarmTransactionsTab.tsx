import { useState } from 'react';
import { Button, Card, Result, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALARM_TRANSACTION_LEVEL_FILTERS, PAGE_SIZES, type AlarmTransactionDetail } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { useDateFormatter } from '../../ui/formatDate';
import { measurementPath } from '../measurements/lastMeasurement';
import { usePointQuery } from '../points/pointApi';
import { LevelTag, sourceLabel } from './alarmLabels';
import { useAlarmTransactionsQuery, type LevelFilter, type TransactionsParams } from './alarmsApi';
import { useTelemetryLabel } from '../telemetry/telemetryName';

/** Default page size of the table (spec 001 §9: 10, 25, 50, 75, default 10). */
export const DEFAULT_TRANSACTIONS_PAGE_SIZE = 10;

/**
 * The alarm transactions of a point (spec 001 §2 Alarm transactions, §3): a paged table of level
 * changes, newest first, with the level filter all / attention / hazard / critical / healthy (sent as
 * `levelName`; changing it goes back to page 1). Dates are in the customer's format and time zone;
 * the measurement opens `/measurement/:id`. Fetched only with readAlarm (§6).
 */
export function AlarmTransactionsTab({ pointId }: { pointId: string }) {
  const { t } = useTranslation('alarms');
  const session = useSession();
  const canRead = hasPermission(session, 'readAlarm');
  const formatDate = useDateFormatter();
  const [params, setParams] = useState<TransactionsParams>({
    pageNumber: 1,
    pageSize: DEFAULT_TRANSACTIONS_PAGE_SIZE,
    levelName: 'all',
  });
  const q = useAlarmTransactionsQuery(pointId, params, canRead);
  const point = usePointQuery(canRead ? pointId : undefined, { silent: true });
  const telemetryName = useTelemetryLabel();

  if (!canRead) return <Result status="info" title={t('noPermission')} data-testid="transactions-no-permission" />;

  const columns: ColumnsType<AlarmTransactionDetail> = [
    { key: 'createdAt', title: t('transactions.createdAt'), render: (_, r) => formatDate(r.createdAt) },
    { key: 'name', title: t('transactions.name'), dataIndex: 'name' },
    { key: 'telemetry', title: t('transactions.telemetry'), render: (_, r) => telemetryName(r.telemetry) },
    { key: 'source', title: t('transactions.source'), render: (_, r) => sourceLabel(r.source, point.data, t) },
    { key: 'level', title: t('transactions.level'), render: (_, r) => <LevelTag level={r.level} /> },
    {
      key: 'score',
      title: t('transactions.score'),
      align: 'right',
      render: (_, r) => <span className="mono">{r.score.toFixed(4)}</span>,
    },
    {
      key: 'measurement',
      title: t('transactions.measurement'),
      render: (_, r) =>
        r.measurementId ? (
          <Link to={measurementPath(r.measurementId)} data-testid="transaction-measurement">
            {t('transactions.open')}
          </Link>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('transactions.title')}
      data-testid="alarm-transactions-tab"
      extra={
        <Segmented<LevelFilter>
          value={params.levelName}
          onChange={(levelName) => setParams((p) => ({ ...p, levelName, pageNumber: 1 }))}
          options={ALARM_TRANSACTION_LEVEL_FILTERS.map((f) => ({ value: f, label: t(`transactions.filters.${f}`) }))}
          data-testid="transactions-level-filter"
        />
      }
    >
      {q.isError ? (
        <Result
          status="warning"
          title={t('transactions.loadFailed')}
          subTitle={q.error.message}
          extra={<Button onClick={() => void q.refetch()}>{t('common:retry')}</Button>}
        />
      ) : (
        <Table<AlarmTransactionDetail>
          size="small"
          rowKey="_id"
          columns={columns}
          dataSource={q.data?.transactions ?? []}
          loading={q.isFetching}
          locale={{ emptyText: t('transactions.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: params.pageNumber,
            pageSize: params.pageSize,
            total: q.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            onChange: (pageNumber, pageSize) =>
              setParams((p) => ({ ...p, pageNumber: pageSize !== p.pageSize ? 1 : pageNumber, pageSize })),
          }}
        />
      )}
    </Card>
  );
}
