import { useMemo } from 'react';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { phoneCountryOptions } from './countries';

/**
 * Phone entry (spec 002 §2, §5): a country selector (default TR, names in the interface language,
 * searchable by name, code or dialling code) and the national number (4–15 digits; spaces, dashes, dots and brackets are removed, any other character is refused).
 * Form fields `phoneCountry` and `phoneNumber`.
 */
export function PhoneFields() {
  const { t, i18n } = useTranslation('admin');
  const options = useMemo(
    () =>
      phoneCountryOptions(i18n.language).map((o) => ({
        value: o.value,
        label: `${o.name} (+${o.dialCode})`,
        search: `${o.name} ${o.value} +${o.dialCode}`.toLowerCase(),
        dialCode: o.dialCode,
      })),
    [i18n.language],
  );

  return (
    <Form.Item label={t('users.phone')} required={false}>
      <Space.Compact block>
        <Form.Item name="phoneCountry" noStyle rules={[{ required: true, message: t('validation.requireCountryCode') }]}>
          <Select
            showSearch={{ optionFilterProp: 'search' }}
            options={options}
            labelRender={(p) => `${p.value} +${options.find((o) => o.value === p.value)?.dialCode ?? ''}`}
            popupMatchSelectWidth={280}
            style={{ width: 130 }}
            aria-label={t('users.phoneCountry')}
            data-testid="user-phone-country"
          />
        </Form.Item>
        <Form.Item
          name="phoneNumber"
          noStyle
          // spaces, dashes, dots and brackets go; anything else stays, so a wrong character is told, not dropped
          normalize={(v?: string) => (v ?? '').replace(/[\s\-().]/g, '')}
          rules={[{ pattern: /^\d{4,15}$/, message: t('validation.invalidPhone') }]}
        >
          <Input inputMode="tel" aria-label={t('users.phoneNumber')} placeholder="5321234567" data-testid="user-phone-number" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
