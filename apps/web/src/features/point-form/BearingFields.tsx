import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Form, InputNumber, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BEARING_BRANDS } from '@overtone/contract';
import {
  BEARING_FACTORS,
  NO_BEARING,
  chosenBearing,
  isEditableBearing,
  isNewBearing,
  typedBearing,
  type BearingChoice,
} from './bearingChoice';
import { FIELD_GRID, useVisibility } from './formItems';
import { useBearingOptions } from './pointFormApi';
import type { PointFormValues } from './pointFormValues';

/** Delay between the last keystroke in the bearing number and the catalogue search. */
const SEARCH_DELAY_MS = 250;

/**
 * Bearing brand and number with the fault-frequency factors (spec 000 §3 "Bearing", §5): shown
 * only when the type list includes Bearing; the number waits for a brand; changing the brand clears
 * the bearing.
 */
export function BearingFields() {
  const { t } = useTranslation('pointForm');
  const form = Form.useFormInstance<PointFormValues>();
  const show = useVisibility();
  const brand = (Form.useWatch('bearingBrand', { form, preserve: true }) as string | null | undefined) ?? null;

  if (!show.bearing) return <Alert type="info" showIcon title={t('bearingNeedsType')} data-testid="point-bearing-hint" />;
  return (
    <>
      <div style={FIELD_GRID}>
        <Form.Item name="bearingBrand" label={t('bearingBrand')}>
          <Select
            allowClear
            options={BEARING_BRANDS.map((b) => ({ value: b, label: b }))}
            placeholder={t('select')}
            onChange={() => form.setFieldValue('bearing', NO_BEARING)}
            data-testid="point-bearing-brand"
          />
        </Form.Item>
      </div>
      <Form.Item name="bearing" noStyle>
        <BearingPicker brand={brand} />
      </Form.Item>
    </>
  );
}

interface PickerProps {
  brand: string | null;
  value?: BearingChoice;
  onChange?(value: BearingChoice): void;
}

/**
 * The bearing number (catalogue search by brand and typed prefix, or a free-typed new model) and
 * its factors: read-only for a catalogue (DEFAULT) bearing, editable for a CUSTOM one (a new model
 * or the customer's own), which is saved with the point.
 */
function BearingPicker({ brand, value = NO_BEARING, onChange }: PickerProps) {
  const { t } = useTranslation('pointForm');
  const [text, setText] = useState(value.number);
  const [search, setSearch] = useState(value.number);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setText(value.number), [value.number]);
  const options = useBearingOptions(brand, search);
  const listed = options.data ?? [];
  const editable = isEditableBearing(value);

  const typed = (next: string) => {
    setText(next);
    onChange?.(typedBearing(next, listed, value));
  };
  const selected = (id: string) => {
    const b = listed.find((x) => x._id === id);
    if (b) {
      setText(b.bearing_number);
      onChange?.(chosenBearing(b));
    }
  };

  return (
    <>
      <div style={FIELD_GRID}>
        <Form.Item
          label={t('bearingNumber')}
          extra={
            value.type &&
            t(isNewBearing(value) ? 'bearingNewHint' : value.type === 'DEFAULT' ? 'bearingDefaultHint' : 'bearingCustomHint')
          }
        >
          <AutoComplete
            value={text}
            disabled={!brand}
            options={listed.map((b) => ({ value: b._id, label: `${b.bearing_number} · ${b.group}` }))}
            filterOption={false}
            onSearch={typed}
            onSelect={selected}
            placeholder={t(brand ? 'bearingNumberPlaceholder' : 'bearingChooseBrand')}
            allowClear
            onClear={() => typed('')}
            data-testid="point-bearing-number"
          />
        </Form.Item>
        {value.type && (
          <Form.Item label={t('bearingType')}>
            <Tag color={value.type === 'DEFAULT' ? 'blue' : 'gold'} data-testid="point-bearing-type">
              {t(`bearingKind.${value.type}`)}
            </Tag>
          </Form.Item>
        )}
      </div>
      {value.type && (
        <div style={FIELD_GRID}>
          {BEARING_FACTORS.map((f) => (
            <Form.Item key={f} label={t(`factor.${f}`)} tooltip={t(`factorHint.${f}`)}>
              <InputNumber
                value={value[f]}
                readOnly={!editable}
                // a catalogue bearing's factors read as text: no border, no steppers
                variant={editable ? 'outlined' : 'borderless'}
                controls={editable}
                min={0}
                step={0.001}
                onChange={(n) => onChange?.({ ...value, [f]: n ?? 0 })}
                style={{ width: '100%' }}
                data-testid={`point-bearing-${f}`}
              />
            </Form.Item>
          ))}
        </div>
      )}
    </>
  );
}
