import type { HTMLAttributes } from 'react';
import { Progress, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PointHealthScoreResponse } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { DashboardCard } from './DashboardCard';
import { usePointHealthScores } from './dashboardApi';
import { HealthTag } from './HealthTag';
import { riskColour } from './riskColour';

type Row = PointHealthScoreResponse[number];

/** A 0–1 health score as a whole 0–100 percentage; null without one. */
export const scorePercent = (score: number | null): number | null =>
  score === null ? null : Math.round(Math.min(1, Math.max(0, score)) * 100);

/** The health score as a progress bar in its risk colour. */
export function ScoreBar({ score }: { score: number | null }) {
  const p = scorePercent(score);
  if (p === null) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Progress
      percent={p}
      size="small"
      strokeColor={riskColour(p)}
      format={(v) => `${v}`}
      style={{ minWidth: 120, marginBottom: 0 }}
      data-testid="dashboard-score"
      data-score={p}
      data-colour={riskColour(p)}
    />
  );
}

/** A point's groups: its path without its own name at the end (`A / B / Point` → `A / B`). */
const groupsOf = (p: { name: string; path: string }) => {
  const parts = p.path.split(' / ');
  return (parts.at(-1) === p.name ? parts.slice(0, -1) : parts).join(' / ');
};

/**
 * Point health performance (spec 001 §2): each filtered point's health score (worst first, as the
 * server orders them) with a risk-coloured bar, its health, open reports and last measurement in
 * the customer's format; a click on a row opens the point.
 */
export function PointHealthCard({ points, onOpenPoint }: { points?: string; onOpenPoint?: (pointId: string) => void }) {
  const { t } = useTranslation('dashboard');
  const formatDate = useDateFormatter();
  const q = usePointHealthScores(points);
  const rows = q.data ?? [];

  const columns: ColumnsType<Row> = [
    {
      key: 'point',
      title: t('pointHealth.point'),
      // the name first, its groups below; each line cut on its own (the whole path in the title)
      render: (_, r) => (
        <div title={r.point.path} style={{ minWidth: 120, maxWidth: 260 }}>
          <Typography.Link ellipsis style={{ display: 'block' }} data-testid="dashboard-point-name">
            {r.point.name}
          </Typography.Link>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
            {groupsOf(r.point)}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'score', title: t('pointHealth.score'), width: 150, render: (_, r) => <ScoreBar score={r.healthScore} /> },
    { key: 'health', title: t('pointHealth.health'), render: (_, r) => <HealthTag health={r.health} /> },
    { key: 'open', title: t('pointHealth.openReports'), align: 'right', render: (_, r) => r.openFaultReports },
    {
      key: 'last',
      title: t('pointHealth.lastMeasurement'),
      render: (_, r) => <span className="mono">{r.lastMeasurement ? formatDate(r.lastMeasurement) : '–'}</span>,
    },
  ];

  return (
    <DashboardCard
      title={t('pointHealth.title')}
      testId="dashboard-point-health"
      loading={q.isPending}
      empty={q.isError || rows.length === 0}
    >
      <Table<Row>
        size="small"
        rowKey={(r) => r.point._id}
        columns={columns}
        dataSource={rows}
        scroll={{ x: true }}
        onRow={(r) =>
          ({
            onClick: () => onOpenPoint?.(r.point._id),
            style: { cursor: onOpenPoint ? 'pointer' : undefined },
            'data-testid': 'dashboard-point-row',
          }) as HTMLAttributes<HTMLElement>
        }
        pagination={{
          defaultPageSize: 10,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          hideOnSinglePage: true,
        }}
      />
    </DashboardCard>
  );
}
