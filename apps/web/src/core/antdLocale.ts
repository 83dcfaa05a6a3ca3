import type { Locale } from 'antd/es/locale';
import type { Language } from '@overtone/contract';

/**
 * Ant Design's own strings (pagination, empty states, date pickers) per interface language, filled as
 * each language's chunk loads (core/i18n.ts `installLanguage`, locales/bundles/*.ts).
 */
const ANTD_LOCALES: Partial<Record<Language, Locale>> = {};

/** Records the Ant Design locale of a language whose bundle has loaded. */
export function registerAntdLocale(lng: Language, locale: Locale): void {
  ANTD_LOCALES[lng] = locale;
}

/** Ant Design's locale for `lng`; `undefined` (Ant Design's built-in English) until its bundle has loaded. */
export function antdLocaleOf(lng: Language): Locale | undefined {
  return ANTD_LOCALES[lng];
}
