import type { CustomerPreferences, PreferencesBody } from '@overtone/contract';

/** The preferences form edits the whole `PUT /preferences` body: everything but the logo. */
export type PreferencesFormValues = PreferencesBody;

/** Form values of the saved preferences (what Reset goes back to). */
export function preferencesFormValues(saved: CustomerPreferences): PreferencesFormValues {
  const { logo: _logo, ...body } = saved;
  return structuredClone(body);
}

/**
 * The `PUT /preferences` body: the saved preferences with the form's values over them (spec 002 §7:
 * the whole object is saved), mail receivers trimmed and without duplicates.
 */
export function preferencesBody(saved: CustomerPreferences, values: PreferencesFormValues): PreferencesBody {
  const base = preferencesFormValues(saved);
  const receivers = [...new Set((values.alarm?.mailReceivers ?? base.alarm.mailReceivers).map((m) => m.trim()).filter(Boolean))];
  return {
    ...base,
    ...values,
    localization: { ...base.localization, ...values.localization },
    passwordPolicy: { ...base.passwordPolicy, ...values.passwordPolicy },
    alarm: {
      ...base.alarm,
      ...values.alarm,
      mailReceivers: receivers,
      autoAlarms: { ...base.alarm.autoAlarms, ...values.alarm?.autoAlarms },
    },
  };
}

/** Whether a text is an e-mail address (the server checks it again). */
export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
