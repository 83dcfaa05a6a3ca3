import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Col, Flex, Result, Row, Segmented, Skeleton } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AXIS_KEYS, type AxisKey } from '@overtone/contract';
import { isApiError } from '../../core/api/ApiError';
import { hasPermission, queryToken, useSession } from '../../core/session';
import { useDateFormatter } from '../../ui/formatDate';
import { DuckMeasurementView, isDuckMeasurement } from './duck';
import { usePointQuery } from '../points/pointApi';
import { AlarmTransactionsTable } from './AlarmTransactionsTable';
import { axesWithData, axisMapping } from '../measurements/axes';
import { DetailAccessContext, detailAccess, useDetailAccess } from './detailAccess';
import { evidenceMarkFromSearch } from '../fault-reports/evidenceMark';
import { MeasurementHeader } from './MeasurementHeader';
import { MeasurementInfoTable } from './MeasurementInfoTable';
import { MeasurementTrendCard } from './MeasurementTrendCard';
import { sharedPointOf, useMeasurementQuery, useShareScopeQuery } from './measurementApi';
import { NotePopover } from './NotePopover';
import { PhotosCard } from './PhotosCard';
import { RpmInput } from './RpmInput';
import { ShareLinkInvalid } from './ShareLinkInvalid';
import { SignalCharts } from './SignalCharts';
import { warmUpMeasurementPage } from './pageWarmUp';
import { AfterFirstPaint } from '../../ui/AfterFirstPaint';
import { TelemetryTable } from './TelemetryTable';

/** Redirect to / after a 404 (spec 002 §9: 2 s). */
export const NOT_FOUND_REDIRECT_MS = 2000;

/**
 * The measurement details screen (spec 002 §2), route `/measurement/:id`. With a share token in the
 * URL (`?token=`, packages/contract/src/share.ts) the page reads what the token grants (`GET /share`)
 * and is read-only: every write control is hidden.
 */
export default function MeasurementDetailPage() {
  const { t } = useTranslation('measurementDetail');
  const session = useSession();
  const { id = '' } = useParams();
  const location = useLocation();
  const token = queryToken(location.search);
  const share = useShareScopeQuery(token);
  const scope = share.data ?? null;
  const access = useMemo(() => detailAccess((p) => hasPermission(session, p), scope), [session, scope]);

  if (token && share.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  // A wrong, expired or revoked link: no further call with it (each would answer 401).
  if (token && isApiError(share.error) && share.error.code === 'SHARE_LINK_INVALID')
    return <ShareLinkInvalid measurementId={id} />;
  if (!scope && !hasPermission(session, 'readMeasurement'))
    return <Result status="403" title={t('errors:FORBIDDEN')} data-testid="measurement-forbidden" />;
  return (
    <DetailAccessContext.Provider value={access}>
      <MeasurementDetail key={id} id={id} />
    </DetailAccessContext.Provider>
  );
}

function MeasurementDetail({ id }: { id: string }) {
  const { t } = useTranslation('measurementDetail');
  const navigate = useNavigate();
  const location = useLocation();
  const formatDate = useDateFormatter();
  const access = useDetailAccess();
  // A fault report's evidence link (`?domain=&axis=&markHz=`): that domain and axis, the line marked.
  const mark = useMemo(() => evidenceMarkFromSearch(location.search), [location.search]);
  const q = useMeasurementQuery(id, access.readOnly);
  const m = q.data;
  // A share token grants the measurement only: the point record is not read in read-only mode; the
  // shared measurement carries the point's chart settings (reference frequency, bearing, axes) instead.
  const pointQuery = usePointQuery(access.readOnly ? undefined : (m?.point?._id ?? undefined), { silent: true });
  const sharedPoint = useMemo(() => (access.readOnly && m ? (sharedPointOf(m) ?? undefined) : undefined), [access.readOnly, m]);
  const point = { data: access.readOnly ? sharedPoint : pointQuery.data };
  const [selected, setSelected] = useState<AxisKey | null>(mark.axis);
  /** Reference frequency typed in the RPM input (Hz); null: the point's. */
  const [referenceOverrideHz, setReferenceOverrideHz] = useState<number | null>(null);
  // The DSP worker and the charts' code load while the measurement does, not after it (issue 18:
  // the spectrum appears at once).
  useEffect(() => {
    void warmUpMeasurementPage();
  }, []);
  const status = isApiError(q.error) ? q.error.status : undefined;

  // A share link opens its own measurement only: a 401 (it expired meanwhile) or a 404 (the URL's id
  // is not the link's) is a wrong link, said on the page; no redirect (a visitor would land on login).
  const wrongLink = access.readOnly && (status === 401 || status === 404);

  // The page itself tells the 404 (its result below; the query is silent): no toast repeats it.
  useEffect(() => {
    if (status !== 404 || wrongLink) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, wrongLink, navigate]);

  if (q.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (wrongLink) return <ShareLinkInvalid measurementId={id} />;
  if (status === 403) return <Result status="403" title={t('errors:FORBIDDEN')} data-testid="measurement-forbidden" />;
  if (status === 404)
    return <Result status="404" title={q.error!.message} subTitle={t('redirecting')} data-testid="measurement-not-found" />;
  if (!m)
    return <Result status="error" title={t('loadFailed')} subTitle={q.error?.message} data-testid="measurement-load-failed" />;
  if (isDuckMeasurement(m)) return <DuckMeasurementView m={m} point={point.data} />;

  const axes = axesWithData(m.data);
  const axis = selected && axes.includes(selected) ? selected : (axes[0] ?? 'accelerometer_x');
  const mapping = axisMapping(point.data);
  const pointReferenceHz = point.data && !point.data.referenceFrequencyVariable ? point.data.referenceFrequency : 0;
  const referenceFrequencyHz = referenceOverrideHz ?? pointReferenceHz;

  return (
    <Flex
      vertical
      gap={12}
      data-testid="measurement-detail"
      data-measurement-id={m._id}
      data-read-only={access.readOnly ? 'true' : undefined}
    >
      {access.scope && (
        <Alert
          type="info"
          showIcon
          title={t('share.readOnly')}
          description={t('share.readOnlyHint', { date: formatDate(access.scope.expiresAt) })}
          data-testid="read-only-notice"
        />
      )}
      <Card size="small">
        <MeasurementHeader m={m} />
      </Card>
      <Card size="small">
        <Flex align="center" justify="space-between" gap={12} wrap data-testid="sensor-selector">
          <Flex align="center" gap={8} wrap>
            <Segmented<AxisKey>
              value={axis}
              onChange={setSelected}
              options={AXIS_KEYS.map((k) => ({ value: k, label: t(`axisLabel.${mapping[k]}`), disabled: !axes.includes(k) }))}
              data-testid="axis-selector"
            />
            <NotePopover m={m} />
          </Flex>
          <RpmInput valueHz={referenceFrequencyHz} defaultHz={pointReferenceHz} onChange={setReferenceOverrideHz} />
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('telemetryTitle')} style={{ height: '100%' }}>
            <TelemetryTable telemetry={m.telemetry} axis={axis} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('detailsTitle')} style={{ height: '100%' }}>
            <MeasurementInfoTable m={m} point={point.data} />
          </Card>
        </Col>
      </Row>
      <AfterFirstPaint placeholder={<Card size="small" loading />}>
        <MeasurementTrendCard m={m} point={point.data} />
      </AfterFirstPaint>
      <SignalCharts m={m} axis={axis} referenceFrequencyHz={referenceFrequencyHz} bearing={point.data?.bearing} mark={mark} />
      <AfterFirstPaint>
        {access.showPhotos && <PhotosCard measurementId={m._id} readOnly={access.readOnly} />}
        {access.showAlarms && m.point && (
          <AlarmTransactionsTable pointId={m.point._id} measurementId={m._id} readOnly={access.readOnly} />
        )}
      </AfterFirstPaint>
    </Flex>
  );
}
