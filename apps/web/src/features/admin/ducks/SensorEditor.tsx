import { Button, Card, Form, Input, Select, type FormInstance, type FormRule } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DUCK_SENSOR_TYPES, duckSensorTypeOf } from '@overtone/contract';
import { ChannelsInput } from './ChannelsInput';
import { RangeInput } from './RangeInput';
import { channelsTakenByOthers, type DuckFormValues, type SensorFormValue } from './duckConfigForm';

interface Props {
  form: FormInstance<DuckFormValues>;
  /** index in the form's `sensors` list */
  index: number;
  /** the Form.List field name of this sensor */
  name: number;
  /** the validation rule of a form field path (the contract's rules, see DuckConfigDialog) */
  rule(field: (string | number)[]): FormRule;
  onRemove(): void;
}

/** One sensor of a Duck: type, display name, channels and its volts → value scaling. */
export function SensorEditor({ form, index, name, rule, onRemove }: Props) {
  const { t } = useTranslation('ducks');
  const sensors = Form.useWatch('sensors', form) as SensorFormValue[] | undefined;
  const typeName = sensors?.[index]?.name;
  const unit = duckSensorTypeOf(typeName ?? '')?.unit;
  const at = (key: string) => ['sensors', name, key];
  const testId = `duck-sensor-${index}`;

  return (
    <Card
      size="small"
      title={t('sensorN', { n: index + 1 })}
      data-testid={testId}
      extra={
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('removeSensor')}
          title={t('removeSensor')}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        />
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item name={[name, 'name']} label={t('sensorType')} rules={[rule(at('name'))]}>
          <Select
            // changing the type clears the channel choices (spec 002 §4)
            onChange={() => form.setFieldValue(['sensors', name, 'channels'], [])}
            options={DUCK_SENSOR_TYPES.map((s) => ({
              value: s.name,
              label: `${t(`sensorTypes.${s.name}`)} (${s.unit})`,
            }))}
            placeholder={t('selectSensorType')}
            data-testid={`${testId}-type`}
          />
        </Form.Item>
        <Form.Item name={[name, 'displayName']} label={t('displayName')} rules={[rule(at('displayName'))]}>
          <Input maxLength={100} data-testid={`${testId}-display-name`} />
        </Form.Item>
      </div>
      <Form.Item name={[name, 'channels']} label={t('channels')} rules={[rule(at('channels'))]}>
        <ChannelsInput typeName={typeName} taken={channelsTakenByOthers(sensors, index)} testId={testId} />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name={[name, 'minMaxVoltage']}
          label={t('minMaxVoltage')}
          dependencies={['voltageReference']}
          rules={[rule(at('minMaxVoltage'))]}
        >
          <RangeInput unit="V" testId={`${testId}-voltage`} />
        </Form.Item>
        <Form.Item name={[name, 'minMaxValue']} label={t('minMaxValue')} rules={[rule(at('minMaxValue'))]}>
          <RangeInput unit={unit} testId={`${testId}-value`} />
        </Form.Item>
      </div>
    </Card>
  );
}
