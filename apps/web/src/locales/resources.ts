import { LANGUAGES, type Language } from '@overtone/contract';
import { catalogueTexts, MESSAGE_CATALOGUES } from '@overtone/contract/messages';
import type { Namespace } from './namespaces';

export { NAMESPACES, type Namespace } from './namespaces';

/** One namespace's texts: nested keys, strings at the leaves. */
export type Messages = { [key: string]: string | Messages };
export type Resources = Record<Language, Record<Namespace, Messages>>;

const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

/**
 * Every locale file, grouped by language and namespace, loaded at once: for the tests (the web tests'
 * setup installs all six languages, app/testing/setup.ts) and checks over all languages. The app
 * itself never imports this: it loads one language at a time (./languages.ts).
 */
export const resources: Resources = (() => {
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, {}])) as Resources;
  for (const [path, messages] of Object.entries(files)) {
    const m = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m;
    if ((LANGUAGES as readonly string[]).includes(lang)) out[lang as Language][ns as Namespace] = messages;
  }
  // the `errors` namespace is the contract's message catalogue (bundles/<language>.ts)
  for (const lang of LANGUAGES) out[lang].errors = catalogueTexts(MESSAGE_CATALOGUES[lang]);
  return out;
})();
