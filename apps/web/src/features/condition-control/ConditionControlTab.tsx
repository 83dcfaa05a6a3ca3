import { Alert, Card, Col, Flex, Result, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONDITION_AXES, ISO_ZONES, type ConditionResponse, type Point } from '@overtone/contract';
import { useTelemetryLabel } from '../telemetry/telemetryName';
import { sourceLabel } from '../alarms/alarmLabels';
import { usePointQuery } from '../points/pointApi';
import { HEALTH_COLORS } from '../../ui/health';
import { useDateFormatter } from '../../ui/formatDate';
import { useConditionQuery } from './conditionApi';
import { ActiveAlarmsList, OpenReportsList } from './ConditionLists';
import { HealthStrip } from './HealthStrip';
import { SensorState } from './SensorState';
import { ZoneBandChart } from './ZoneChart';
import { ZONE_COLORS } from './zoneScale';

/**
 * The point's "condition control" tab (spec 001 §2 point detail tabs; issue 16;
 * docs/condition-control.md): on one screen the ISO 10816-1 zone of each axis on the zone chart of
 * the point's machine class, the health now and over the last 30 days, the open fault reports with
 * their severity and time to stop, the active alarms, the sensor's state and the next scheduled
 * measurement. Parts the user may not read (readAlarm, readFaultReport) say so.
 */
export function ConditionControlTab({ pointId }: { pointId: string }) {
  const { t } = useTranslation('condition');
  const q = useConditionQuery(pointId);
  // the point's axis mapping names the axes (spec 002 §2), as the alarms do
  const point = usePointQuery(pointId, { silent: true });
  if (q.isPending)
    return (
      <div data-testid="condition-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (q.isError || !q.data) return <Result status="warning" title={t('loadFailed')} data-testid="condition-load-failed" />;
  return <ConditionView data={q.data} point={point.data} />;
}

type AxisMapped = Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'>;

/** The tab's content for a loaded condition; axes named by the point's mapping when it is given. */
export function ConditionView({ data, point }: { data: ConditionResponse; point?: AxisMapped }) {
  const { t } = useTranslation('condition');
  const { t: tAlarms } = useTranslation('alarms');
  const telemetryName = useTelemetryLabel();
  const sourceName = (source: string) => sourceLabel(source, point, tAlarms);
  const formatDate = useDateFormatter();
  const iso = data.iso10816;
  const byAxis = new Map(iso.axes.map((a) => [a.axis, a]));
  const measuredAt = iso.axes.length ? iso.axes.reduce((m, a) => (a.measuredAt > m ? a.measuredAt : m), '') : null;
  const job = data.nextMeasurement;
  return (
    <Row gutter={[16, 16]} data-testid="condition-control-tab">
      <Col xs={24} xl={14}>
        <Card size="small" title={t('zone.title')}>
          {/* the machine class under the title (beside it, a long class text cut the title short) */}
          <Typography.Paragraph type="secondary" data-testid="condition-class" style={{ marginBottom: 12 }}>
            {t(iso.classSource === 'motorPower' ? 'zone.classFromPower' : 'zone.classDefault', {
              machineClass: iso.machineClass,
              kw: iso.motorPowerKw,
            })}
          </Typography.Paragraph>
          {iso.axes.length ? (
            <Flex vertical gap={12}>
              {CONDITION_AXES.map((axis) => (
                <ZoneBandChart
                  key={axis}
                  axis={axis}
                  axisLabel={sourceName(`accelerometer_${axis}`)}
                  boundaries={iso.boundaries}
                  value={byAxis.get(axis)}
                />
              ))}
              <Space size={[4, 4]} wrap data-testid="zone-legend">
                {ISO_ZONES.map((z) => (
                  <Tooltip key={z} title={t(`zone.meaning.${z}`)}>
                    <Tag color={ZONE_COLORS[z]}>{t('zone.zoneName', { zone: z })}</Tag>
                  </Tooltip>
                ))}
              </Space>
              <Typography.Text type="secondary">{t('zone.footnote', { date: formatDate(measuredAt) })}</Typography.Text>
            </Flex>
          ) : (
            <Alert
              type="info"
              showIcon
              data-testid="condition-no-values"
              title={t('zone.noValues')}
              description={data.sensor.device ? t('zone.noValuesHint') : t('sensor.noDeviceHint')}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('health.title')} data-testid="condition-health" data-health={data.health.current}>
          <Flex vertical gap={8}>
            <Space>
              <Typography.Text>{t('health.current')}</Typography.Text>
              <Tag color={HEALTH_COLORS[data.health.current]} data-testid="condition-health-now">
                {t(`level.${data.health.current}`)}
              </Tag>
            </Space>
            {data.health.history ? (
              <>
                <Typography.Text type="secondary">{t('health.history', { count: data.health.history.length })}</Typography.Text>
                <HealthStrip days={data.health.history} />
              </>
            ) : (
              <Typography.Text type="secondary">{t('alarms.noPermission')}</Typography.Text>
            )}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('reports.title')} data-testid="condition-reports">
          {data.faultReports ? (
            <OpenReportsList reports={data.faultReports} testId="condition-report" />
          ) : (
            <Typography.Text type="secondary">{t('reports.noPermission')}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('alarms.title')} data-testid="condition-alarms">
          {data.activeAlarms ? (
            <ActiveAlarmsList alarms={data.activeAlarms} telemetryName={telemetryName} sourceName={sourceName} />
          ) : (
            <Typography.Text type="secondary">{t('alarms.noPermission')}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('sensor.title')} data-testid="condition-sensor">
          <SensorState sensor={data.sensor} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('next.title')} data-testid="condition-next-measurement">
          {job ? (
            <Flex vertical gap={4}>
              <Typography.Text strong data-testid="condition-next-at">
                {formatDate(job.nextRunAt)}
              </Typography.Text>
              {job.lastRunAt && (
                <Typography.Text type="secondary">{t('next.lastRun', { date: formatDate(job.lastRunAt) })}</Typography.Text>
              )}
              {job.failedAt && (
                <Alert
                  type="warning"
                  showIcon
                  title={t('next.failed', { date: formatDate(job.failedAt) })}
                  description={job.failReason ?? undefined}
                />
              )}
            </Flex>
          ) : (
            <Alert
              type="info"
              showIcon
              title={t('next.none')}
              description={t('next.noneHint')}
              data-testid="condition-no-schedule"
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
