/** Interface languages of the product (spec 000 §1). `tr` is the default. */
export const LANGUAGES = ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'tr';
/** Request header carrying the interface language on every call (spec 000 §1). */
export const LANGUAGE_HEADER = 'language';
/** Request header carrying the session token (spec 000 §7). */
export const TOKEN_HEADER = 'token';
