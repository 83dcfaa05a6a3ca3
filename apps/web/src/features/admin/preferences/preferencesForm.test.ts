import { describe, expect, it } from 'vitest';
import { CUSTOMER } from '../adminTestKit';
import { isEmail, preferencesBody, preferencesFormValues } from './preferencesForm';

describe('preferences form', () => {
  it('edits everything but the logo', () => {
    const v = preferencesFormValues({ ...CUSTOMER.preferences, logo: '/api/customer/x/logo' });
    expect(v).not.toHaveProperty('logo');
    expect(v.passwordPolicy.minCharacter).toBe(8);
  });

  it('saves the whole object: the saved values with the form values over them, receivers trimmed and unique', () => {
    const saved = CUSTOMER.preferences;
    const body = preferencesBody(saved, {
      ...preferencesFormValues(saved),
      passwordPolicy: { ...saved.passwordPolicy, minCharacter: 12 },
      alarm: { ...saved.alarm, mailReceivers: [' a@b.co', 'a@b.co', 'c@d.co '], frequencyAlarmMail: 9999999 },
    });
    expect(body).toEqual({
      ...preferencesFormValues(saved),
      passwordPolicy: { ...saved.passwordPolicy, minCharacter: 12 },
      alarm: { ...saved.alarm, mailReceivers: ['a@b.co', 'c@d.co'], frequencyAlarmMail: 9999999 },
    });
  });

  it('recognises e-mail addresses', () => {
    expect(isEmail('ops@plant.example')).toBe(true);
    expect(isEmail('ops@plant')).toBe(false);
    expect(isEmail('no at sign')).toBe(false);
  });
});
