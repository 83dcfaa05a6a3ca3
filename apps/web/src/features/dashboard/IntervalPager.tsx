import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { Button, Flex, Segmented, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_INTERVALS, type DashboardIntervalKey } from '@overtone/contract';
import { useCustomer } from '../../core/customer/CustomerContext';
import { datePartOf } from './charts/chartOptions';
import type { DashboardWindow } from './dashboardInterval';

dayjs.extend(utc);

export interface IntervalChoice {
  key: DashboardIntervalKey;
  /** 0 the current window, −n the n-th earlier one */
  page: number;
}

/** A window's bounds as text in the customer's format (the time only for the 24-hour interval). */
export function windowText(w: DashboardWindow, dateFormat: string): string {
  const format = w.unit === 'hour' ? dateFormat.replace(/:ss/, '') : datePartOf(dateFormat);
  return `${dayjs.utc(w.start).format(format)} – ${dayjs.utc(w.end).format(format)}`;
}

/**
 * The interval pager (spec 001 §2, §9): the six intervals (7 days by default), the window shown
 * in the customer's format, and previous / next window (next stops at the current one).
 */
export function IntervalPager({
  value,
  window: w,
  onChange,
}: {
  value: IntervalChoice;
  window: DashboardWindow;
  onChange(next: IntervalChoice): void;
}) {
  const { t } = useTranslation('dashboard');
  const { dateFormat } = useCustomer();
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      justify="space-between"
      data-testid="dashboard-interval-pager"
      data-start={w.start}
      data-end={w.end}
      data-unit={w.unit}
    >
      <Segmented<DashboardIntervalKey>
        value={value.key}
        onChange={(key) => onChange({ key, page: 0 })}
        options={DASHBOARD_INTERVALS.map((i) => ({
          value: i.key,
          label: <span data-testid={`dashboard-interval-${i.key}`}>{t(`interval.${i.key}`)}</span>,
        }))}
      />
      <Flex gap={4} align="center">
        <Tooltip title={t('interval.previous')}>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('interval.previous')}
            onClick={() => onChange({ ...value, page: value.page - 1 })}
            data-testid="dashboard-interval-previous"
          />
        </Tooltip>
        <Typography.Text className="mono" data-testid="dashboard-interval-range" style={{ minWidth: 180, textAlign: 'center' }}>
          {windowText(w, dateFormat)}
        </Typography.Text>
        <Tooltip title={t('interval.next')}>
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('interval.next')}
            disabled={value.page >= 0}
            onClick={() => onChange({ ...value, page: Math.min(0, value.page + 1) })}
            data-testid="dashboard-interval-next"
          />
        </Tooltip>
        {value.page < 0 && (
          <Button
            size="small"
            type="link"
            onClick={() => onChange({ ...value, page: 0 })}
            data-testid="dashboard-interval-current"
          >
            {t('interval.current')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
