import { Checkbox, Form, InputNumber, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { convertFrequency, type FrequencyUnit, type PointFormValues } from './pointFormValues';

/**
 * Reference frequency (1× running speed) with its unit toggle (spec 000 §4): switching between Hz
 * and RPM converts the shown value (RPM = Hz × 60); it is saved in Hz. Ticking "variable speed"
 * sets it to 0 and disables it. Step 0.5, minimum 0 (spec 000 §5).
 */
export function ReferenceFrequencyField() {
  const { t } = useTranslation('pointForm');
  const form = Form.useFormInstance<PointFormValues>();
  const variable = Form.useWatch('referenceFrequencyVariable', { form, preserve: true }) === true;

  const switchUnit = (next: FrequencyUnit) => {
    const previous: FrequencyUnit = next === 'hz' ? 'rpm' : 'hz';
    const value = form.getFieldValue('referenceFrequency') as number | null;
    form.setFieldValue('referenceFrequency', convertFrequency(value, previous, next));
  };

  return (
    <Form.Item label={t('referenceFrequency')} required={false} style={{ marginBottom: 0 }}>
      <Space wrap align="start">
        <Space.Compact>
          <Form.Item
            name="referenceFrequency"
            noStyle
            rules={[{ type: 'number', min: 0, message: t('validation.mustNotBeNegative') }]}
          >
            <InputNumber min={0} step={0.5} disabled={variable} style={{ width: 160 }} data-testid="point-reference-frequency" />
          </Form.Item>
          <Form.Item name="referenceFrequencyUnit" noStyle>
            <Radio.Group optionType="button" onChange={(e) => switchUnit(e.target.value as FrequencyUnit)}>
              <Radio.Button value="hz" data-testid="point-frequency-unit-hz">
                {t('unit.hz')}
              </Radio.Button>
              <Radio.Button value="rpm" data-testid="point-frequency-unit-rpm">
                {t('unit.rpm')}
              </Radio.Button>
            </Radio.Group>
          </Form.Item>
        </Space.Compact>
        <Form.Item name="referenceFrequencyVariable" valuePropName="checked" noStyle>
          <Checkbox
            onChange={(e) => {
              if (e.target.checked) form.setFieldValue('referenceFrequency', 0);
            }}
            data-testid="point-reference-frequency-variable"
          >
            {t('referenceFrequencyVariable')}
          </Checkbox>
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
