import { App, Form, Input, InputNumber, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TelemetryDefinition } from '@overtone/contract';
import { FormDialog } from '../FormDialog';
import { createTelemetry, invalidateTelemetry, updateTelemetry } from '../../telemetry/telemetryApi';

interface TelemetryFormValues {
  name?: string;
  displayName: string;
  unit: string;
  minValue: number | null;
  maxValue: number | null;
  hidden: boolean;
  isDefault: boolean;
}

const NAME_RE = /^[A-Z][A-Z0-9_]{0,39}$/;

const initial = (d: TelemetryDefinition | null): TelemetryFormValues =>
  d
    ? {
        displayName: d.displayName,
        unit: d.unit,
        minValue: d.minValue,
        maxValue: d.maxValue,
        hidden: d.hidden,
        isDefault: d.isDefault,
      }
    : { name: '', displayName: '', unit: '', minValue: null, maxValue: null, hidden: false, isDefault: false };

/**
 * Create (createTelemetry) or edit (updateTelemetry) a telemetry definition (spec 002 §5): the name
 * (code) on create only, display name and unit required, minimum not above maximum.
 */
export function TelemetryFormDialog({ definition, onClose }: { definition: TelemetryDefinition | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TelemetryFormValues>();

  const save = useMutation({
    mutationFn: ({ name, ...v }: TelemetryFormValues) => {
      const fields = {
        ...v,
        displayName: v.displayName.trim(),
        unit: v.unit.trim(),
        minValue: v.minValue ?? null,
        maxValue: v.maxValue ?? null,
      };
      return definition ? updateTelemetry(definition._id, fields) : createTelemetry({ ...fields, name: name ?? '' });
    },
    onSuccess: async () => {
      void message.success(t(definition ? 'telemetry.updated' : 'telemetry.created'));
      await invalidateTelemetry(queryClient);
      onClose();
    },
  });

  return (
    <FormDialog<TelemetryFormValues>
      open
      title={definition ? t('telemetry.editTitle', { name: definition.name }) : t('telemetry.createTitle')}
      form={form}
      initialValues={initial(definition)}
      onSubmit={(v) => save.mutate(v)}
      onCancel={onClose}
      submitting={save.isPending}
      okTestId="telemetry-dialog-ok"
      width={520}
    >
      {!definition && (
        <Form.Item
          name="name"
          label={t('telemetry.name')}
          extra={t('telemetry.nameHint')}
          normalize={(v?: string) => (v ?? '').toUpperCase().replace(/\s/g, '_')}
          rules={[
            { required: true, message: t('validation.requireTelemetryName') },
            { pattern: NAME_RE, message: t('validation.invalidTelemetryName') },
          ]}
        >
          <Input autoFocus maxLength={40} className="mono" data-testid="telemetry-name" />
        </Form.Item>
      )}
      <Form.Item
        name="displayName"
        label={t('telemetry.displayName')}
        rules={[{ required: true, whitespace: true, message: t('validation.requireDisplayName') }]}
      >
        <Input autoFocus={!!definition} maxLength={100} data-testid="telemetry-display-name" />
      </Form.Item>
      <Form.Item
        name="unit"
        label={t('telemetry.unit')}
        rules={[{ required: true, whitespace: true, message: t('validation.requireUnit') }]}
      >
        <Input maxLength={20} data-testid="telemetry-unit" />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="minValue"
          label={t('telemetry.minValue')}
          dependencies={['maxValue']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, min: number | null | undefined) => {
                const max = getFieldValue('maxValue') as number | null | undefined;
                return min == null || max == null || min <= max
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.minGreaterThanMax')));
              },
            }),
          ]}
        >
          <InputNumber style={{ width: '100%' }} data-testid="telemetry-min" />
        </Form.Item>
        <Form.Item name="maxValue" label={t('telemetry.maxValue')}>
          <InputNumber style={{ width: '100%' }} data-testid="telemetry-max" />
        </Form.Item>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item name="hidden" label={t('telemetry.hidden')} valuePropName="checked">
          <Switch data-testid="telemetry-hidden" />
        </Form.Item>
        <Form.Item name="isDefault" label={t('telemetry.isDefault')} valuePropName="checked">
          <Switch data-testid="telemetry-default" />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
