import fs from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/**
 * A string of a web locale file (`apps/web/src/locales/{lang}/{ns}.json`, dotted `key`), so a spec
 * finds controls by what the user reads in that language.
 * @throws Error when the key is missing or not a string
 */
export function localeText(lang: string, ns: string, key: string): string {
  let v: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8'));
  for (const k of key.split('.')) v = (v as Record<string, unknown>)[k];
  if (typeof v !== 'string') throw new Error(`no ${lang}/${ns}:${key}`);
  return v;
}
