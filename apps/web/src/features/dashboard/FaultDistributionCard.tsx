import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../core/i18n';
import { localizedText } from '../fault-reports/faultReportLabels';
import { faultDistributionOption } from './charts/chartOptions';
import { LazyChart } from './charts/LazyChart';
import { DashboardCard } from './DashboardCard';
import { useFaultDistribution } from './dashboardApi';
import type { DashboardWindow } from './dashboardInterval';

/** The failure-mode pie (spec 001 §2): fault reports created in the window by fault, names in the interface language. */
export function FaultDistributionCard({ window: w, points }: { window: DashboardWindow; points?: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const q = useFaultDistribution(w, points);
  const items = useMemo(() => (q.data ?? []).filter((i) => i.count > 0), [q.data]);
  const language = i18n.language;
  const option = useMemo(
    () => faultDistributionOption(items, (i) => localizedText(i.name, currentLanguage())),
    [items, language], // the names follow the interface language
  );
  const total = items.reduce((s, i) => s + i.count, 0);

  return (
    <DashboardCard
      title={t('faultDistribution.title')}
      testId="dashboard-fault-distribution"
      loading={q.isPending}
      empty={q.isError || total === 0}
      extra={
        total > 0 ? (
          <span data-testid="dashboard-fault-distribution-total">{t('faultDistribution.total', { count: total })}</span>
        ) : null
      }
    >
      <LazyChart option={option} height={260} testId="dashboard-fault-distribution-chart" />
    </DashboardCard>
  );
}
