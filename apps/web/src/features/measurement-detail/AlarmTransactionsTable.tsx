import { useState } from 'react';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVELS, PAGE_SIZES, type AlarmTransaction } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { HEALTH_COLORS } from '../../ui/health';
import { measurementPath } from '../measurements/lastMeasurement';
import { useAlarmTransactionsQuery } from './measurementApi';
import { useTelemetryLabel } from '../telemetry/telemetryName';

const DEFAULT_PAGE_SIZE = 10;

/** Colour of an alarm level by its order (0 none … 3 critical; spec 002 §4, §9). */
const levelColor = (order: number) =>
  order >= 3 ? HEALTH_COLORS.critical : order === 2 ? HEALTH_COLORS.hazard : order === 1 ? HEALTH_COLORS.attention : undefined;

/**
 * Alarm transactions of the measurement's point (spec 002 §2; readAlarm, or allowAlarmTransactions
 * of a share link), paged 10/25/50/75, default 10. Empty state while the point has none.
 */
export function AlarmTransactionsTable({
  pointId,
  measurementId,
  readOnly = false,
}: {
  pointId: string;
  measurementId: string;
  /**
   * Share-link mode: the share family's call, and no links to other measurements (the token opens
   * only this one): the measurement column says "this measurement" or "another measurement", no raw id.
   */
  readOnly?: boolean;
}) {
  const { t } = useTranslation('measurementDetail');
  const formatDate = useDateFormatter();
  const [page, setPage] = useState({ pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE });
  const q = useAlarmTransactionsQuery({ pointId, measurementId, readOnly }, page.pageNumber, page.pageSize);
  const telemetryName = useTelemetryLabel(!readOnly);

  const columns: ColumnsType<AlarmTransaction> = [
    { key: 'createdAt', title: t('alarms.createdAt'), render: (_, r) => formatDate(r.createdAt) },
    { key: 'name', title: t('alarms.name'), dataIndex: 'name' },
    { key: 'telemetry', title: t('alarms.telemetry'), render: (_, r) => telemetryName(r.telemetry) },
    {
      key: 'level',
      title: t('alarms.level'),
      render: (_, r) => {
        const known = (ALARM_LEVELS as readonly string[]).includes(r.level.name);
        return (
          <Tag color={levelColor(r.level.order)}>
            {known ? t(`alarms.levels.${r.level.name as (typeof ALARM_LEVELS)[number]}`) : r.level.name}
          </Tag>
        );
      },
    },
    {
      key: 'score',
      title: t('alarms.score'),
      align: 'right',
      render: (_, r) => <span className="mono">{r.score.toFixed(4)}</span>,
    },
    {
      key: 'measurement',
      title: t('alarms.measurement'),
      render: (_, r) =>
        r.measurementId ? (
          !readOnly ? (
            <Link to={measurementPath(r.measurementId)}>{t('alarms.open')}</Link>
          ) : r.measurementId === measurementId ? (
            <Tag color="blue">{t('alarms.thisMeasurement')}</Tag>
          ) : (
            <Typography.Text type="secondary">{t('alarms.otherMeasurement')}</Typography.Text>
          )
        ) : (
          ''
        ),
    },
  ];

  return (
    <Card size="small" title={t('alarms.title')} data-testid="alarm-transactions">
      <Table<AlarmTransaction>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={q.data?.transactions ?? []}
        loading={q.isFetching}
        locale={{ emptyText: t('alarms.empty') }}
        scroll={{ x: true }}
        pagination={{
          current: page.pageNumber,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          hideOnSinglePage: false,
          onChange: (pageNumber, pageSize) =>
            setPage((p) => ({ pageNumber: pageSize !== p.pageSize ? 1 : pageNumber, pageSize })),
        }}
      />
    </Card>
  );
}
