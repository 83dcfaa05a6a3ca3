import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customerPreferences, preferencesBody } from '@overtone/contract';
import { defaultPreferences } from '../customers/create.ts';
import { logoUrl, normalizedPreferences } from './service.ts';

describe('preferences rules', () => {
  const defaults = customerPreferences.parse(defaultPreferences());
  const body = preferencesBody.parse({
    ...defaults,
    alarm: { ...defaults.alarm, notificationReceivers: ['u2', 'u1', 'u2', 'u1', 'u3'] },
  });

  it('stores the notification receivers once each, in the order given, and the rest as sent', () => {
    const n = normalizedPreferences(body);
    expect(n.alarm.notificationReceivers).toEqual(['u2', 'u1', 'u3']);
    expect({ ...n, alarm: { ...n.alarm, notificationReceivers: [] } }).toEqual({
      ...body,
      alarm: { ...body.alarm, notificationReceivers: [] },
    });
    expect(body.alarm.notificationReceivers).toHaveLength(5); // the body itself is left as it was
  });

  it("names the logo by the customer's host and the PNG's hash, so a new logo is a new URL", () => {
    const png = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const hash = createHash('sha1').update(png).digest('hex').slice(0, 12);
    expect(logoUrl('acme.example', png)).toBe(`/api/customer/acme.example/logo?v=${hash}`);
    expect(logoUrl('a b/c', png)).toBe(`/api/customer/a%20b%2Fc/logo?v=${hash}`);
    expect(logoUrl('acme.example', new Uint8Array([1]))).not.toBe(logoUrl('acme.example', png));
  });
});
