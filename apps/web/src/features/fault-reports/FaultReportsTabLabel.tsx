import { Badge, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnansweredCountsQuery } from './faultReportsApi';

/**
 * The label of the point's "vibration analyze reports" tab with the badge of its unanswered
 * evaluations (spec 001 §2), from `GET /fault-reports/unanswered-evaluations-count`.
 */
export function FaultReportsTabLabel({ pointId }: { pointId: string }) {
  const { t } = useTranslation('faultReports');
  const counts = useUnansweredCountsQuery();
  const count = counts.data?.get(pointId) ?? 0;
  return (
    <Flex gap={6} align="center" data-testid="point-area-faultReports">
      <span>{t('tabTitle')}</span>
      {count > 0 && (
        <Badge count={count} size="small" title={t('unansweredBadge', { count })} data-testid="fault-reports-badge" />
      )}
    </Flex>
  );
}
