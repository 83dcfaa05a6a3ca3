import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../core/customer/CustomerContext';
import { useCustomerZone } from '../../ui/formatDate';
import { bucketLabel, healthProgressOption } from './charts/chartOptions';
import { LazyChart } from './charts/LazyChart';
import { DashboardCard } from './DashboardCard';
import { useHealthProgress } from './dashboardApi';
import type { DashboardWindow } from './dashboardInterval';

/** Health progress (spec 001 §2): one bar per hour, day, week or month of the window, in its risk colour. */
export function HealthProgressCard({ window: w, points }: { window: DashboardWindow; points?: string }) {
  const { t } = useTranslation('dashboard');
  const { dateFormat } = useCustomer();
  const { offsetMinutes } = useCustomerZone();
  const q = useHealthProgress(w, points);
  const option = useMemo(() => {
    const buckets = [...(q.data ?? [])].sort((a, b) => a.order - b.order);
    const labels = buckets.map((b) => bucketLabel(b.start, w.unit, dateFormat, offsetMinutes));
    return healthProgressOption(buckets, labels, t('healthProgress.series'));
  }, [q.data, w.unit, dateFormat, offsetMinutes, t]);
  const empty = q.isError || !q.data?.some((b) => b.health !== null);

  return (
    <DashboardCard title={t('healthProgress.title')} testId="dashboard-health-progress" loading={q.isPending} empty={empty}>
      <LazyChart option={option} height={240} testId="dashboard-health-progress-chart" />
    </DashboardCard>
  );
}
