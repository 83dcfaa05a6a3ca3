import { ERRORS, type ErrorCode } from '@overtone/contract';
import i18n from '../i18n';

const CODE_BY_MESSAGE = new Map<string, ErrorCode>(
  (Object.entries(ERRORS) as [ErrorCode, { message: string }][]).map(([code, e]) => [e.message.toLowerCase(), code]),
);

/** The generic, translated "an error has occurred". */
export const genericErrorMessage = (): string => i18n.t('errors:INTERNAL');

/**
 * The text to show for a server error: the translation of its code when the code is known
 * (`errors:<CODE>`), otherwise the server's own message (spec 000 §8), otherwise the generic text.
 */
export function errorMessage(code: string | undefined, serverMessage: string | undefined): string {
  if (code && i18n.exists(`errors:${code}`)) return i18n.t(`errors:${code}`);
  if (serverMessage) {
    const known = CODE_BY_MESSAGE.get(serverMessage.trim().toLowerCase());
    return known ? i18n.t(`errors:${known}`) : serverMessage;
  }
  return genericErrorMessage();
}

/** Message keys are looked up literally: a server text may contain '.' or ':'. */
const LITERAL_KEY = { ns: 'errors', keySeparator: false, nsSeparator: false } as const;

/**
 * The text to show for one item of a 400 answer's `errors` list: its `msg` is either a message key
 * of the contract (e.g. `requirename`, `mfaCodeFormat`), translated through the `errors` namespace,
 * a catalogue message (translated by its code), or a text the server already translated (shown as is).
 */
export function fieldErrorMessage(msg: string): string {
  const key = msg.trim();
  if (key && i18n.exists(key, LITERAL_KEY)) return i18n.t(key, LITERAL_KEY);
  return errorMessage(undefined, msg);
}
