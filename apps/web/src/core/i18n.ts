import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@overtone/contract';
import { NAMESPACES } from '../locales/namespaces';
import { LANGUAGE_BUNDLES, type BundlePart } from '../locales/languages';
import type { LanguageBundle } from '../locales/collect';
import { registerAntdLocale } from './antdLocale';
import { createLocalStore, useLocalStore } from './storage/localStore';

/** localStorage key of the language the user chose (spec 000 §1). */
export const LANGUAGE_STORAGE_KEY = 'language';

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The language the user explicitly chose; `null` when they never chose one. */
export const languageStore = createLocalStore<Language>(LANGUAGE_STORAGE_KEY, (raw) => (isLanguage(raw) ? raw : null));

const DAYJS_LOCALE: Record<Language, string> = { tr: 'tr', en: 'en', de: 'de', ru: 'ru', zh: 'zh-cn', 'zh-tw': 'zh-tw' };

/** dayjs and `<html lang>` follow the interface language (dayjs's locale is registered by the language's bundle). */
function applyLanguageToPage(lng: string): void {
  if (!isLanguage(lng)) return;
  dayjs.locale(DAYJS_LOCALE[lng]);
  document.documentElement.lang = lng;
}

i18n.on('languageChanged', applyLanguageToPage);

/*
 * Languages are loaded one at a time (issue 18 "Assets"): i18next starts with no texts; main.tsx
 * awaits {@link loadLanguage} of the first language (the open pages' texts) before the first render,
 * the screens behind the login await {@link loadAppTexts} (no raw keys shown), and a language switch
 * loads the other language before switching. The web tests install every language
 * at once in their setup (app/testing/setup.ts), so `t` works synchronously there.
 */
void i18n.use(initReactI18next).init({
  resources: {},
  lng: languageStore.get() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** `<lng>/<part>` of every chunk installed, and of those on their way. */
const installed = new Set<string>();
const loading = new Map<string, Promise<void>>();
/** Set once a screen behind the login is wanted: from then on every language loads both its chunks. */
let appTextsWanted = false;

/**
 * Adds one chunk of a language (locales/bundles/…) to i18next (its namespaces) and, for the open
 * pages' part, to Ant Design's locale table (dayjs's locale registered itself on import); re-applies
 * dayjs's locale when it is the language in use.
 * @param lng the chunk's language
 * @param part which of the language's two chunks (locales/languages.ts)
 * @param bundle the chunk's content
 */
export function installLanguage(lng: Language, part: BundlePart, bundle: LanguageBundle): void {
  for (const [ns, messages] of Object.entries(bundle.messages)) i18n.addResourceBundle(lng, ns, messages, true, true);
  if (bundle.antd) registerAntdLocale(lng, bundle.antd);
  installed.add(`${lng}/${part}`);
  if (i18n.language === lng) applyLanguageToPage(lng);
}

/** Loads and installs one chunk of a language, once. */
function loadPart(lng: Language, part: BundlePart): Promise<void> {
  const key = `${lng}/${part}`;
  if (installed.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = LANGUAGE_BUNDLES[lng][part]().then(
      (bundle) => installLanguage(lng, part, bundle),
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

const isInstalled = (lng: Language) => installed.has(`${lng}/open`) && (!appTextsWanted || installed.has(`${lng}/app`));

/**
 * Loads a language's texts (once): the open pages' chunk with Ant Design's and dayjs's locale, and,
 * once a screen behind the login was wanted ({@link loadAppTexts}), the app's chunk too. Resolves at
 * once when they are installed already.
 * @throws a chunk's load error (the caller keeps the language in use; a chunk missing after a
 *   deployment reloads the page, ./chunks/chunkReload.ts)
 */
export function loadLanguage(lng: Language): Promise<void> {
  if (isInstalled(lng)) return Promise.resolve();
  return Promise.all([loadPart(lng, 'open'), appTextsWanted ? loadPart(lng, 'app') : undefined]).then(() => undefined);
}

/**
 * Loads the texts of the screens behind the login in the language in use (and, from now on, with
 * every language switched to): the route chunks of those screens await it (app/router.tsx), so they
 * never show raw keys.
 */
export function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  return loadLanguage(currentLanguage());
}

/** The interface language now in use. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** The last language asked for: a slower load of an earlier choice does not override a later one. */
let requested: Language | null = null;

/**
 * Switches to `lng`: at once when it is installed, else after its chunk has loaded (the texts in use
 * stay meanwhile), unless another language was asked for in the meantime. A failed load keeps the
 * language in use.
 */
function switchTo(lng: Language): Promise<void> {
  requested = lng;
  const change = () => (requested === lng && i18n.language !== lng ? i18n.changeLanguage(lng) : undefined);
  if (isInstalled(lng)) return Promise.resolve(change()).then(() => undefined);
  return loadLanguage(lng)
    .then(
      () => change(),
      () => undefined,
    )
    .then(() => undefined);
}

/**
 * Switches the interface language and remembers the choice (sent as `language` header from now on);
 * the texts switch once the language's chunk has loaded.
 */
export function chooseLanguage(lng: Language): Promise<void> {
  languageStore.set(lng);
  return switchTo(lng);
}

/**
 * Applies the customer's preferred language, unless the user already chose one in this browser
 * (spec 000 §1: the stored choice wins; default tr).
 */
export function applyCustomerLanguage(preferred: Language): void {
  if (!languageStore.get() && i18n.language !== preferred) void switchTo(preferred);
}

export const useChosenLanguage = () => useLocalStore(languageStore);

/*
 * The first language's texts start loading when this module runs (main.tsx imports it before the
 * app's components), so the chunk arrives while the rest of the entry (Ant Design, the router, the
 * login page) is evaluated; main.tsx's `loadLanguage` before the first render then awaits this same
 * load instead of starting it only after all of them (issue 18: the login page usable at once). Not
 * in the web tests, whose setup installs every language itself.
 */
if (import.meta.env.MODE !== 'test') void loadLanguage(currentLanguage()).catch(() => undefined);

export default i18n;
