import { LANGUAGES, type Language } from '@overtone/contract';
import { translate } from '../../infra/i18n.ts';

const AXES = ['X', 'Y', 'Z'] as const;
const CLASSES = ['I', 'II', 'III', 'IV'] as const;

type DefaultName = { key: 'alarmIso10816Name' | 'alarmCrestStarName'; params: Record<string, string> };

/**
 * Every default name of the built-in alarms (ISO 10816 per axis and class, crest factor* per axis),
 * in every language, → its locale key and parameters.
 */
const DEFAULT_NAMES = new Map<string, DefaultName>(
  LANGUAGES.flatMap((lang) =>
    AXES.flatMap((axis) => [
      ...CLASSES.map((machineClass) => {
        const d: DefaultName = { key: 'alarmIso10816Name', params: { axis, machineClass } };
        return [translate(lang, 'messages', d.key, d.params), d] as const;
      }),
      [translate(lang, 'messages', 'alarmCrestStarName', { axis }), { key: 'alarmCrestStarName', params: { axis } }] as const,
    ]),
  ),
);

/**
 * The name of an alarm as a user reading in `lang` sees it. The built-in alarms (ISO 10816, crest factor*) are
 * created with a default name in the customer's language (alarms/repo.ts `ensureDefaultAlarms`);
 * while an alarm keeps that default name (in any of the six languages), it is answered in `lang`.
 * A name a user gave, and every other alarm's name, is answered as written.
 * @param name the stored name (of the alarm, or copied into its transactions)
 * @param lang the request's language (`language` header)
 */
export function alarmNameIn(name: string, lang: Language): string {
  const d = DEFAULT_NAMES.get(name);
  return d ? translate(lang, 'messages', d.key, d.params) : name;
}
