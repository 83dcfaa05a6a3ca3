import { Form, InputNumber, Select } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { visibility, type Visibility } from '@overtone/contract';
import type { PointFormValues } from './pointFormValues';

/** Fields side by side, wrapping on narrow dialogs. */
export const FIELD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  columnGap: 16,
} as const;

/** Select options of an enumeration, labelled by the `pointForm` keys `<group>.<wire value>`. */
export const enumOptions = (values: readonly string[], t: TFunction<'pointForm'>, group: string) =>
  values.map((v) => ({ value: v, label: t(`${group}.${v}`) }));

/** Which conditional fields show for the form's current values (re-renders when they change). */
export function useVisibility(): Visibility {
  const form = Form.useFormInstance<PointFormValues>();
  // `preserve`: read the store, not only mounted fields (a condition's field may mount later).
  const w = (name: keyof PointFormValues) => Form.useWatch(name, { form, preserve: true });
  return visibility({
    type: w('type') as PointFormValues['type'] | undefined,
    gearboxType: w('gearboxType') as PointFormValues['gearboxType'] | undefined,
    shaftOfSensorAttachedTo: w('shaftOfSensorAttachedTo') as PointFormValues['shaftOfSensorAttachedTo'] | undefined,
    driveType: w('driveType') as PointFormValues['driveType'] | undefined,
    transmissionType: w('transmissionType') as PointFormValues['transmissionType'] | undefined,
    pumpClassification: w('pumpClassification') as PointFormValues['pumpClassification'] | undefined,
    couplingClassification: w('couplingClassification') as PointFormValues['couplingClassification'] | undefined,
  });
}

interface NumberItemProps {
  name: NamePath;
  label: string;
  testId: string;
  /** Whole numbers only (counts: stages, teeth). */
  integer?: boolean;
  /** Unit shown after the input (kW, cm). */
  suffix?: string;
}

/** A number field of minimum 0 (spec 000 §5), empty allowed. */
export function NumberItem({ name, label, testId, integer, suffix }: NumberItemProps) {
  const { t } = useTranslation('pointForm');
  return (
    <Form.Item name={name} label={label} rules={[{ type: 'number', min: 0, message: t('validation.mustNotBeNegative') }]}>
      <InputNumber min={0} precision={integer ? 0 : undefined} suffix={suffix} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

interface EnumItemProps {
  name: NamePath;
  label: string;
  testId: string;
  values: readonly string[];
  /** Locale group of the value labels. */
  group: string;
  onChange?(value: string | null): void;
}

/** A single choice among an enumeration's wire values, clearable. */
export function EnumItem({ name, label, testId, values, group, onChange }: EnumItemProps) {
  const { t } = useTranslation('pointForm');
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        options={enumOptions(values, t, group)}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('select')}
        onChange={(v: string | undefined) => onChange?.(v ?? null)}
        data-testid={testId}
      />
    </Form.Item>
  );
}
