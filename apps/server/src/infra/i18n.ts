import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, ERRORS, LANGUAGES, type ErrorCode, type Language } from '@overtone/contract';
import { MESSAGE_CATALOGUES } from '@overtone/contract/messages';

/**
 * Server-side translations (spec 000 §1: the `language` header of every request; tr by default).
 * The texts:
 * - `errors`: one message per error code of the contract, and `validation`: the message keys and
 *   texts the contract's zod schemas use (`'requirename'`, `'please enter email'` …), both from the
 *   contract's message catalogue (`@overtone/contract/messages`), which the web shows too; zod's own
 *   default messages are translated with zod's locales;
 * - `messages`: other answers (password changed, reset link sent), and `mail`: the mails the server
 *   writes, in `apps/server/src/locales/<language>.json`; `{{name}}` placeholders are filled in by
 *   `translate`.
 * `apps/server/src/infra/i18n.test.ts` fails when a code or key lacks a text in any language.
 */
export interface LocaleMessages {
  errors: Record<string, string>;
  validation: Record<string, string>;
  messages: Record<string, string>;
  mail: Record<string, string>;
}

export const LOCALES_DIR = path.join(import.meta.dirname, '../locales');

/** Every language's messages: the contract's catalogue and the server's own texts, read once at start-up. */
export const LOCALES: Record<Language, LocaleMessages> = Object.fromEntries(
  LANGUAGES.map((l) => {
    const own = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${l}.json`), 'utf8')) as Pick<
      LocaleMessages,
      'messages' | 'mail'
    >;
    const { errors, validation } = MESSAGE_CATALOGUES[l];
    return [l, { ...own, errors, validation }];
  }),
) as Record<Language, LocaleMessages>;

/**
 * The language of a `language` header value: one of the six (case-insensitive; `zh-TW`/`zh-Hant`
 * → zh-tw, `zh-CN`/`zh-Hans` → zh, a region suffix such as `en-GB` is dropped); anything else → tr.
 */
export function resolveLanguage(header: string | string[] | undefined): Language {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().replace(/_/g, '-');
  if (!raw) return DEFAULT_LANGUAGE;
  if ((LANGUAGES as readonly string[]).includes(raw)) return raw as Language;
  if (/^zh-(tw|hk|mo|hant)/.test(raw)) return 'zh-tw';
  const base = raw.split('-')[0]!;
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}

const fill = (text: string, params?: Record<string, string | number>) =>
  params ? text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;

/**
 * A text of `section` in `lang`, with `{{placeholders}}` filled; falls back to English, then to the key.
 * @example translate('de', 'messages', 'passwordChanged')
 */
export function translate(
  lang: Language,
  section: keyof LocaleMessages,
  key: string,
  params?: Record<string, string | number>,
): string {
  const text = LOCALES[lang][section][key] ?? LOCALES.en[section][key] ?? key;
  return fill(text, params);
}

/** The message of an error code in `lang` (the English text is the catalogue's). */
export const errorMessage = (lang: Language, code: ErrorCode): string =>
  LOCALES[lang].errors[code] ?? LOCALES.en.errors[code] ?? ERRORS[code].message;

const zodLocales: Record<Language, () => { localeError: z.core.$ZodErrorMap }> = {
  tr: z.locales.tr,
  en: z.locales.en,
  de: z.locales.de,
  ru: z.locales.ru,
  zh: z.locales.zhCN,
  'zh-tw': z.locales.zhTW,
};
const zodErrorMaps = Object.fromEntries(LANGUAGES.map((l) => [l, zodLocales[l]().localeError])) as Record<
  Language,
  z.core.$ZodErrorMap
>;

/** A zod issue as the validator hands it to the error handler (input replaced by a value of the same type). */
export interface ValidationIssue {
  code: string;
  message: string;
  [k: string]: unknown;
}

const rendered = (map: z.core.$ZodErrorMap, issue: ValidationIssue): string | undefined => {
  try {
    const r = map(issue as never);
    return typeof r === 'string' ? r : r?.message;
  } catch {
    return undefined;
  }
};

/**
 * The message of one validation issue in `lang`: a contract message key or text is looked up in
 * `validation`; a zod default message (the issue's message equals zod's English rendering) is
 * rendered again with zod's locale of `lang`; any other message is returned as it is.
 */
export function validationMessage(lang: Language, issue: ValidationIssue): string {
  const known = LOCALES[lang].validation[issue.message];
  if (known) return known;
  if (lang !== 'en' && rendered(zodErrorMaps.en, issue) === issue.message)
    return rendered(zodErrorMaps[lang], issue) ?? issue.message;
  return issue.message;
}
