import { LANGUAGES, type Language } from '@overtone/contract';
import { translate } from '../../infra/i18n.ts';

const AXES = ['X', 'Y', 'Z'] as const;
const CLASSES = ['I', 'II', 'III', 'IV'] as const;

/** Every default name of the built-in ISO 10816 alarms, in every language, → its axis and class. */
const DEFAULT_NAMES = new Map<string, { axis: string; machineClass: string }>(
  LANGUAGES.flatMap((lang) =>
    AXES.flatMap((axis) =>
      CLASSES.map(
        (machineClass) =>
          [translate(lang, 'messages', 'alarmIso10816Name', { axis, machineClass }), { axis, machineClass }] as const,
      ),
    ),
  ),
);

/**
 * The name of an alarm as a user reading in `lang` sees it. The built-in ISO 10816 alarms are
 * created with a default name in the customer's language (alarms/repo.ts `ensureDefaultAlarms`);
 * while an alarm keeps that default name (in any of the six languages), it is answered in `lang`.
 * A name a user gave, and every other alarm's name, is answered as written.
 * @param name the stored name (of the alarm, or copied into its transactions)
 * @param lang the request's language (`language` header)
 */
export function alarmNameIn(name: string, lang: Language): string {
  const d = DEFAULT_NAMES.get(name);
  return d ? translate(lang, 'messages', 'alarmIso10816Name', d) : name;
}
