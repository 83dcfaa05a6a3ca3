import { describe, expect, it } from 'vitest';
import { dialCodeOf, formatPhone, phoneCountryOptions, PHONE_COUNTRIES } from './countries';

describe('phone countries', () => {
  it('puts the default country TR first with its dialling code, then the others by name', () => {
    const en = phoneCountryOptions('en');
    expect(en[0]).toEqual({ value: 'TR', dialCode: '90', name: expect.stringMatching(/^T(ü|u)rk/) });
    const rest = en.slice(1).map((o) => o.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(en).toHaveLength(PHONE_COUNTRIES.length);
  });

  it('names the countries in the interface language', () => {
    expect(phoneCountryOptions('de').find((o) => o.value === 'DE')!.name).toBe('Deutschland');
    expect(phoneCountryOptions('tr').find((o) => o.value === 'DE')!.name).toBe('Almanya');
    expect(phoneCountryOptions('zh-tw').find((o) => o.value === 'TR')!.name).toBe('土耳其');
  });

  it('has unique ISO codes with numeric dialling codes', () => {
    const codes = PHONE_COUNTRIES.map(([iso]) => iso);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [iso, dial] of PHONE_COUNTRIES) {
      expect(iso).toMatch(/^[A-Z]{2}$/);
      expect(dial).toMatch(/^\d{1,3}$/);
    }
    expect(dialCodeOf('DE')).toBe('49');
  });

  it('formats a stored phone with its dialling code', () => {
    expect(formatPhone({ country: 'TR', number: '5321234567' })).toBe('+90 5321234567');
    expect(formatPhone({ country: 'XX', number: '123456' })).toBe('XX 123456');
    expect(formatPhone(null)).toBe('');
  });
});
