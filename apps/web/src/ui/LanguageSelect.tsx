import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@overtone/contract';
import { chooseLanguage } from '../app/i18n';

/** Language names are written in their own language, so everyone finds theirs. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  tr: 'Türkçe',
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  zh: '简体中文',
  'zh-tw': '繁體中文',
};

/** Language switcher: the choice is remembered in this browser and sent with every request. */
export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  return (
    <Select<Language>
      aria-label={t('language')}
      data-testid="language-select"
      value={i18n.language as Language}
      onChange={chooseLanguage}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
      options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NATIVE_NAMES[l] }))}
    />
  );
}
