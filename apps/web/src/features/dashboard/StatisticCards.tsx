import { Flex, Progress, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEALTH_COLORS } from '../../ui/health';
import { DashboardCard } from './DashboardCard';
import { useAlarmCoverage, usePointRecovery, useRecentPointHealth } from './dashboardApi';
import { riskColour } from './riskColour';

/** Repair outcomes in the order shown, with their colours (docs/maintenance.md "Verdict"). */
export const RECOVERY_OUTCOMES = [
  { key: 'improved', colour: HEALTH_COLORS.healthy },
  { key: 'unchanged', colour: HEALTH_COLORS.attention },
  { key: 'worse', colour: HEALTH_COLORS.critical },
  { key: 'pending', colour: HEALTH_COLORS.unknown },
] as const;

/** Point health states in the order shown. */
const STATES = ['critical', 'hazard', 'attention', 'healthy', 'unknown'] as const;

/** Alarm coverage: the share of the filtered points watched by at least one alarm, and those measured in 7 days. */
export function AlarmCoverageCard({ points }: { points?: string }) {
  const { t } = useTranslation('dashboard');
  const q = useAlarmCoverage(points);
  const d = q.data;
  const percent = d?.coverage === null || d?.coverage === undefined ? null : Math.round(d.coverage * 1000) / 10;
  return (
    <DashboardCard
      title={t('coverage.title')}
      testId="dashboard-alarm-coverage"
      loading={q.isPending}
      empty={q.isError || !d || d.points === 0}
      minHeight={120}
    >
      {d && (
        <Flex vertical gap={4}>
          <Statistic value={percent ?? 0} suffix="%" precision={1} styles={{ content: { color: riskColour(percent) } }} />
          <Progress percent={percent ?? 0} showInfo={false} strokeColor={riskColour(percent)} size="small" />
          <Typography.Text data-testid="dashboard-alarm-coverage-covered">
            {t('coverage.covered', { covered: d.covered, points: d.points })}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="dashboard-alarm-coverage-recent">
            {t('coverage.measuredRecently', { count: d.measuredRecently })}
          </Typography.Text>
        </Flex>
      )}
    </DashboardCard>
  );
}

/** Recent point health: how many of the filtered points are in each health state now. */
export function RecentPointHealthCard({ points }: { points?: string }) {
  const { t } = useTranslation('dashboard');
  const q = useRecentPointHealth(points);
  const d = q.data;
  const total = d ? STATES.reduce((s, k) => s + d[k], 0) : 0;
  return (
    <DashboardCard
      title={t('recentHealth.title')}
      testId="dashboard-recent-point-health"
      loading={q.isPending}
      empty={q.isError || total === 0}
      minHeight={120}
    >
      {d && (
        <Flex wrap gap={8}>
          {STATES.map((k) => (
            <Flex
              key={k}
              vertical
              align="center"
              style={{ minWidth: 64 }}
              data-testid={`dashboard-recent-health-${k}`}
              data-count={d[k]}
            >
              <Typography.Text strong style={{ fontSize: 22, color: HEALTH_COLORS[k] }}>
                {d[k]}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`health.${k}`)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
    </DashboardCard>
  );
}

/** Point recovery (docs/maintenance.md): completed maintenance of the filtered points by the verdict of the repair. */
export function PointRecoveryCard({ points }: { points?: string }) {
  const { t } = useTranslation('dashboard');
  const q = usePointRecovery(points);
  const d = q.data;
  return (
    <DashboardCard
      title={t('recovery.title')}
      testId="dashboard-point-recovery"
      loading={q.isPending}
      empty={q.isError || !d || d.completed === 0}
      emptyText={t('recovery.empty')}
      minHeight={120}
    >
      {d && (
        <Flex vertical gap={6}>
          <Typography.Text data-testid="dashboard-recovery-completed">
            {t('recovery.completed', { count: d.completed })}
          </Typography.Text>
          <Flex wrap gap={4}>
            {RECOVERY_OUTCOMES.map((o) => (
              <Tag key={o.key} color={o.colour} data-testid={`dashboard-recovery-${o.key}`} data-count={d[o.key]}>
                {`${t(`recovery.${o.key}`)}: ${d[o.key]}`}
              </Tag>
            ))}
          </Flex>
          {d.recent.slice(0, 3).map((r) => (
            <Typography.Text key={r.maintenanceId} type="secondary" ellipsis style={{ fontSize: 12 }}>
              {`${r.point.name} · ${r.title} · ${t(`recovery.${r.outcome}`)}`}
            </Typography.Text>
          ))}
        </Flex>
      )}
    </DashboardCard>
  );
}
