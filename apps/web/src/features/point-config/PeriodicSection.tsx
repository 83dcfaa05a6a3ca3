import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Popconfirm, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SLEEP_AMOUNT, SLEEP_AMOUNTS } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { useDateFormatter } from '../../ui/formatDate';
import { usePeriodicMutations, usePeriodicQuery } from './scheduleApi';

/**
 * Periodic section of the point configuration card (spec 001): the sleepAmount choice (codes 25…32
 * shown as ≈30 min … ≈36 h), Save (updatePointConfig; only once the point has a device, which is
 * what the scheduler commands), Delete with a confirmation (deletePointConfig), and the scheduler
 * job: next run, last run, last failure with its reason, in the customer's date format and time
 * zone, reloaded while shown (scheduleApi `periodicRefetchInterval`).
 */
export function PeriodicSection({ pointId, hasDevice }: { pointId: string; hasDevice: boolean }) {
  const { t } = useTranslation('pointConfigSchedule');
  const session = useSession();
  const formatDate = useDateFormatter();
  const query = usePeriodicQuery(pointId);
  const { save, remove } = usePeriodicMutations(pointId);
  const stored = query.data?.sleepAmount ?? null;
  const [code, setCode] = useState<number>(stored ?? DEFAULT_SLEEP_AMOUNT);
  useEffect(() => setCode(stored ?? DEFAULT_SLEEP_AMOUNT), [stored]);
  const canUpdate = hasPermission(session, 'updatePointConfig');
  const canDelete = hasPermission(session, 'deletePointConfig');
  const job = query.data?.schedulerJob ?? null;

  if (query.isPending) return <Spin data-testid="periodic-loading" />;
  return (
    <Flex vertical gap={8} data-testid="periodic-section">
      <Typography.Title level={5}>{t('periodicTitle')}</Typography.Title>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('sleepAmount')}</Typography.Text>
        <Select
          aria-label={t('sleepAmount')}
          data-testid="sleep-amount"
          style={{ minWidth: 200 }}
          value={code}
          disabled={!canUpdate || !hasDevice}
          onChange={setCode}
          options={SLEEP_AMOUNTS.map((c) => ({ value: c, label: t(`durations.${c}`) }))}
        />
        {canUpdate && (
          <Button
            type="primary"
            disabled={!hasDevice}
            loading={save.isPending}
            onClick={() => save.mutate(code)}
            data-testid="periodic-save"
          >
            {t('save')}
          </Button>
        )}
        {canDelete && stored !== null && (
          <Popconfirm title={t('deleteConfirm')} okText={t('yes')} cancelText={t('no')} onConfirm={() => remove.mutate()}>
            <Button danger loading={remove.isPending} data-testid="periodic-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {canUpdate && !hasDevice && (
        <Typography.Text type="secondary" data-testid="periodic-needs-device">
          {t('periodicNeedsDevice')}
        </Typography.Text>
      )}
      {job ? (
        <Descriptions size="small" column={1} data-testid="scheduler-job">
          <Descriptions.Item label={t('nextRun')}>{formatDate(job.nextRunAt)}</Descriptions.Item>
          <Descriptions.Item label={t('lastRun')}>{job.lastRunAt ? formatDate(job.lastRunAt) : t('never')}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('notPeriodic')}</Typography.Text>
      )}
      {job?.failedAt && (
        <Alert
          type="warning"
          showIcon
          data-testid="scheduler-failure"
          title={`${t('failed')}: ${formatDate(job.failedAt)}`}
          description={t(`reasons.${job.failReason ?? 'INTERNAL'}`, { defaultValue: job.failReason ?? '' })}
        />
      )}
    </Flex>
  );
}
