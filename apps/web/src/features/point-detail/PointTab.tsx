import { Col, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../app/session';
import { PointConfigCard } from '../point-config/PointConfigCard';
import { ConnectivitySection } from './ConnectivitySection';
import { PointInfoCard } from './PointInfoCard';
import { PointMeasurements } from './PointMeasurements';
import { usePointQuery } from './pointApi';

/** The opened point's tab: configuration, connectivity and live measurement, latest measurements. */
export function PointTab({ pointId }: { pointId: string }) {
  const { t } = useTranslation('point');
  const session = useSession();
  const q = usePointQuery(pointId);

  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError) return <Result status="warning" title={t('loadFailed')} subTitle={q.error.message} />;
  const point = q.data;
  return (
    <Row gutter={[12, 12]} data-testid="point-tab" data-point-id={point._id}>
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
      {hasPermission(session, 'readMeasurement') && (
        <Col span={24}>
          <PointMeasurements pointId={point._id} />
        </Col>
      )}
    </Row>
  );
}
