import { DEFAULT_PHONE_COUNTRY, type Language } from '@overtone/contract';

/**
 * Countries offered by the phone field: ISO 3166-1 alpha-2 code and international dialling code
 * (ITU-T E.164 country codes). Names come from `Intl.DisplayNames` in the interface language.
 */
export const PHONE_COUNTRIES: ReadonlyArray<readonly [iso: string, dialCode: string]> = [
  ['TR', '90'], ['AE', '971'], ['AL', '355'], ['AR', '54'], ['AT', '43'], ['AU', '61'], ['AZ', '994'], ['BA', '387'],
  ['BE', '32'], ['BG', '359'], ['BR', '55'], ['BY', '375'], ['CA', '1'], ['CH', '41'], ['CL', '56'], ['CN', '86'],
  ['CO', '57'], ['CY', '357'], ['CZ', '420'], ['DE', '49'], ['DK', '45'], ['DZ', '213'], ['EE', '372'], ['EG', '20'],
  ['ES', '34'], ['FI', '358'], ['FR', '33'], ['GB', '44'], ['GE', '995'], ['GR', '30'], ['HK', '852'], ['HR', '385'],
  ['HU', '36'], ['ID', '62'], ['IE', '353'], ['IL', '972'], ['IN', '91'], ['IQ', '964'], ['IR', '98'], ['IS', '354'],
  ['IT', '39'], ['JO', '962'], ['JP', '81'], ['KG', '996'], ['KR', '82'], ['KW', '965'], ['KZ', '7'], ['LB', '961'],
  ['LT', '370'], ['LU', '352'], ['LV', '371'], ['LY', '218'], ['MA', '212'], ['MD', '373'], ['ME', '382'], ['MK', '389'],
  ['MT', '356'], ['MX', '52'], ['MY', '60'], ['NG', '234'], ['NL', '31'], ['NO', '47'], ['NZ', '64'], ['OM', '968'],
  ['PH', '63'], ['PK', '92'], ['PL', '48'], ['PT', '351'], ['QA', '974'], ['RO', '40'], ['RS', '381'], ['RU', '7'],
  ['SA', '966'], ['SE', '46'], ['SG', '65'], ['SI', '386'], ['SK', '421'], ['SY', '963'], ['TH', '66'], ['TM', '993'],
  ['TN', '216'], ['TW', '886'], ['UA', '380'], ['US', '1'], ['UZ', '998'], ['VN', '84'], ['ZA', '27'],
]; // prettier-ignore

const DIAL_CODES = new Map(PHONE_COUNTRIES);

/** Dialling code of a country ("90" for TR), or undefined for a country not in the list. */
export const dialCodeOf = (iso: string): string | undefined => DIAL_CODES.get(iso);

/** BCP 47 tag of an interface language for `Intl` (zh is simplified Chinese, zh-tw traditional). */
const INTL_LOCALE: Record<Language, string> = { tr: 'tr', en: 'en', de: 'de', ru: 'ru', zh: 'zh-CN', 'zh-tw': 'zh-TW' };
export const intlLocale = (language: string): string => INTL_LOCALE[language as Language] ?? language;

export interface PhoneCountryOption {
  value: string;
  dialCode: string;
  name: string;
}

/** The countries with their names in `language`, the default (TR) first and the rest by name. */
export function phoneCountryOptions(language: string): PhoneCountryOption[] {
  const locale = intlLocale(language);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const options = PHONE_COUNTRIES.map(([iso, dialCode]) => ({ value: iso, dialCode, name: names?.of(iso) ?? iso }));
  const first = options.filter((o) => o.value === DEFAULT_PHONE_COUNTRY);
  const rest = options.filter((o) => o.value !== DEFAULT_PHONE_COUNTRY).sort((a, b) => a.name.localeCompare(b.name, locale));
  return [...first, ...rest];
}

/** "+90 5321234567" from a stored phone, or an empty string. */
export function formatPhone(phone: { country: string; number: string } | null | undefined): string {
  if (!phone?.number) return '';
  const dial = dialCodeOf(phone.country);
  return dial ? `+${dial} ${phone.number}` : `${phone.country} ${phone.number}`;
}
