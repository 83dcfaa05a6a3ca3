import { useMemo, useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../core/customer/CustomerContext';
import { useCustomerZone } from '../../ui/formatDate';
import { alarmIntensityOption, bucketLabel } from './charts/chartOptions';
import { LazyChart } from './charts/LazyChart';
import { DashboardCard } from './DashboardCard';
import { useAlarmOccurrence, type AlarmIntensityUnit } from './dashboardApi';

/**
 * The alarm intensity graph (spec 001 §2, §9): alarm transactions above healthy per day (last 30
 * days) or per week (last 26 weeks), stacked by level.
 */
export function AlarmIntensityCard({ points }: { points?: string }) {
  const { t } = useTranslation('dashboard');
  const { dateFormat } = useCustomer();
  const { offsetMinutes } = useCustomerZone();
  const [unit, setUnit] = useState<AlarmIntensityUnit>('day');
  const q = useAlarmOccurrence(unit, points);
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const option = useMemo(
    () =>
      alarmIntensityOption(
        rows,
        rows.map((r) => bucketLabel(r.start, unit, dateFormat, offsetMinutes)),
        (level) => t(`health.${level}`),
      ),
    [rows, unit, dateFormat, offsetMinutes, t],
  );
  const total = rows.reduce((s, r) => s + r.attention + r.hazard + r.critical, 0);

  return (
    <DashboardCard
      title={t('alarmIntensity.title')}
      testId="dashboard-alarm-intensity"
      loading={q.isPending}
      empty={q.isError || total === 0}
      emptyText={t('alarmIntensity.empty')}
      extra={
        <Segmented<AlarmIntensityUnit>
          size="small"
          value={unit}
          onChange={setUnit}
          options={[
            { value: 'day', label: <span data-testid="dashboard-alarm-intensity-day">{t('alarmIntensity.daily')}</span> },
            { value: 'week', label: <span data-testid="dashboard-alarm-intensity-week">{t('alarmIntensity.weekly')}</span> },
          ]}
        />
      }
    >
      <LazyChart option={option} height={240} testId="dashboard-alarm-intensity-chart" />
    </DashboardCard>
  );
}
