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
