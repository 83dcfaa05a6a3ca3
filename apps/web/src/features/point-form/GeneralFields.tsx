import { DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COORDINATE_AXES, POINT_TYPES, PREVIOUS_FAULTS, sanitizeTagCode } from '@overtone/contract';
import { useTelemetryQuery } from '../telemetry/telemetryApi';
import { exclusiveNone } from './conditions';
import { enumOptions, FIELD_GRID } from './formItems';
import { DATE_TIME_FORMAT, liveTagCode, type PointFormValues } from './pointFormValues';
import { ReferenceFrequencyField } from './ReferenceFrequencyField';

const AXES = [
  ['coordinateXAxis', 'X'],
  ['coordinateYAxis', 'Y'],
  ['coordinateZAxis', 'Z'],
] as const;

/**
 * Name, tag code (create only), sensor-position types, favourite telemetry, axis mapping, reference
 * frequency, previous faults and last maintenance date (spec 000 §3 "Point", §5).
 */
export function GeneralFields({ create }: { create: boolean }) {
  const { t } = useTranslation('pointForm');
  const form = Form.useFormInstance<PointFormValues>();
  const telemetry = useTelemetryQuery();
  const favorite = Form.useWatch('favoriteTelemetry', { form, preserve: true });
  const telemetryOptions = (telemetry.data ?? [])
    .filter((d) => !d.hidden || d.name === favorite)
    .map((d) => ({ value: d.name, label: d.displayName || d.name }));

  return (
    <>
      <div style={FIELD_GRID}>
        <Form.Item
          name="name"
          label={t('name')}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: t('validation.pleaseEnterName') }]}
        >
          <Input autoFocus maxLength={200} data-testid="point-name" />
        </Form.Item>
        <Form.Item
          name="tagCode"
          label={t('tagCode')}
          hidden={!create}
          normalize={(v: string | undefined) => liveTagCode(v ?? '')}
          rules={[{ required: create, whitespace: true, message: t('validation.pleaseInputTagCode') }]}
        >
          <Input
            prefix="$"
            maxLength={64}
            onBlur={(e) => form.setFieldValue('tagCode', sanitizeTagCode(e.target.value))}
            data-testid="point-tag-code"
          />
        </Form.Item>
      </div>
      <div style={FIELD_GRID}>
        <Form.Item
          name="type"
          label={t('type')}
          normalize={(next: PointFormValues['type'], prev: PointFormValues['type'] | undefined) =>
            exclusiveNone(prev ?? [], next ?? [], ['None'])
          }
        >
          <Select
            mode="multiple"
            options={enumOptions(POINT_TYPES, t, 'pointType')}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="point-type"
          />
        </Form.Item>
        <Form.Item name="favoriteTelemetry" label={t('favoriteTelemetry')}>
          <Select
            allowClear
            loading={telemetry.isPending}
            options={telemetryOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('select')}
            data-testid="point-favorite-telemetry"
          />
        </Form.Item>
      </div>
      <div style={FIELD_GRID}>
        {AXES.map(([name, axis]) => (
          <Form.Item key={name} name={name} label={t('sensorAxis', { axis })} tooltip={t('sensorAxisHint')}>
            <Select options={enumOptions(COORDINATE_AXES, t, 'axis')} data-testid={`point-${name}`} />
          </Form.Item>
        ))}
      </div>
      <ReferenceFrequencyField />
      <div style={FIELD_GRID}>
        <Form.Item
          name="previousFaults"
          label={t('previousFaults')}
          normalize={(next: PointFormValues['previousFaults'], prev: PointFormValues['previousFaults'] | undefined) =>
            exclusiveNone(prev ?? [], next ?? [], [])
          }
        >
          <Select
            mode="multiple"
            allowClear
            options={enumOptions(PREVIOUS_FAULTS, t, 'previousFault')}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('select')}
            data-testid="point-previous-faults"
          />
        </Form.Item>
        <Form.Item name="lastMaintenanceDate" label={t('lastMaintenanceDate')}>
          <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} data-testid="point-last-maintenance" />
        </Form.Item>
      </div>
    </>
  );
}
