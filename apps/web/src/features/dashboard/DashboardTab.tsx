import { useMemo, useState } from 'react';
import { Col, Flex, Row } from 'antd';
import { DEFAULT_DASHBOARD_INTERVAL } from '@overtone/contract';
import { useCustomerZone } from '../../ui/formatDate';
import { AlarmIntensityCard } from './AlarmIntensityCard';
import { AlarmTransactionsCard } from './AlarmTransactionsCard';
import { pointsParam } from '../tree/checkedPoints';
import { dashboardWindow } from './dashboardInterval';
import { EvaluatedGaugeCard } from './EvaluatedGaugeCard';
import { FaultDistributionCard } from './FaultDistributionCard';
import { HealthProgressCard } from './HealthProgressCard';
import { IntervalPager, type IntervalChoice } from './IntervalPager';
import { PointHealthCard } from './PointHealthCard';
import { ReportsCard } from './ReportsCard';
import { AlarmCoverageCard, PointRecoveryCard, RecentPointHealthCard } from './StatisticCards';
import { SystemHealthCard } from './SystemHealthCard';

interface Props {
  /** the tree's checked points; empty or null = every point of the customer */
  points: readonly string[] | null;
  /** opens a point's tab (a click in the point health table, a report's or a transaction's point) */
  onOpenPoint?: (pointId: string) => void;
}

/**
 * The customer dashboard (spec 001 §2 "Dashboard tab", §9; docs/dashboard.md): the interval pager
 * and the cards, every call filtered by the tree's checked points. Each card loads on its own; a
 * failed call is logged only and leaves its card empty (spec 001 §8).
 */
export function DashboardTab({ points, onOpenPoint }: Props) {
  const { offsetMinutes } = useCustomerZone();
  const [choice, setChoice] = useState<IntervalChoice & { now: number }>(() => ({
    key: DEFAULT_DASHBOARD_INTERVAL,
    page: 0,
    now: Date.now(),
  }));
  const window = useMemo(() => dashboardWindow(choice.key, choice.page, choice.now, offsetMinutes), [choice, offsetMinutes]);
  const filter = pointsParam(points);
  const open = onOpenPoint;

  return (
    <Flex vertical gap={12} data-testid="dashboard-tab" data-points={filter ?? ''}>
      <IntervalPager value={choice} window={window} onChange={(next) => setChoice({ ...next, now: Date.now() })} />
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <SystemHealthCard window={window} points={filter} />
        </Col>
        <Col xs={24} md={16}>
          <HealthProgressCard window={window} points={filter} />
        </Col>
        <Col xs={24} lg={7}>
          <FaultDistributionCard window={window} points={filter} />
        </Col>
        <Col xs={24} lg={11}>
          <ReportsCard points={filter} onOpenPoint={open} />
        </Col>
        <Col xs={24} lg={6}>
          <EvaluatedGaugeCard points={filter} />
        </Col>
        <Col xs={24} md={8}>
          <AlarmCoverageCard points={filter} />
        </Col>
        <Col xs={24} md={8}>
          <RecentPointHealthCard points={filter} />
        </Col>
        <Col xs={24} md={8}>
          <PointRecoveryCard points={filter} />
        </Col>
        <Col xs={24} xl={12}>
          <PointHealthCard points={filter} onOpenPoint={open} />
        </Col>
        <Col xs={24} xl={12}>
          <AlarmTransactionsCard points={filter} onOpenPoint={open} />
        </Col>
        <Col span={24}>
          <AlarmIntensityCard points={filter} />
        </Col>
      </Row>
    </Flex>
  );
}
