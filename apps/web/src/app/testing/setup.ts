import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { DEFAULT_LANGUAGE, type Language } from '@overtone/contract';
import i18n from 'i18next';
import type { LanguageBundle } from '../../locales/collect';
import { installLanguage } from '../../core/i18n';

/**
 * Setup of the web tests (vitest.config.ts `web`): `findBy…` and `waitFor` wait up to 5 s, not
 * Testing Library's 1 s. An antd screen renders in well under a second alone, but several seconds
 * while the two cores also run the API tier; a wait that gives up then says nothing about the code,
 * and a real failure still fails, 4 s later.
 */
configure({ asyncUtilTimeout: 5000 });

/*
 * The app loads one language at a time (core/i18n.ts, main.tsx awaits it); the tests install all six
 * at once, before any test runs, so `t`, `i18n.changeLanguage` and dayjs's and Ant Design's locales
 * work synchronously in every language, as they did with the texts bundled eagerly.
 */
const bundles = import.meta.glob<LanguageBundle>('../../locales/bundles/**/*.ts', { eager: true, import: 'default' });
for (const [file, bundle] of Object.entries(bundles)) {
  const lng = /([^/]+)\.ts$/.exec(file)![1] as Language;
  installLanguage(lng, file.includes('/bundles/app/') ? 'app' : 'open', bundle);
}

/*
 * Every file starts as in a fresh window: most web test files share their worker's modules and
 * happy-dom window with the files before them (vitest.config.ts, `isolate: false`), and this file
 * runs again before each of them. Spies a file left on shared objects (`vi.spyOn(console, …)`)
 * are restored, mounted trees are unmounted after every test, the DOM, storage and address are
 * emptied, and the language is the default one (a fresh start reads no stored choice).
 */
afterEach(() => cleanup());
vi.restoreAllMocks();
cleanup();
document.body.innerHTML = '';
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
await i18n.changeLanguage(DEFAULT_LANGUAGE);
