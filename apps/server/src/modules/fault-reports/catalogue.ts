import type { BearingComponent, FaultName, ReportLanguage, ReportLanguageText } from '@overtone/contract';

/**
 * The fault catalogue: each fault's name, texts and questions in the six report languages
 * (OWNED BY THE CATALOGUE PART: replace this stub, keep these signatures).
 */

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

/** The fault's name in every report language (a bearing fault names its component). */
export function faultName(fault: FaultName, component: BearingComponent | null): ReportLanguageText {
  const name = component ? `${fault} (${component})` : fault;
  return { tr: name, en: name, de: name, ru: name, zh: name, zhTw: name };
}

/** The fault's texts in one language. */
export function faultTexts(fault: FaultName, component: BearingComponent | null, _language: ReportLanguage): FaultTexts {
  return { name: faultName(fault, component).en, description: '', indication: '', cause: '', suggestions: [] };
}

/** The questions of a fault's reports, by order: always `fault_confirmed` (mandatory yes/no) and `comments` (free text). */
export function faultQuestions(_fault: FaultName): CatalogueQuestion[] {
  const q = (text: string): ReportLanguageText => ({ tr: text, en: text, de: text, ru: text, zh: text, zhTw: text });
  return [
    { code: 'fault_confirmed', order: 1, isMandatory: true, answerType: 'yesNo', question: q('Was the fault confirmed?') },
    { code: 'comments', order: 99, isMandatory: false, answerType: 'text', question: q('Comments') },
  ];
}

/** "Time to stop" text of a severity's months (spec 001 §4: critical 1, hazard 2, attention 3) in one language. */
export function timeToStopText(months: number, _language: ReportLanguage): string {
  return `${months}`;
}
