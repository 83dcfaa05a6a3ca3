import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import 'dayjs/locale/de';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@overtone/contract';
import { NAMESPACES, resources } from '../locales/resources';
import { createLocalStore, useLocalStore } from './storage/localStore';

/** localStorage key of the language the user chose (spec 000 §1). */
export const LANGUAGE_STORAGE_KEY = 'language';

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The language the user explicitly chose; `null` when they never chose one. */
export const languageStore = createLocalStore<Language>(LANGUAGE_STORAGE_KEY, (raw) => (isLanguage(raw) ? raw : null));

const DAYJS_LOCALE: Record<Language, string> = { tr: 'tr', en: 'en', de: 'de', ru: 'ru', zh: 'zh-cn', 'zh-tw': 'zh-tw' };

i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) {
    dayjs.locale(DAYJS_LOCALE[lng]);
    document.documentElement.lang = lng;
  }
});

void i18n.use(initReactI18next).init({
  resources,
  lng: languageStore.get() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The interface language now in use. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the interface language and remembers the choice (sent as `language` header from now on). */
export function chooseLanguage(lng: Language): void {
  languageStore.set(lng);
  void i18n.changeLanguage(lng);
}

/**
 * Applies the customer's preferred language, unless the user already chose one in this browser
 * (spec 000 §1: the stored choice wins; default tr).
 */
export function applyCustomerLanguage(preferred: Language): void {
  if (!languageStore.get() && i18n.language !== preferred) void i18n.changeLanguage(preferred);
}

export const useChosenLanguage = () => useLocalStore(languageStore);

export default i18n;
