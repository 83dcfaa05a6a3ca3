import {
  COMMENTS_QUESTION,
  CONFIRMED_QUESTION,
  REPORT_LANGUAGES,
  type BearingComponent,
  type FaultName,
  type ReportLanguage,
  type ReportLanguageText,
} from '@overtone/contract';
import { de } from './catalogue/de.ts';
import { en } from './catalogue/en.ts';
import { COMMENTS_TEXT, CONFIRMED_TEXT, SPECIFIC_QUESTIONS } from './catalogue/questions.ts';
import { ru } from './catalogue/ru.ts';
import { tr } from './catalogue/tr.ts';
import type { LanguageCatalogue } from './catalogue/types.ts';
import { zhTw } from './catalogue/zh-tw.ts';
import { zh } from './catalogue/zh.ts';

/**
 * The fault catalogue: each fault's name, texts and questions in the six report languages (spec 001
 * §3 Fault report, §5 evaluation rules, §9 fault names and report languages). The texts are in
 * ./catalogue/<language>.ts, the questions in ./catalogue/questions.ts. Fault patterns follow
 * Randall 2011 "Vibration-based Condition Monitoring", Randall & Antoni 2011 (bearings), Scheffer &
 * Girdhar 2004 and Taylor "The Vibration Analysis Handbook"; evaluation zones ISO 10816/20816.
 */

const CATALOGUES: Record<ReportLanguage, LanguageCatalogue> = { tr, en, de, ru, zh, zhTw };

/** Bearing faults: the only faults whose name and texts depend on the bearing component. */
const BEARING_FAULTS: readonly FaultName[] = ['bearing_failure', 'early_stage_bearing_failure'];

/** A fault's texts in one language. */
export interface FaultTexts {
  name: string;
  description: string;
  indication: string;
  cause: string;
  /** What to do, most urgent first. */
  suggestions: string[];
}

/** A question a report of this fault asks (spec 001 §3 questions, §5). */
export interface CatalogueQuestion {
  code: string;
  order: number;
  isMandatory: boolean;
  answerType: 'yesNo' | 'text';
  question: ReportLanguageText;
}

const byLanguage = (text: (language: ReportLanguage) => string): ReportLanguageText =>
  Object.fromEntries(REPORT_LANGUAGES.map((l) => [l, text(l)])) as ReportLanguageText;

/** The component counts only for bearing faults (a component given with another fault is ignored). */
const componentOf = (fault: FaultName, component: BearingComponent | null): BearingComponent | null =>
  BEARING_FAULTS.includes(fault) ? component : null;

function nameIn(fault: FaultName, component: BearingComponent | null, language: ReportLanguage): string {
  const c = CATALOGUES[language];
  const base = c.faults[fault].name;
  const part = componentOf(fault, component);
  return part ? c.withComponent(base, c.components[part].name) : base;
}

/**
 * The fault's name in every report language.
 *
 * @param fault a fault name of spec 001 §9 or a sensor fault.
 * @param component the faulty bearing part; named only for `bearing_failure` and
 *   `early_stage_bearing_failure` (e.g. en "Bearing failure — outer race"), ignored otherwise.
 * @returns `{tr, en, de, ru, zh, zhTw}`, never empty.
 */
export function faultName(fault: FaultName, component: BearingComponent | null): ReportLanguageText {
  return byLanguage((l) => nameIn(fault, component, l));
}

/**
 * The fault's report texts in one language.
 *
 * For a bearing fault with a component, `indication` starts with the component's pattern (BPFO; BPFI
 * with 1× sidebands; BSF with FTF sidebands; FTF: Randall & Antoni 2011 §2) followed by the stage's
 * (envelope only for early stage, also the velocity spectrum for a developed defect), and `cause`
 * starts with the component's typical causes.
 *
 * @param fault a fault name of spec 001 §9 or a sensor fault.
 * @param component the faulty bearing part, or null (ignored for faults other than bearing faults).
 * @param language a report language (`tr` default of the product, `zhTw` traditional Chinese).
 * @returns name, description, indication, cause and 3–6 suggestions, most urgent first (a fresh
 *   array the caller may keep).
 */
export function faultTexts(fault: FaultName, component: BearingComponent | null, language: ReportLanguage): FaultTexts {
  const c = CATALOGUES[language];
  const entry = c.faults[fault];
  const part = componentOf(fault, component);
  const partEntry = part ? c.components[part] : null;
  const join = (first: string, second: string) =>
    language === 'zh' || language === 'zhTw' ? first + second : `${first} ${second}`;
  return {
    name: nameIn(fault, component, language),
    description: entry.description,
    indication: partEntry ? join(partEntry.indication, entry.indication) : entry.indication,
    cause: partEntry ? join(partEntry.cause, entry.cause) : entry.cause,
    suggestions: [...entry.suggestions],
  };
}

/**
 * The questions of a fault's reports, by order: `fault_confirmed` (mandatory yes/no, order 1), the
 * fault's own yes/no questions, and `comments` (free text, optional) last (spec 001 §5: the free-text
 * answer goes to the 'comments' prompt, all others are yes/no). Codes are unique within the fault
 * and stable: the server stores answers by code.
 *
 * @returns a fresh array, orders 1…n without gaps.
 */
export function faultQuestions(fault: FaultName): CatalogueQuestion[] {
  const specific = SPECIFIC_QUESTIONS[fault];
  return [
    { code: CONFIRMED_QUESTION, order: 1, isMandatory: true, answerType: 'yesNo', question: { ...CONFIRMED_TEXT } },
    ...specific.map((s, i) => ({
      code: s.code,
      order: i + 2,
      isMandatory: s.isMandatory,
      answerType: 'yesNo' as const,
      question: { ...s.question },
    })),
    {
      code: COMMENTS_QUESTION,
      order: specific.length + 2,
      isMandatory: false,
      answerType: 'text',
      question: { ...COMMENTS_TEXT },
    },
  ];
}

const INTL_LOCALES: Record<ReportLanguage, string> = { tr: 'tr', en: 'en', de: 'de', ru: 'ru', zh: 'zh-CN', zhTw: 'zh-TW' };

/**
 * The "time to stop" sentence (spec 001 §4 "Fault prediction time text: critical one month, hazard
 * two months, attention three months") in one language, pluralised by `Intl.PluralRules` (ru: 1
 * месяц, 2 месяца, 5 месяцев).
 *
 * @param months months until a stop is required (TIME_TO_STOP_MONTHS of the severity), ≥ 0.
 * @param language a report language.
 * @returns e.g. en "Estimated time until a stop is required: 2 months".
 * @throws RangeError when `months` is negative or not finite.
 */
export function timeToStopText(months: number, language: ReportLanguage): string {
  if (!Number.isFinite(months) || months < 0) throw new RangeError(`months must be a finite number ≥ 0, got ${months}`);
  const locale = INTL_LOCALES[language];
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(months);
  const plural = new Intl.PluralRules(locale, { maximumFractionDigits: 1 }).select(months);
  return CATALOGUES[language].timeToStop(count, plural);
}
