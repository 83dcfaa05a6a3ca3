import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '@overtone/contract';
import { ERROR_CODES, ERRORS, LANGUAGES } from '@overtone/contract';
import { errorMessage, LOCALES, resolveLanguage, translate, validationMessage } from './i18n.ts';

/** The contract package's sources (for the static scan). */
const CONTRACT_SRC = path.join(import.meta.dirname, '../../../../packages/contract/src');

type Def = Record<string, unknown> & { checks?: { _zod: { def: Record<string, unknown> } }[] };
const isSchema = (v: unknown): v is { _zod: { def: Def } } =>
  typeof v === 'object' && v !== null && '_zod' in v && typeof (v as { _zod: { def?: unknown } })._zod?.def === 'object';

/** The message a zod `error` parameter gives (strings are stored as functions by zod 4). */
function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (typeof error !== 'function') return undefined;
  try {
    const r = (error as (i: unknown) => unknown)({ code: 'custom', input: undefined, path: [] });
    if (typeof r === 'string') return r;
    if (r && typeof r === 'object' && typeof (r as { message?: unknown }).message === 'string')
      return (r as { message: string }).message;
  } catch {
    /* an error function that needs a real issue: not a fixed message */
  }
  return undefined;
}

/**
 * Every custom validation message of the zod schemas the contract exports, found by walking the
 * schemas (objects, arrays, unions, pipes, wrappers, checks and refinements).
 */
function contractSchemaMessages(root: Record<string, unknown> = contract): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (v: unknown) => {
    if (!isSchema(v) || seen.has(v)) return;
    seen.add(v);
    const def = v._zod.def;
    const own = messageOf(def.error);
    if (own) found.add(own);
    for (const c of def.checks ?? []) {
      const m = messageOf(c._zod.def.error);
      if (m) found.add(m);
    }
    for (const [k, child] of Object.entries(def)) {
      if (k === 'checks' || k === 'error') continue;
      if (k === 'shape' && child && typeof child === 'object') Object.values(child).forEach(visit);
      else if (Array.isArray(child)) child.forEach(visit);
      else if (k === 'getter' && typeof child === 'function') visit((child as () => unknown)());
      else visit(child);
    }
  };
  for (const [name, value] of Object.entries(root)) {
    // `senseway`: the device protocol; its messages are ingest rejection reasons in the operator's
    // log and health count (docs/security.md), never answered to a person
    if (name === 'senseway') continue;
    if (isSchema(value)) visit(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  }
  return found;
}

/**
 * String literals passed as messages in the contract sources: the last string argument of the
 * zod calls that take one (`.min(1, 'x')`, `.regex(/…/, 'x')`, `z.email('x')`, `.refine(f, 'x')`),
 * and `message: 'x'` / `error: 'x'` of their option objects. A backstop for the schema walk.
 */
function contractSourceMessages(dir = CONTRACT_SRC): Set<string> {
  const found = new Set<string>();
  const call =
    /\.(?:min|max|regex|refine|superRefine|positive|negative|nonnegative|nonpositive|int|gt|gte|lt|lte|nonempty|email|url|uuid|multipleOf)\((?:[^()'"]|\([^()]*\))*?,?\s*'((?:[^'\\]|\\.)*)'\s*\)/g;
  const direct = /\bz\.(?:email|url|uuid|string|number|boolean)\(\s*'((?:[^'\\]|\\.)*)'\s*\)/g;
  const option = /\b(?:message|error):\s*'((?:[^'\\]|\\.)*)'/g;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      // senseway/: device-protocol validation; its messages are ingest rejection reasons for the
      // operator's log and health count, never answered to a person
      if (e.isDirectory()) {
        if (e.name !== 'senseway') walk(p);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'errors.ts') {
        const text = fs.readFileSync(p, 'utf8');
        for (const re of [call, direct, option]) for (const m of text.matchAll(re)) found.add(m[1]!.replace(/\\'/g, "'"));
      }
    }
  };
  walk(dir);
  return found;
}

describe('server translations (apps/server/src/locales)', () => {
  const contractMessages = [...new Set([...contractSchemaMessages(), ...contractSourceMessages()])].sort();

  it('finds the contract messages (the scan itself works)', () => {
    expect(contractMessages).toEqual(
      expect.arrayContaining(['please enter email', 'requirename', 'mfaCodeFormat', 'minGreaterThanMax']),
    );
    expect(contractMessages.length).toBeGreaterThan(20);
  });

  it.each(LANGUAGES)('%s has a message for every error code of the contract', (lang) => {
    const missing = ERROR_CODES.filter((c) => !LOCALES[lang].errors[c]?.trim());
    expect(missing, `${lang}.json errors`).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a text for every validation message used in packages/contract/src', (lang) => {
    const missing = contractMessages.filter((k) => !LOCALES[lang].validation[k]?.trim());
    expect(missing, `${lang}.json validation`).toEqual([]);
  });

  it.each(LANGUAGES)('%s has the same keys as en in every section, with the same placeholders', (lang) => {
    for (const section of ['errors', 'validation', 'messages', 'mail'] as const) {
      expect(Object.keys(LOCALES[lang][section]).sort(), `${lang} ${section}`).toEqual(Object.keys(LOCALES.en[section]).sort());
      for (const [k, en] of Object.entries(LOCALES.en[section])) {
        const holes = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(holes(LOCALES[lang][section][k]!), `${lang} ${section}.${k}`).toEqual(holes(en));
      }
    }
  });

  it('keeps the English texts equal to the catalogue (the spec quotes)', () => {
    for (const c of ERROR_CODES) expect(LOCALES.en.errors[c]).toBe(ERRORS[c].message);
    // A contract message that is already an English sentence stays itself in English.
    for (const k of contractMessages.filter((m) => /\s/.test(m))) expect(LOCALES.en.validation[k]).toBe(k);
  });

  it('reads the language header: six languages, region variants, tr for anything else', () => {
    expect(resolveLanguage(undefined)).toBe('tr');
    expect(resolveLanguage('')).toBe('tr');
    expect(resolveLanguage('de')).toBe('de');
    expect(resolveLanguage('EN-gb')).toBe('en');
    expect(resolveLanguage('zh-TW')).toBe('zh-tw');
    expect(resolveLanguage('zh-Hant')).toBe('zh-tw');
    expect(resolveLanguage('zh-CN')).toBe('zh');
    expect(resolveLanguage('fr')).toBe('tr');
    expect(resolveLanguage(['ru', 'de'])).toBe('ru');
  });

  it('translates codes, keys, zod defaults and mail templates', () => {
    expect(errorMessage('tr', 'WRONG_CREDENTIALS')).toBe('E-posta veya şifre hatalı');
    expect(validationMessage('de', { code: 'too_small', message: 'requirename' })).toBe('Bitte geben Sie den Vornamen ein');
    // A zod default message is rendered again with zod's own locale; an unknown custom one stays.
    const issue = {
      code: 'invalid_type',
      expected: 'string',
      input: 5,
      message: 'Invalid input: expected string, received number',
    };
    expect(validationMessage('en', issue)).toBe(issue.message);
    expect(validationMessage('de', issue)).not.toBe(issue.message);
    expect(validationMessage('de', { code: 'custom', message: 'some server text' })).toBe('some server text');
    expect(translate('en', 'mail', 'mfaText', { name: 'Ada', customer: 'Acme', code: '123456', minutes: 10 })).toContain(
      '\n123456\n',
    );
  });
});
