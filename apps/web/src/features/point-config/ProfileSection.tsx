import { useEffect, useState } from 'react';
import { Flex, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACCELEROMETER_RANGE_INDICES,
  SAMPLE_SIZE,
  SAMPLING_RATE_INDICES,
  SENSOR_SELECTION_INDICES,
  WINDOWS,
  senseway,
  type PointConfig,
  type PointProfileBody,
} from '@overtone/contract';
import { usePointConfigMutation } from './pointConfigApi';
import { profileResolution, sampleSizeFor } from './profileMath';
import { SectionActions } from './SectionActions';

type Values = PointProfileBody & { resolution?: number };

/** Defaults of a new profile: 1000 samples (spec 001 §5), 3200 Hz, ±4 g, device default sensor, Hanning. */
export const DEFAULT_PROFILE: PointProfileBody = {
  sampleSize: SAMPLE_SIZE.default,
  samplingRateIndex: 7,
  accelerometerRangeIndex: 2,
  sensorSelectionIndex: 0,
  window: 'hanning',
};

/**
 * Measurement profile of a point (spec 001 §2, §4, §5): sample size 10 … 50000 step 10 (default
 * 1000), sampling rate, accelerometer range, sensor selection, window. The frequency resolution
 * (rate / sample size) is shown with its bounds; in resolution mode it is entered and the sample
 * size derived.
 */
export function ProfileSection({
  pointId,
  config,
  canUpdate,
  canDelete,
}: {
  pointId: string;
  config: PointConfig;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('pointConfig');
  const [form] = Form.useForm<Values>();
  const [resolutionMode, setResolutionMode] = useState(false);
  const save = usePointConfigMutation(pointId);
  const rateIndex = Form.useWatch('samplingRateIndex', form) ?? DEFAULT_PROFILE.samplingRateIndex;
  const sampleSize = Form.useWatch('sampleSize', form) ?? DEFAULT_PROFILE.sampleSize;
  const res = profileResolution(rateIndex, sampleSize || SAMPLE_SIZE.default);

  useEffect(() => {
    const p = config.profile;
    form.setFieldsValue(
      p
        ? {
            sampleSize: p.sampleSize,
            samplingRateIndex: p.samplingRate,
            accelerometerRangeIndex: p.accelerometerRange,
            sensorSelectionIndex: p.sensorSelection,
            window: p.window as PointProfileBody['window'],
          }
        : DEFAULT_PROFILE,
    );
  }, [form, config.profile]);

  if (!config.device) return <Typography.Text type="secondary">{t('profileNeedsDevice')}</Typography.Text>;

  return (
    <Form
      name="profile"
      form={form}
      layout="vertical"
      disabled={!canUpdate}
      data-testid="profile-section"
      initialValues={DEFAULT_PROFILE}
      onFinish={({ resolution: _r, ...body }) => void save.mutateAsync({ kind: 'profile', body }).catch(() => undefined)}
    >
      <Flex gap={12} wrap>
        <Form.Item name="samplingRateIndex" label={t('samplingRate')} tooltip={t('samplingRateHint')} style={{ minWidth: 160 }}>
          <Select
            data-testid="profile-rate"
            options={SAMPLING_RATE_INDICES.map((i) => ({
              value: i,
              label: t('hz', { value: senseway.nominalSamplingRateHz(i) }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="sampleSize"
          label={t('sampleSize')}
          style={{ minWidth: 160 }}
          rules={[
            { required: true, message: t('sampleSizeRequired') },
            { type: 'number', min: SAMPLE_SIZE.min, max: SAMPLE_SIZE.max, message: t('sampleSizeRange', SAMPLE_SIZE) },
            {
              validator: async (_, v?: number) =>
                v === undefined || v === null || v % SAMPLE_SIZE.step === 0
                  ? undefined
                  : Promise.reject(new Error(t('errors:sampleSizeStep'))),
            },
          ]}
        >
          <InputNumber
            min={SAMPLE_SIZE.min}
            max={SAMPLE_SIZE.max}
            step={SAMPLE_SIZE.step}
            precision={0}
            disabled={resolutionMode || !canUpdate}
            style={{ width: '100%' }}
            data-testid="profile-sample-size"
          />
        </Form.Item>
        <Form.Item name="accelerometerRangeIndex" label={t('accelerometerRange')} style={{ minWidth: 140 }}>
          <Select
            data-testid="profile-range"
            options={ACCELEROMETER_RANGE_INDICES.map((i) => ({
              value: i,
              label: t('g', { value: senseway.rangeFullScaleG(i) }),
            }))}
          />
        </Form.Item>
        <Form.Item name="sensorSelectionIndex" label={t('sensorSelection')} style={{ minWidth: 200 }}>
          <Select
            data-testid="profile-sensor"
            options={SENSOR_SELECTION_INDICES.map((i) => ({ value: i, label: t(`sensorSelectionOption.${i}`) }))}
          />
        </Form.Item>
        <Form.Item name="window" label={t('window')} style={{ minWidth: 160 }}>
          <Select data-testid="profile-window" options={WINDOWS.map((w) => ({ value: w, label: t(`windowOption.${w}`) }))} />
        </Form.Item>
      </Flex>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Switch
          checked={resolutionMode}
          onChange={setResolutionMode}
          disabled={!canUpdate}
          data-testid="profile-resolution-mode"
        />
        <span>{t('resolutionMode')}</span>
        {resolutionMode ? (
          <InputNumber
            min={res.min}
            max={res.max}
            step={0.0001}
            precision={4}
            value={res.resolution}
            addonAfter={t('hzUnit')}
            onChange={(v) => typeof v === 'number' && v > 0 && form.setFieldValue('sampleSize', sampleSizeFor(rateIndex, v))}
            data-testid="profile-resolution-input"
          />
        ) : null}
        <Typography.Text
          data-testid="profile-resolution"
          type={res.resolution < res.min || res.resolution > res.max ? 'warning' : undefined}
        >
          {t(res.resolution < res.min ? 'resolutionFiner' : res.resolution > res.max ? 'resolutionCoarser' : 'resolution', {
            value: res.resolution.toFixed(4),
            min: res.min,
            max: res.max,
          })}
        </Typography.Text>
      </Flex>
      <SectionActions
        testId="profile"
        canSave={canUpdate}
        saving={save.isPending}
        canDelete={canDelete && !!config.profile}
        remove={{ title: t('confirmDeleteProfile'), onConfirm: () => save.mutateAsync({ kind: 'deleteProfile' }) }}
      />
    </Form>
  );
}
