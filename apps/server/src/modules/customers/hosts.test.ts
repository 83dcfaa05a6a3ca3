import { describe, expect, it } from 'vitest';
import { isValidHost, normalizeHost } from './hosts.ts';
import { parseTrustProxy } from '../../infra/config.ts';

describe('customer host names', () => {
  it('normalises case, port and a trailing dot', () => {
    expect(normalizeHost(' Acme.Example.COM:8080 ')).toBe('acme.example.com');
    expect(normalizeHost('acme.example.com.')).toBe('acme.example.com');
  });

  it('accepts DNS names and IPv4 addresses only', () => {
    for (const ok of ['localhost', '127.0.0.1', 'acme.example.com', 'a-b.c1.io', 'x.test'])
      expect(isValidHost(ok), ok).toBe(true);
    for (const bad of ['', 'bad_host', '-a.com', 'a-.com', 'a..b', 'a b.com', '300.1.1.1', 'x'.repeat(64) + '.com'])
      expect(isValidHost(bad), bad).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; on/true, a hop count, or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('on')).toBe(true);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.1, 192.168.0.0/16 ')).toBe('10.0.0.1,192.168.0.0/16');
  });
});
