import type { ErrorCode } from '../errors.ts';

/**
 * One language's texts of what the server answers and the web shows alike (issue 20 "one message
 * catalogue"): every error code of the contract (`errors`, spec 000 §8) and every validation message
 * key of the contract's schemas (`validation`: `requirename`, `invalidPhone`, …, and the literal
 * English messages such as `please enter email`). The server translates its answers with it
 * (apps/server/src/infra/i18n.ts), the web shows its own form checks and the server's codes with it
 * (its `errors` namespace, apps/web/src/locales/bundles). A text changed here changes both.
 *
 * Each language is a module of its own (`@overtone/contract/messages/<language>`), so that the web
 * loads only the language it shows; `@overtone/contract/messages` has all six (server, tests).
 */
export interface MessageCatalogue {
  /** The message of each error code; English is ERRORS' own. */
  errors: Record<ErrorCode, string>;
  /** The text of each validation message key. */
  validation: Record<string, string>;
}

/**
 * A catalogue as one flat namespace of texts by key (error codes and validation keys share it: the
 * web's `errors` namespace, looked up with the key as is).
 */
export const catalogueTexts = (c: MessageCatalogue): Record<string, string> => ({ ...c.validation, ...c.errors });
