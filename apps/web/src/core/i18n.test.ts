import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { LANGUAGES, type Language } from '@overtone/contract';
import { LANGUAGE_BUNDLES } from '../locales/languages';
import { NAMESPACES, OPEN_PAGE_NAMESPACES } from '../locales/namespaces';
import { resources } from '../locales/resources';
import i18n, { chooseLanguage, currentLanguage, languageStore, loadAppTexts, loadLanguage } from './i18n';
import { antdLocaleOf } from './antdLocale';

/** dayjs's and Ant Design's name of each interface language. */
const DAYJS: Record<Language, string> = { tr: 'tr', en: 'en', de: 'de', ru: 'ru', zh: 'zh-cn', 'zh-tw': 'zh-tw' };

describe('languages in lazy chunks (issue 18 Assets)', () => {
  it.each(LANGUAGES)(
    '%s: the open pages’ chunk holds common, login and errors; the app chunk every other namespace',
    async (lng) => {
      const open = await LANGUAGE_BUNDLES[lng].open();
      const app = await LANGUAGE_BUNDLES[lng].app();
      expect(Object.keys(open.messages).sort()).toEqual([...OPEN_PAGE_NAMESPACES].sort());
      expect(Object.keys(app.messages).sort()).toEqual(
        NAMESPACES.filter((ns) => !(OPEN_PAGE_NAMESPACES as readonly string[]).includes(ns)).sort(),
      );
      // together, exactly the locale files of the language
      expect({ ...open.messages, ...app.messages }).toEqual(resources[lng]);
      expect(app.antd).toBeUndefined();
    },
  );

  it.each(LANGUAGES)(
    '%s: the open pages’ chunk brings Ant Design’s locale of the language and registers dayjs’s',
    async (lng) => {
      const open = await LANGUAGE_BUNDLES[lng].open();
      expect(open.antd?.locale.toLowerCase()).toBe(DAYJS[lng]);
      expect(dayjs.Ls[DAYJS[lng]]?.name).toBe(DAYJS[lng]);
    },
  );

  it('switching applies the language’s texts, Ant Design’s and dayjs’s locale and <html lang> together', async () => {
    await chooseLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(languageStore.get()).toBe('de');
    expect(i18n.t('login:title')).toBe(resources.de.login.title);
    expect(antdLocaleOf('de')?.locale).toBe('de');
    expect(dayjs.locale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await chooseLanguage('zh');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(i18n.t('login:title')).toBe(resources.zh.login.title);
    languageStore.clear();
    await i18n.changeLanguage('tr');
  });

  it('loading an installed language, or the app texts, resolves without a request', async () => {
    await expect(loadLanguage('tr')).resolves.toBeUndefined();
    await expect(loadAppTexts()).resolves.toBeUndefined();
  });
});
