import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { evaluatedGaugeOption, evaluatedPercent } from './charts/chartOptions';
import { LazyChart } from './charts/LazyChart';
import { DashboardCard } from './DashboardCard';
import { useDashboardReports } from './dashboardApi';

/**
 * The unresolved-reports gauge (spec 001 §2, §9): evaluated (answered) reports / total × 100 of
 * the filtered points, with the count still awaiting an evaluation. Shares the last reports' call.
 */
export function EvaluatedGaugeCard({ points }: { points?: string }) {
  const { t } = useTranslation('dashboard');
  const q = useDashboardReports(points);
  const total = q.data?.data.total ?? 0;
  const answered = q.data?.data.answered ?? 0;
  const percent = evaluatedPercent(answered, total);
  const option = useMemo(() => evaluatedGaugeOption(percent ?? 0), [percent]);

  return (
    <DashboardCard
      title={t('gauge.title')}
      testId="dashboard-gauge"
      loading={q.isPending}
      empty={q.isError || percent === null}
      emptyText={t('gauge.empty')}
    >
      <div data-testid="dashboard-gauge-percent" data-percent={percent ?? ''}>
        <LazyChart option={option} height={170} testId="dashboard-gauge-chart" />
      </div>
      <Flex vertical align="center" gap={2} style={{ textAlign: 'center' }}>
        <Typography.Text data-testid="dashboard-gauge-detail">{t('gauge.detail', { answered, total })}</Typography.Text>
        <Typography.Text type={total - answered > 0 ? 'warning' : 'secondary'} data-testid="dashboard-gauge-unresolved">
          {t('gauge.unresolved', { count: Math.max(0, total - answered) })}
        </Typography.Text>
      </Flex>
    </DashboardCard>
  );
}
