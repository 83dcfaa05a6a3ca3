import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { passwordPolicy } from './password-policy.ts';

/** The six date formats of the preferences tab (spec 002 §9 Admin); the first is the default. */
export const DATE_FORMATS = [
  'DD-MM-YYYY HH:mm:ss',
  'MM-DD-YYYY HH:mm:ss',
  'YYYY-MM-DD HH:mm:ss',
  'DD/MM/YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm:ss',
  'YYYY/MM/DD HH:mm:ss',
] as const;

/** UTC offsets offered as the customer's time zone ("GMT+3" is the default, spec 002 §9). */
export const TIME_ZONES = [
  'GMT-12', 'GMT-11', 'GMT-10', 'GMT-9', 'GMT-8', 'GMT-7', 'GMT-6', 'GMT-5', 'GMT-4', 'GMT-3', 'GMT-2', 'GMT-1',
  'GMT', 'GMT+1', 'GMT+2', 'GMT+3', 'GMT+3:30', 'GMT+4', 'GMT+4:30', 'GMT+5', 'GMT+5:30', 'GMT+5:45', 'GMT+6',
  'GMT+6:30', 'GMT+7', 'GMT+8', 'GMT+9', 'GMT+9:30', 'GMT+10', 'GMT+11', 'GMT+12', 'GMT+13', 'GMT+14',
] as const; // prettier-ignore

/**
 * Minutes east of UTC of a customer time zone ({@link TIME_ZONES}, fixed offsets without daylight
 * saving time): `GMT+3` → 180, `GMT-4:30` → −270, `GMT` → 0.
 * @returns 0 (UTC) for a text that is not such a zone
 */
export function timeZoneOffsetMinutes(zone: string | null | undefined): number {
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(zone ?? '');
  if (!m || !m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** Alarm mail frequency in hours: 0 immediately, 9999999 never (spec 002 §9 Admin). */
export const ALARM_MAIL_FREQUENCIES = [0, 6, 12, 18, 24, 9999999] as const;

export const alarmPreferences = z.object({
  /** E-mail addresses that receive alarm mails. */
  mailReceivers: z.array(z.email('requireemail')).max(50).default([]),
  /** Users (ids) notified in the application. */
  notificationReceivers: z.array(z.string()).max(200).default([]),
  /** Raise an alarm when a gateway stays disconnected. */
  enableSensewayAlarm: z.boolean().default(false),
  frequencyAlarmMail: z
    .number()
    .refine(
      (h) => (ALARM_MAIL_FREQUENCIES as readonly number[]).includes(h),
      'frequencyAlarmMail must be 0, 6, 12, 18, 24 or 9999999',
    )
    .default(0),
  autoAlarms: z.object({ crest_star: z.boolean().default(false) }).default({ crest_star: false }),
  /** Lowest alarm level that sends mail (1 attention, 2 hazard, 3 critical). */
  alarmLevel: z.number().int().min(1).max(3).default(1),
});
export type AlarmPreferences = z.infer<typeof alarmPreferences>;

/**
 * Customer preferences (spec 002 §3). Rows written before a field existed parse with its default.
 * `logo` is the URL of the 40 px high PNG served by `GET /customer/{host}/logo`, or null.
 */
export const customerPreferences = z.object({
  logo: z.string().nullable().default(null),
  passwordPolicy,
  localization: z.object({
    dateFormat: z.enum(DATE_FORMATS).default('DD-MM-YYYY HH:mm:ss'),
    preferedLanguage: z.enum(LANGUAGES).default('tr'),
    timeZone: z.enum(TIME_ZONES).default('GMT+3'),
  }),
  defaultTelemetry: z.string().min(1).default('GRMS'),
  alarm: alarmPreferences.default(alarmPreferences.parse({})),
  /**
   * Mains frequency of the customer's grid, Hz (50 or 60; 50 when never set): the diagnosis looks
   * for electrical faults at twice it (docs/fault-reports.md "Kinematics").
   */
  mainsFrequencyHz: z.union([z.literal(50), z.literal(60)]).default(50),
});
export type CustomerPreferences = z.infer<typeof customerPreferences>;

/** `PUT /preferences`: the whole object; the logo is changed through `PUT /preferences/logo` only. */
export const preferencesBody = customerPreferences.omit({ logo: true });
export type PreferencesBody = z.infer<typeof preferencesBody>;
/** `PUT /preferences/logo` answer (body: the raw image, `content-type: image/png|jpeg|webp|gif|svg+xml`). */
export const logoAnswer = z.object({ logo: z.string().nullable() });

/** `GET /customer/{host}`: the tenant served for that host (for a session of that tenant). */
export const customer = z.object({ _id: z.string(), name: z.string(), preferences: customerPreferences });
export type Customer = z.infer<typeof customer>;

/** `GET /customer/{host}/summary`: the public part (login page): name, logo, languages, password policy. */
export const customerSummary = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  preferedLanguage: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  passwordPolicy,
});
export type CustomerSummary = z.infer<typeof customerSummary>;

/** Accepted upload types (SVG is not: it is a document that could carry script). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
