import { useMemo } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEALTH_COLORS } from '../../ui/health';
import { round1, systemHealthOption } from './charts/chartOptions';
import { LazyChart } from './charts/LazyChart';
import { DashboardCard } from './DashboardCard';
import { useSystemHealth } from './dashboardApi';
import type { DashboardWindow } from './dashboardInterval';
import { riskColour } from './riskColour';

/**
 * The badge of the difference against the previous period (spec 001 §2, §4): ▲ green when health
 * rose, ▼ red when it fell, – grey when unchanged (to one decimal).
 */
export function differenceBadge(difference: number | null): { symbol: '▲' | '▼' | '–'; colour: string; text: string } | null {
  const d = round1(difference);
  if (d === null) return null;
  if (d > 0) return { symbol: '▲', colour: HEALTH_COLORS.healthy, text: `+${d.toFixed(1)}` };
  if (d < 0) return { symbol: '▼', colour: HEALTH_COLORS.critical, text: d.toFixed(1) };
  return { symbol: '–', colour: HEALTH_COLORS.unknown, text: '0.0' };
}

/** The system-health donut with its difference badge (spec 001 §2 "Dashboard tab", §4 previous period). */
export function SystemHealthCard({ window: w, points }: { window: DashboardWindow; points?: string }) {
  const { t } = useTranslation('dashboard');
  const q = useSystemHealth(w, points);
  const health = q.data?.health ?? null;
  const option = useMemo(() => systemHealthOption(health), [health]);
  const badge = differenceBadge(q.data?.difference ?? null);

  return (
    <DashboardCard
      title={t('systemHealth.title')}
      testId="dashboard-system-health"
      loading={q.isPending}
      empty={q.isError || health === null}
    >
      <div style={{ position: 'relative' }}>
        <LazyChart option={option} height={180} testId="dashboard-system-health-chart" />
        <Flex vertical align="center" justify="center" style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
          <Typography.Text strong style={{ fontSize: 30, color: riskColour(health) }} data-testid="dashboard-system-health-value">
            {round1(health)?.toFixed(1)}
          </Typography.Text>
          <Typography.Text type="secondary">/ 100</Typography.Text>
        </Flex>
      </div>
      <Flex vertical align="center" gap={4}>
        {badge ? (
          <Tag
            color={badge.colour}
            data-testid="dashboard-health-difference"
            data-direction={badge.symbol === '▲' ? 'up' : badge.symbol === '▼' ? 'down' : 'same'}
            title={t('systemHealth.difference')}
          >
            {`${badge.symbol} ${badge.text}`}
          </Tag>
        ) : (
          <Typography.Text type="secondary" data-testid="dashboard-health-difference-none">
            {t('systemHealth.noPrevious')}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{t('systemHealth.points', { count: q.data?.points ?? 0 })}</Typography.Text>
      </Flex>
    </DashboardCard>
  );
}
