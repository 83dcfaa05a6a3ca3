import { useMemo, useState } from 'react';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AXIS_KEYS,
  MAX_ALARM_DELAY,
  THRESHOLD_DECIMALS,
  THRESHOLD_DIRECTIONS,
  THRESHOLD_LEVELS,
  THRESHOLD_STEP,
  defaultThresholds,
  type MetricAlarm,
  type MetricThreshold,
  type Point,
  type ThresholdDirection,
} from '@overtone/contract';
import { useTelemetryQuery, useTelemetrySourcesQuery } from '../telemetry/telemetryApi';
import { DIRECTION_KEY, levelColor, sourceLabel, validationText } from './alarmLabels';
import { useMetricAlarmMutations } from './alarmsApi';
import { alarmValues, formThresholdIssues, newAlarmValues, toAlarmBody, type MetricAlarmFormValues } from './metricAlarmForm';
import { telemetryLabel } from '../telemetry/telemetryName';

/** Sources offered before `GET /telemetry/sources` answered (the accelerometer axes and the device). */
const FALLBACK_SOURCES = [...AXIS_KEYS, 'device'];

interface Props {
  pointId: string;
  /** The point, for the axis names of the sources (its coordinate-axis mapping); optional. */
  point: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'> | undefined;
  /** The alarm to edit; null creates one. */
  alarm: MetricAlarm | null;
  onClose(): void;
}

/**
 * Create or edit a metric alarm (spec 001 §2 Alarms, §3, §5; 70% wide). Changing the direction resets
 * the thresholds to its defaults (§4); the side a direction does not use is disabled and sent null.
 * Thresholds take 4 decimals, step 0.01, and are checked with the contract's `thresholdIssues` while
 * typing, so the messages are those the server would answer. Mount it only while open.
 */
export function MetricAlarmDialog({ pointId, point, alarm, onClose }: Props) {
  const { t, i18n } = useTranslation('alarms');
  const { message } = App.useApp();
  const [form] = Form.useForm<MetricAlarmFormValues>();
  const initial = useMemo(() => (alarm ? alarmValues(alarm) : newAlarmValues()), [alarm]);
  const telemetry = useTelemetryQuery();
  const sources = useTelemetrySourcesQuery();
  const { create, update } = useMetricAlarmMutations(pointId);
  const [rangeError, setRangeError] = useState<string | null>(null);

  const direction = (Form.useWatch('thresholdDirection', form) ?? initial.thresholdDirection) as ThresholdDirection;
  const threshold = (Form.useWatch('threshold', form) ?? initial.threshold) as MetricThreshold;
  const issues = formThresholdIssues({ thresholdDirection: direction, threshold });
  const exists = (k: string) => i18n.exists(k);
  const text = (key: string) => validationText(key, t, exists);

  const onDirection = (d: ThresholdDirection) => form.setFieldValue('threshold', defaultThresholds(d));

  const submit = async () => {
    await form.validateFields();
    const values = { ...initial, ...form.getFieldsValue(true) } as MetricAlarmFormValues;
    const result = toAlarmBody(values);
    if (!result.ok) {
      setRangeError(result.issues.some((i) => i.path[0] === 'frequencyRange') ? text('frequencyRangeInvalid') : null);
      // Threshold issues are already shown beside their inputs; anything else the contract refuses, here.
      const other = result.issues.filter((i) => i.path[0] !== 'threshold' && i.path[0] !== 'frequencyRange');
      for (const m of new Set(other.map((i) => text(i.message)))) void message.error(m);
      return;
    }
    if (alarm) await update.mutateAsync({ alarmId: alarm._id, body: result.body });
    else await create.mutateAsync(result.body);
    void message.success(t(alarm ? 'metric.updated' : 'metric.created'));
    onClose();
  };

  const issueAt = (level: string, side: 0 | 1) =>
    issues.find((i) => i.path[1] === level && (i.path.length === 2 || i.path[2] === side));

  const telemetryOptions = (telemetry.data ?? []).map((d) => ({
    value: d.name,
    label: d.unit ? `${telemetryLabel(t, d.name, d.displayName)} (${d.unit})` : telemetryLabel(t, d.name, d.displayName),
  }));
  const sourceOptions = (sources.data?.map((s) => s.code) ?? FALLBACK_SOURCES).map((code) => ({
    value: code,
    label: sourceLabel(code, point, t),
  }));

  return (
    <Modal
      open
      width="70%"
      title={t(alarm ? 'metric.editTitle' : 'metric.createTitle')}
      okText={t('metric.save')}
      cancelText={t('common:cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ ...({ 'data-testid': 'metric-alarm-save' } as object) }}
      destroyOnHidden
    >
      <Form<MetricAlarmFormValues>
        name="metricAlarm"
        form={form}
        layout="vertical"
        initialValues={initial}
        data-testid="metric-alarm-form"
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('metric.name')}
              rules={[{ required: true, whitespace: true, message: text('requireAlarmName') }]}
            >
              <Input maxLength={200} data-testid="alarm-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="telemetry"
              label={t('metric.telemetry')}
              rules={[{ required: true, message: text('requireTelemetry') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={telemetryOptions}
                loading={telemetry.isPending}
                placeholder={t('metric.select')}
                data-testid="alarm-telemetry"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="source" label={t('metric.source')} rules={[{ required: true, message: text('requireSource') }]}>
              <Select options={sourceOptions} placeholder={t('metric.select')} data-testid="alarm-source" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="calculated"
              label={t('metric.calculated')}
              valuePropName="checked"
              extra={t('metric.calculatedHelp')}
            >
              <Switch
                checkedChildren={t('metric.calculatedOn')}
                unCheckedChildren={t('metric.calculatedOff')}
                data-testid="alarm-calculated"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="thresholdDirection" label={t('metric.direction')} extra={t('metric.directionHelp')}>
              <Select
                onChange={onDirection}
                options={THRESHOLD_DIRECTIONS.map((d) => ({ value: d, label: t(`directions.${DIRECTION_KEY[d]}`) }))}
                data-testid="alarm-direction"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('metric.frequencyRange')}
              extra={t('metric.frequencyRangeHelp')}
              validateStatus={rangeError ? 'error' : undefined}
              help={rangeError ?? undefined}
            >
              <Row gutter={8}>
                <Col span={12}>
                  <Form.Item name="frequencyLowHz" noStyle>
                    <InputNumber
                      min={0}
                      suffix={t('units.hz')}
                      placeholder={t('metric.lowHz')}
                      style={{ width: '100%' }}
                      onChange={() => setRangeError(null)}
                      data-testid="alarm-frequency-low"
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="frequencyHighHz" noStyle>
                    <InputNumber
                      min={0}
                      suffix={t('units.hz')}
                      placeholder={t('metric.highHz')}
                      style={{ width: '100%' }}
                      onChange={() => setRangeError(null)}
                      data-testid="alarm-frequency-high"
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Form.Item>
          </Col>
        </Row>

        <Typography.Text strong>{t('metric.thresholds')}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          <Col span={6} />
          <Col span={9}>
            <Typography.Text type="secondary">{t('metric.lower')}</Typography.Text>
          </Col>
          <Col span={9}>
            <Typography.Text type="secondary">{t('metric.upper')}</Typography.Text>
          </Col>
        </Row>
        {THRESHOLD_LEVELS.map((level) => (
          <Row gutter={12} key={level} align="middle">
            <Col span={6}>
              <Form.Item>
                <span style={{ color: levelColor(level), fontWeight: 600 }}>{t(`levels.${level}`)}</span>
              </Form.Item>
            </Col>
            {([0, 1] as const).map((side) => {
              const unused = side === 0 ? direction === 1 : direction === -1;
              const issue = unused ? undefined : issueAt(level, side);
              return (
                <Col span={9} key={side}>
                  <Form.Item
                    name={['threshold', level, side]}
                    validateStatus={issue ? 'error' : undefined}
                    help={issue ? text(issue.message) : undefined}
                  >
                    <InputNumber
                      precision={THRESHOLD_DECIMALS}
                      step={THRESHOLD_STEP}
                      disabled={unused}
                      placeholder={unused ? t('metric.unusedSide') : undefined}
                      style={{ width: '100%' }}
                      data-testid={`threshold-${level}-${side === 0 ? 'lower' : 'upper'}`}
                    />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        ))}
        {issues.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="threshold-issues"
            style={{ marginBottom: 16 }}
            title={[...new Set(issues.map((i) => text(i.message)))].join(' · ')}
          />
        )}

        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="delay"
              label={t('metric.delay')}
              extra={t('metric.delayHelp')}
              rules={[{ type: 'integer', min: 1, max: MAX_ALARM_DELAY, message: text('alarmDelayRange') }]}
            >
              <InputNumber
                min={1}
                max={MAX_ALARM_DELAY}
                precision={0}
                suffix={t('metric.delayUnit')}
                style={{ width: '100%' }}
                data-testid="alarm-delay"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="hysteresis"
              label={t('metric.hysteresis')}
              extra={t('metric.hysteresisHelp')}
              rules={[{ type: 'number', min: 0, message: text('mustNotBeNegative') }]}
            >
              <InputNumber
                min={0}
                precision={THRESHOLD_DECIMALS}
                step={THRESHOLD_STEP}
                style={{ width: '100%' }}
                data-testid="alarm-hysteresis"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
