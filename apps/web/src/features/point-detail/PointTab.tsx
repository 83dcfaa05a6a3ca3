import { Col, Result, Row, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../core/session';
import { AlarmTransactionsTab } from '../alarms/AlarmTransactionsTab';
import { PointAlarmsTab } from '../alarms/PointAlarmsTab';
import { FaultReportsTab, FaultReportsTabLabel } from '../fault-reports';
import { ConditionControlTab } from '../condition-control';
import { MaintenanceTab } from '../maintenance';
import { PointConfigCard } from '../point-config/PointConfigCard';
import { TrendPanel } from '../trend/TrendPanel';
import { ConnectivitySection } from './ConnectivitySection';
import { PointInfoCard } from './PointInfoCard';
import { PointMeasurements } from './PointMeasurements';
import { usePointQuery } from '../points/pointApi';

/** The URL parameter keeping the opened point's area (`?point=…&area=trend`). */
const AREA_PARAM = 'area';
const AREAS = [
  'configuration',
  'trend',
  'alarms',
  'alarmTransactions',
  'conditionControl',
  'faultReports',
  'maintenance',
] as const;
type Area = (typeof AREAS)[number];

/**
 * The opened point's areas (spec 001 §2 "Point detail tabs"): configuration (point information,
 * configuration card, connectivity and live measurement, latest measurements), trend, alarms
 * (metric and envelope), alarm transactions, condition control, the vibration analyze (fault)
 * reports with their unanswered badge and maintenance, each shown to the permissions that read it. The
 * open area is kept in the URL; an area is mounted only while open (its data loads on opening).
 */
export function PointTab({ pointId }: { pointId: string }) {
  const { t } = useTranslation('point');
  const session = useSession();
  const q = usePointQuery(pointId);
  const [params, setParams] = useSearchParams();

  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError) return <Result status="warning" title={t('loadFailed')} subTitle={q.error.message} />;
  const point = q.data;
  const canReadMeasurements = hasPermission(session, 'readMeasurement');
  const canReadTrend = hasPermission(session, 'Readtrend');
  const canReadAlarms = hasPermission(session, 'readAlarm');
  const shown: Record<Area, boolean> = {
    configuration: true,
    trend: canReadTrend,
    alarms: canReadAlarms,
    alarmTransactions: canReadAlarms,
    conditionControl: hasPermission(session, 'readPoint'),
    faultReports: hasPermission(session, 'readFaultReport'),
    maintenance: hasPermission(session, 'readMaintenance'),
  };
  const requested = params.get(AREA_PARAM) as Area | null;
  const active: Area = requested && AREAS.includes(requested) && shown[requested] ? requested : 'configuration';

  const configuration = (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <PointInfoCard point={point} />
      </Col>
      <Col span={24}>
        <PointConfigCard pointId={point._id} />
      </Col>
      {hasPermission(session, 'createMeasurement') && (
        <Col span={24}>
          <ConnectivitySection point={point} />
        </Col>
      )}
      {canReadMeasurements && (
        <Col span={24}>
          <PointMeasurements pointId={point._id} />
        </Col>
      )}
    </Row>
  );
  const content: Record<Area, React.ReactNode> = {
    configuration,
    trend: <TrendPanel pointId={point._id} />,
    alarms: <PointAlarmsTab pointId={point._id} />,
    alarmTransactions: <AlarmTransactionsTab pointId={point._id} />,
    conditionControl: <ConditionControlTab pointId={point._id} />,
    faultReports: <FaultReportsTab pointId={point._id} />,
    maintenance: <MaintenanceTab pointId={point._id} />,
  };

  return (
    <div data-testid="point-tab" data-point-id={point._id}>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (p) => {
              const out = new URLSearchParams(p);
              if (key === 'configuration') out.delete(AREA_PARAM);
              else out.set(AREA_PARAM, key);
              return out;
            },
            { replace: true },
          )
        }
        items={AREAS.filter((a) => shown[a]).map((a) => ({
          key: a,
          label:
            a === 'faultReports' ? (
              <FaultReportsTabLabel pointId={point._id} />
            ) : (
              <span data-testid={`point-area-${a}`}>{t(`areas.${a}`)}</span>
            ),
          children: content[a],
        }))}
      />
    </div>
  );
}
