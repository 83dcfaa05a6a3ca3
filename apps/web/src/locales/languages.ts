import type { Language } from '@overtone/contract';
import type { LanguageBundle } from './collect';

/**
 * Each language's texts in two lazy chunks (issue 18 "Assets": the login page downloads the texts of
 * the language it shows, and of the open pages only). `open`: the open pages' namespaces
 * (OPEN_PAGE_NAMESPACES) with Ant Design's locale, registering dayjs's; `app`: every other namespace,
 * for the screens behind the login. `core/i18n.ts` loads and installs them.
 */
export const LANGUAGE_BUNDLES: Record<Language, Record<'open' | 'app', () => Promise<LanguageBundle>>> = {
  tr: { open: () => import('./bundles/tr').then((m) => m.default), app: () => import('./bundles/app/tr').then((m) => m.default) },
  en: { open: () => import('./bundles/en').then((m) => m.default), app: () => import('./bundles/app/en').then((m) => m.default) },
  de: { open: () => import('./bundles/de').then((m) => m.default), app: () => import('./bundles/app/de').then((m) => m.default) },
  ru: { open: () => import('./bundles/ru').then((m) => m.default), app: () => import('./bundles/app/ru').then((m) => m.default) },
  zh: { open: () => import('./bundles/zh').then((m) => m.default), app: () => import('./bundles/app/zh').then((m) => m.default) },
  'zh-tw': {
    open: () => import('./bundles/zh-tw').then((m) => m.default),
    app: () => import('./bundles/app/zh-tw').then((m) => m.default),
  },
};

/** Which of a language's two chunks. */
export type BundlePart = 'open' | 'app';
