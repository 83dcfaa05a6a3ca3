import { App, Button, Flex, Form, InputNumber, Select, type FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DUCK_CHANNEL_COUNT,
  DUCK_SAMPLE_SIZE,
  DUCK_SAMPLING_RATES_HZ,
  DUCK_VOLTAGE_REFERENCES,
  type DuckConfig,
  type DuckItem,
  type DuckVoltageReference,
} from '@overtone/contract';
import { FormDialog } from '../FormDialog';
import { useAdminAccess } from '../useAdminAccess';
import { checkDuckConfig, duckFormValues, issuesAt, newSensor, type DuckFormValues } from './duckConfigForm';
import { invalidateDucks, saveDuckConfig } from '../../ducks/ducksApi';
import { SensorEditor } from './SensorEditor';
import { useDuckValidationText } from './useDuckValidationText';

const REFERENCES = Object.keys(DUCK_VOLTAGE_REFERENCES) as DuckVoltageReference[];

/**
 * The configuration of a Duck (spec 002 §2 "Duck tab", §4, §5; updateGateway): sample size per
 * channel, sampling rate, voltage reference and the sensors with their channels. Every field is
 * checked with the contract's rules (the server's own) as it changes and before saving.
 */
export function DuckConfigDialog({ duck, onClose }: { duck: DuckItem; onClose(): void }) {
  const { t } = useTranslation('ducks');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DuckFormValues>();
  const text = useDuckValidationText();
  /** Adding a sensor is what addSensor names (the server refuses it without); editing the saved ones is not. */
  const mayAddSensor = useAdminAccess().can('addSensor');

  const rule =
    (field: (string | number)[]): FormRule =>
    () => ({
      validator: async () => {
        const [issue] = issuesAt(checkDuckConfig(form.getFieldsValue(true) as DuckFormValues).issues, field);
        if (issue) throw new Error(text(issue.message));
      },
    });

  const save = useMutation({
    mutationFn: (config: DuckConfig) => saveDuckConfig(duck._id, config),
    onSuccess: async () => {
      void message.success(t('configSaved'));
      await invalidateDucks(queryClient);
      onClose();
    },
  });

  const submit = () => {
    const checked = checkDuckConfig(form.getFieldsValue(true) as DuckFormValues);
    if (checked.config) save.mutate(checked.config);
    else form.setFields(checked.issues.map((i) => ({ name: i.field as NamePath<DuckFormValues>, errors: [text(i.message)] })));
  };

  return (
    <FormDialog<DuckFormValues>
      open
      title={t('configTitle', { mac: duck.macAddress })}
      form={form}
      initialValues={duckFormValues(duck)}
      onSubmit={submit}
      onCancel={onClose}
      submitting={save.isPending}
      okTestId="duck-config-ok"
      width={760}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="sampleSize"
          label={t('sampleSize')}
          extra={t('sampleSizeHint', { min: DUCK_SAMPLE_SIZE.min, max: DUCK_SAMPLE_SIZE.max })}
          rules={[rule(['sampleSize'])]}
        >
          <InputNumber<number> precision={0} style={{ width: '100%' }} data-testid="duck-sample-size" />
        </Form.Item>
        <Form.Item name="samplingRate" label={t('samplingRate')} rules={[rule(['samplingRate'])]}>
          <Select
            options={DUCK_SAMPLING_RATES_HZ.map((hz) => ({ value: hz, label: t('hz', { value: hz }) }))}
            data-testid="duck-sampling-rate"
          />
        </Form.Item>
        <Form.Item name="voltageReference" label={t('voltageReference')} rules={[rule(['voltageReference'])]}>
          <Select
            // the sensors' voltage spans are checked against the reference
            onChange={() => void form.validateFields([['sensors']], { recursive: true }).catch(() => undefined)}
            options={REFERENCES.map((value) => ({
              value,
              label: t(`references.${value}`, { volts: DUCK_VOLTAGE_REFERENCES[value] }),
            }))}
            data-testid="duck-voltage-reference"
          />
        </Form.Item>
      </div>
      <Form.List name="sensors">
        {(fields, { add, remove }) => (
          <Flex vertical gap={12}>
            {fields.map((f, index) => (
              <SensorEditor key={f.key} form={form} index={index} name={f.name} rule={rule} onRemove={() => remove(f.name)} />
            ))}
            {mayAddSensor && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= DUCK_CHANNEL_COUNT}
                onClick={() => add(newSensor(form.getFieldValue('voltageReference') as DuckVoltageReference))}
                data-testid="duck-add-sensor"
              >
                {t('addSensor')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </FormDialog>
  );
}
