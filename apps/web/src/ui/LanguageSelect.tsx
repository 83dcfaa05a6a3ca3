import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@overtone/contract';
import { useCustomer } from '../core/customer/CustomerContext';
import { chooseLanguage } from '../core/i18n';

/** Language names are written in their own language, so everyone finds theirs. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  tr: 'Türkçe',
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  zh: '简体中文',
  'zh-tw': '繁體中文',
};

/**
 * Language switcher of the open pages: the customer's languages (the one in use is always
 * offered). The choice is remembered in this browser and sent with every request. Options carry
 * `data-testid="language-option-<lang>"`.
 */
export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  const { languages } = useCustomer();
  const current = i18n.language as Language;
  const offered = LANGUAGES.filter((l) => l === current || languages.includes(l));
  return (
    <Select<Language>
      aria-label={t('language')}
      data-testid="language-select"
      value={current}
      onChange={chooseLanguage}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
      options={offered.map((l) => ({ value: l, label: LANGUAGE_NATIVE_NAMES[l], 'data-testid': `language-option-${l}` }))}
    />
  );
}
