import { describe, expect, it } from 'vitest';
import { withoutPassword } from './redact-url.ts';

describe('withoutPassword', () => {
  it('hides the password of a broker URL and keeps the rest', () => {
    expect(withoutPassword('mqtt://overtone:s3cr%40t@broker.example.com:1883')).toBe(
      'mqtt://overtone:***@broker.example.com:1883',
    );
    expect(withoutPassword('mqtts://broker.example.com:8883')).toBe('mqtts://broker.example.com:8883');
  });
  it('prints nothing of a string that is no URL (it could be a secret)', () => {
    expect(withoutPassword('overtone:secret')).toBe('(not a URL)');
  });
});
