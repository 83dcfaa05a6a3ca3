import { lazy, Suspense, useState } from 'react';
import { Alert, Card, Col, Empty, Flex, Row, Segmented, Select, Skeleton, Tabs, Tag, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LARGE_FILE_SAMPLES, type MeasurementDetail, type Point } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';
import { pointPathText } from '../../measurements/pointPath';
import { CompareBasketButton } from '../../compare/CompareBasketButton';
import { BackButton } from '../BackButton';
import { FavoriteStar } from '../FavoriteStar';
import { MeasurementTagsEditor } from '../MeasurementTagsEditor';
import { MeasurementToolsMenu } from '../MeasurementToolsMenu';
import { RpmInput } from '../RpmInput';
import { DuckAnalysisPanel } from './DuckAnalysisPanel';
import { DUCK_DOMAINS, type DuckDomain } from './duckApi';
import { duckSensors, isElectricalSensor, isVibrationSensor, type DuckSensorView } from './duckData';
import { DuckTelemetryTable } from './DuckTelemetryTable';

const DuckTimeChart = lazy(() => import('./DuckTimeChart'));

/** The tabs of the view: the analysis domains, and the time waveform of a current or voltage channel. */
type DuckTab = DuckDomain | 'time';

/**
 * The measurement details of a Duck (DUCKV1; spec 002 §2 "Duck measurement details"): favorite
 * star, tools (delete), tags editor; tabs spectrum, envelope and cepstrum of the selected channel;
 * a sensor selector listing only sensors with data and a channel selector whose channels without
 * data are disabled; a current or voltage channel also has the electrical time chart (tab time:
 * DC offset checkbox, audio, CSV; spec 002 "Chart controls"); the channel's telemetry with units (current A, voltage V, otherwise g). As on
 * the measurement page: a back arrow, the compare basket, and on a vibration channel the bearing
 * fault-frequency buttons of the point's bearing at its reference frequency (RPM input to change it)
 * and "add to compare".
 * @param point the measurement's point (its bearing, reference frequency); undefined while unknown
 */
export function DuckMeasurementView({ m, point }: { m: MeasurementDetail; point?: Point }) {
  const { t } = useTranslation('duckMeasurement');
  const formatDate = useDateFormatter();
  const sensors = duckSensors(m).filter((s) => s.channels.some((c) => c.hasData));
  const [sensorId, setSensorId] = useState<string | null>(null);
  const [channelOrder, setChannelOrder] = useState<number | null>(null);
  const [tab, setTab] = useState<DuckTab>('spectrum');
  /** Reference frequency typed in the RPM input (Hz); null: the point's. */
  const [referenceOverrideHz, setReferenceOverrideHz] = useState<number | null>(null);
  const pointReferenceHz = point && !point.referenceFrequencyVariable ? point.referenceFrequency : 0;
  const referenceFrequencyHz = referenceOverrideHz ?? pointReferenceHz;

  const sensor: DuckSensorView | undefined = sensors.find((s) => s.id === sensorId) ?? sensors[0];
  const channel = sensor?.channels.find((c) => c.order === channelOrder && c.hasData) ?? sensor?.channels.find((c) => c.hasData);
  const signal = channel ? (m.data[channel.key] ?? []) : [];
  const fs = m.calibratedSamplingRate ?? 0;
  const electrical = !!sensor && isElectricalSensor(sensor);
  // the time tab exists for current and voltage only: another sensor shows the spectrum
  const domain: DuckTab = tab === 'time' && !electrical ? 'spectrum' : tab;
  const tabs: DuckTab[] = electrical ? ['time', ...DUCK_DOMAINS] : [...DUCK_DOMAINS];
  const sensorName = (s: DuckSensorView) =>
    s.displayName && s.displayName !== s.type
      ? `${s.displayName} (${t(`sensorType.${s.type}`, { defaultValue: s.type })})`
      : t(`sensorType.${s.type}`, { defaultValue: s.type });

  const selectors = sensor && (
    <Flex align="center" gap={12} wrap data-testid="duck-selectors">
      <Select<string>
        value={sensor.id}
        onChange={(id) => {
          setSensorId(id);
          setChannelOrder(null);
        }}
        options={sensors.map((s) => ({ value: s.id, label: sensorName(s) }))}
        style={{ minWidth: 220 }}
        prefix={t('sensor')}
        virtual={false}
        aria-label={t('sensor')}
        data-testid="duck-sensor-select"
      />
      <Segmented<number>
        value={channel?.order}
        onChange={setChannelOrder}
        options={sensor.channels.map((c) => ({
          value: c.order,
          label: t('channelLabel', {
            order: c.order,
            code: c.code ? t(`channel.${c.code}`, { defaultValue: c.code }) : '',
          }).trim(),
          disabled: !c.hasData,
          title: c.hasData ? undefined : t('channelNoData'),
        }))}
        data-testid="duck-channel-select"
      />
      <Tag data-testid="duck-unit">{t('unit', { unit: sensor.unit })}</Tag>
      {isVibrationSensor(sensor) && (
        <RpmInput valueHz={referenceFrequencyHz} defaultHz={pointReferenceHz} onChange={setReferenceOverrideHz} />
      )}
    </Flex>
  );

  const analysis = () => {
    if (!sensor || !channel) return <Empty description={t('noData')} data-testid="duck-no-data" />;
    if (signal.length > LARGE_FILE_SAMPLES)
      return <Alert type="warning" showIcon title={t('measurementDetail:largeFile')} data-testid="large-file-notice" />;
    if (fs <= 0) return <Empty description={t('noSamplingRate')} />;
    return (
      <Tabs
        size="small"
        activeKey={domain}
        onChange={(k) => setTab(k as DuckTab)}
        destroyOnHidden
        items={tabs.map((d) => ({
          key: d,
          label: <span data-testid={`duck-tab-${d}`}>{t(`domains.${d}`)}</span>,
          children: (
            <Flex vertical gap={12}>
              {selectors}
              {d === 'time' ? (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <DuckTimeChart
                    signal={signal}
                    samplingRateHz={fs}
                    unit={sensor.unit}
                    quantity={sensor.type}
                    axisLabel={`${t(`sensorType.${sensor.type}`, { defaultValue: sensor.type })} (${sensor.unit})`}
                    name={channel.key}
                  />
                </Suspense>
              ) : (
                <DuckAnalysisPanel
                  domain={d}
                  measurementId={m._id}
                  channelKey={channel.key}
                  signal={signal}
                  samplingRateHz={fs}
                  unit={sensor.unit}
                  vibration={isVibrationSensor(sensor)}
                  bearing={point?.bearing}
                  referenceFrequencyHz={referenceFrequencyHz}
                  pointName={m.point ? pointPathText(m.point) : ''}
                  createdAt={m.createdAt}
                />
              )}
            </Flex>
          ),
        }))}
        data-testid="duck-domain-tabs"
      />
    );
  };

  return (
    <Flex vertical gap={12} data-testid="duck-measurement" data-measurement-id={m._id}>
      <Card size="small">
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Flex align="center" gap={8} wrap>
              <BackButton />
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="measurement-point-path">
                {m.point ? pointPathText(m.point) : t('noPoint')}
              </Typography.Title>
              <FavoriteStar m={m} />
              <Tag color="purple">{t('duck', { mac: m.macAddress })}</Tag>
            </Flex>
            <Flex align="center" gap={12} wrap>
              <CompareBasketButton />
              <MeasurementToolsMenu m={m} />
            </Flex>
          </Flex>
          <Typography.Text type="secondary" data-testid="measurement-created">
            <CalendarOutlined /> {formatDate(m.createdAt)}
          </Typography.Text>
          <MeasurementTagsEditor m={m} />
        </Flex>
      </Card>
      <Card size="small" data-testid="duck-analysis" data-domain={domain} data-channel={channel?.key ?? ''}>
        {analysis()}
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            title={
              channel && sensor
                ? t('telemetry.titleOf', { channel: channel.order, sensor: sensorName(sensor) })
                : t('telemetry.title')
            }
          >
            {channel && sensor ? (
              <DuckTelemetryTable telemetry={m.telemetry} channelKey={channel.key} unit={sensor.unit} />
            ) : (
              <Empty description={t('telemetry.empty')} />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
