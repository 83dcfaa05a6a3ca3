import { useMemo } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, LANGUAGES, TIME_ZONES, timeZoneOffsetMinutes } from '@overtone/contract';
import { LANGUAGE_NATIVE_NAMES } from '../../../ui/LanguageSelect';
import { customerClock } from '../../../ui/customerTime';
import { useCustomerZone } from '../../../ui/formatDate';

/**
 * Date format (six variants, each with an example of now in the time zone chosen below, the
 * customer's until one is), default language and time zone.
 */
export function LocalizationSection() {
  const { t } = useTranslation('admin');
  const chosen = Form.useWatch<(typeof TIME_ZONES)[number] | undefined>(['localization', 'timeZone']);
  const { offsetMinutes } = useCustomerZone();
  const offset = chosen ? timeZoneOffsetMinutes(chosen) : offsetMinutes;
  const now = useMemo(() => customerClock(Date.now(), offset), [offset]);
  return (
    <>
      <Form.Item name={['localization', 'dateFormat']} label={t('preferences.dateFormat')}>
        <Select
          data-testid="pref-date-format"
          options={DATE_FORMATS.map((f) => ({
            value: f,
            label: t('preferences.dateFormatOption', { format: f, example: now.format(f) }),
          }))}
        />
      </Form.Item>
      <Form.Item name={['localization', 'preferedLanguage']} label={t('preferences.defaultLanguage')}>
        <Select data-testid="pref-language" options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NATIVE_NAMES[l] }))} />
      </Form.Item>
      <Form.Item name={['localization', 'timeZone']} label={t('preferences.timeZone')}>
        <Select data-testid="pref-time-zone" showSearch options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
      </Form.Item>
    </>
  );
}
