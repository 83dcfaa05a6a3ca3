import { useMemo } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AlarmTransactionDetail } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { useDateFormatter } from '../../ui/formatDate';
import { DashboardCard } from './DashboardCard';
import { usePointHealthScores, useRecentAlarmTransactions } from './dashboardApi';
import { HealthTag } from './HealthTag';
import { ScoreBar } from './PointHealthCard';

/**
 * The alarm transactions (spec 001 §2, §9): the 10 most recent level changes of the filtered
 * points (`GET /alarm-transactions?pageSize=10&pageNumber=1&points`), each with its point's health
 * score (`/dashboard/point-health-score`, the same call as the point health table). Needs readAlarm.
 */
export function AlarmTransactionsCard({ points, onOpenPoint }: { points?: string; onOpenPoint?: (pointId: string) => void }) {
  const { t } = useTranslation('dashboard');
  const canRead = hasPermission(useSession(), 'readAlarm');
  const formatDate = useDateFormatter();
  const q = useRecentAlarmTransactions(points, canRead);
  const scores = usePointHealthScores(points);
  const scoreOf = useMemo(() => new Map((scores.data ?? []).map((s) => [s.point._id, s.healthScore])), [scores.data]);
  const rows = q.data?.transactions ?? [];

  const columns: ColumnsType<AlarmTransactionDetail> = [
    {
      key: 'date',
      title: t('alarmTransactions.date'),
      render: (_, r) => <span className="mono">{formatDate(r.createdAt)}</span>,
    },
    {
      key: 'point',
      title: t('alarmTransactions.point'),
      render: (_, r) =>
        r.point ? (
          <Typography.Link onClick={() => onOpenPoint?.(r.point!._id)} data-testid="dashboard-transaction-point">
            {r.point.name}
          </Typography.Link>
        ) : (
          '–'
        ),
    },
    { key: 'alarm', title: t('alarmTransactions.alarm'), render: (_, r) => `${r.name} · ${r.telemetry}` },
    { key: 'level', title: t('alarmTransactions.level'), render: (_, r) => <HealthTag health={r.level.name} /> },
    {
      key: 'score',
      title: t('alarmTransactions.healthScore'),
      width: 160,
      render: (_, r) => <ScoreBar score={r.point ? (scoreOf.get(r.point._id) ?? null) : null} />,
    },
  ];

  return (
    <DashboardCard
      title={t('alarmTransactions.title')}
      testId="dashboard-alarm-transactions"
      loading={canRead && q.isPending}
      empty={!canRead || q.isError || rows.length === 0}
      emptyText={canRead ? t('alarmTransactions.empty') : t('alarmTransactions.noPermission')}
    >
      <Table<AlarmTransactionDetail>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
      />
    </DashboardCard>
  );
}
