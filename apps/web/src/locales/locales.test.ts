import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGUAGES } from '@overtone/contract';
import { NAMESPACES, resources, type Messages } from './resources';

/** Flattens nested messages to `key.path → text`. */
function flatten(m: Messages, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

const flat = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    new Map(NAMESPACES.flatMap((ns) => [...flatten(resources[lang][ns] ?? {})].map(([k, v]) => [`${ns}:${k}`, v] as const))),
  ]),
) as Record<(typeof LANGUAGES)[number], Map<string, string>>;

/** i18next plural suffixes (`key_one`, `key_few`...): the categories of Intl.PluralRules. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix. */
const baseKey = (k: string) => PLURAL.exec(k)?.[1] ?? k;
/**
 * Plural categories a language's texts must cover (CLDR, as i18next uses them). The files carry the
 * same four forms (one, few, many, other) in every language, the unused ones repeating `other`, so
 * that every language holds the same keys.
 */
const pluralCategories = (lang: string) =>
  new Intl.PluralRules(lang === 'zh-tw' ? 'zh-TW' : lang).resolvedOptions().pluralCategories as string[];
/** Base keys written with plural forms in some language. */
const pluralBases = new Set(LANGUAGES.flatMap((l) => [...flat[l].keys()].filter((k) => PLURAL.test(k)).map(baseKey)));

/** Every key, plural forms folded into their base key. */
const allKeys = [...new Set(LANGUAGES.flatMap((l) => [...flat[l].keys()].map(baseKey)))].sort();
/** The text of a key in a language (a plural key: its `other` form). */
const textOf = (lang: (typeof LANGUAGES)[number], key: string) =>
  pluralBases.has(key) ? flat[lang].get(`${key}_other`) : flat[lang].get(key);

describe('locale files', () => {
  it('has every namespace in every language', () => {
    for (const lang of LANGUAGES)
      for (const ns of NAMESPACES) expect(resources[lang][ns], `${lang}/${ns}.json`).toBeTypeOf('object');
  });

  it('has a non-empty text for every key in every language', () => {
    expect(allKeys.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const lang of LANGUAGES)
      for (const key of allKeys) {
        const forms = pluralBases.has(key) ? pluralCategories(lang).map((c) => `${key}_${c}`) : [key];
        for (const form of forms) {
          const text = flat[lang].get(form);
          if (text === undefined) problems.push(`${lang}: missing ${form}`);
          else if (!text.trim()) problems.push(`${lang}: empty ${form}`);
        }
      }
    expect(problems).toEqual([]);
  });

  it('writes the `other` form of a plural text with {{count}} (i18next picks the form by it)', () => {
    const problems: string[] = [];
    for (const lang of LANGUAGES)
      for (const [key, text] of flat[lang])
        if (key.endsWith('_other') && !variables(text).includes('count')) problems.push(`${lang} ${key}`);
    expect(pluralBases.size).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('uses the same interpolation variables in every language', () => {
    const problems: string[] = [];
    for (const key of allKeys) {
      const reference = variables(textOf('en', key) ?? '');
      for (const lang of LANGUAGES) {
        const text = textOf(lang, key);
        if (text !== undefined && variables(text).join() !== reference.join())
          problems.push(`${lang} ${key}: {${variables(text)}} vs en {${reference}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('translates every error code of the contract', () => {
    for (const lang of LANGUAGES)
      for (const code of ERROR_CODES) expect(flat[lang].get(`errors:${code}`), `${lang} errors:${code}`).toBeTruthy();
  });

  it('really translates: the languages differ from English', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const same = allKeys.filter((k) => textOf(lang, k) === textOf('en', k));
      // Units, symbols and product names legitimately stay the same; prose must not.
      expect(same.length / allKeys.length, `${lang}: ${same.length} texts identical to English`).toBeLessThan(0.2);
    }
  });
});

describe('keys used in the code', () => {
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  /**
   * Static keys of `t('…')` calls, resolved against the file's `useTranslation('ns')` (or
   * `TFunction<'ns'>`) namespace, `common` without one; keys built at run time are not checked.
   */
  const used = Object.entries(sources).flatMap(([file, text]) => {
    const ns = /(?:useTranslation\(|TFunction<)\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
    return [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => ({ file, key: m[1].includes(':') ? m[1] : `${ns}:${m[1]}` }));
  });

  it('finds the calls', () => {
    expect(used.length).toBeGreaterThan(100);
  });

  it('exists in the English locale', () => {
    const missing = used.filter((u) => !flat.en.has(u.key) && !flat.en.has(`${u.key}_other`)).map((u) => `${u.file}: ${u.key}`);
    expect(missing).toEqual([]);
  });
});
