import { useEffect, useState } from 'react';
import { App, Card, Col, Flex, Result, Row, Segmented, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AXIS_KEYS, type AxisKey } from '@overtone/contract';
import { isApiError } from '../../app/api/ApiError';
import { hasPermission, useSession } from '../../app/session';
import { usePointQuery } from '../point-detail/pointApi';
import { axesWithData, axisMapping } from './axes';
import { MeasurementHeader } from './MeasurementHeader';
import { MeasurementInfoTable } from './MeasurementInfoTable';
import { useMeasurementQuery } from './measurementApi';
import { SignalCharts } from './SignalCharts';
import { TelemetryTable } from './TelemetryTable';

/** Redirect to / after a 404 (spec 002 §9: 2 s). */
const NOT_FOUND_REDIRECT_MS = 2000;

/** The measurement details screen (spec 002 §2), route `/measurement/:id`. */
export default function MeasurementDetailPage() {
  const { t } = useTranslation('measurementDetail');
  const session = useSession();
  const { id = '' } = useParams();
  if (!hasPermission(session, 'readMeasurement')) return <Result status="403" title={t('errors:FORBIDDEN')} />;
  return <MeasurementDetail key={id} id={id} />;
}

function MeasurementDetail({ id }: { id: string }) {
  const { t } = useTranslation('measurementDetail');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const q = useMeasurementQuery(id);
  const m = q.data;
  const point = usePointQuery(m?.point?._id, { silent: true });
  const [selected, setSelected] = useState<AxisKey | null>(null);
  const status = isApiError(q.error) ? q.error.status : undefined;

  useEffect(() => {
    if (status !== 404) return;
    void message.error(q.error!.message);
    const timer = setTimeout(() => void navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, q.error, message, navigate]);

  if (q.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (status === 403) return <Result status="403" title={t('errors:FORBIDDEN')} data-testid="measurement-forbidden" />;
  if (status === 404) return <Result status="404" title={q.error!.message} subTitle={t('redirecting')} />;
  if (!m) return <Result status="error" title={t('loadFailed')} subTitle={q.error?.message} />;

  const axes = axesWithData(m.data);
  const axis = selected && axes.includes(selected) ? selected : (axes[0] ?? 'accelerometer_x');
  const mapping = axisMapping(point.data);
  const referenceFrequencyHz = point.data && !point.data.referenceFrequencyVariable ? point.data.referenceFrequency : 0;

  return (
    <Flex vertical gap={12} data-testid="measurement-detail" data-measurement-id={m._id}>
      <Card size="small">
        <MeasurementHeader
          m={m}
          extra={
            <Segmented<AxisKey>
              value={axis}
              onChange={setSelected}
              options={AXIS_KEYS.map((k) => ({ value: k, label: t(`axisLabel.${mapping[k]}`), disabled: !axes.includes(k) }))}
              data-testid="axis-selector"
            />
          }
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('telemetryTitle')} style={{ height: '100%' }}>
            <TelemetryTable telemetry={m.telemetry} axis={axis} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('detailsTitle')} style={{ height: '100%' }}>
            <MeasurementInfoTable m={m} />
          </Card>
        </Col>
      </Row>
      <SignalCharts m={m} axis={axis} referenceFrequencyHz={referenceFrequencyHz} bearing={point.data?.bearing} />
    </Flex>
  );
}
