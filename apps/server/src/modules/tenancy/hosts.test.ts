import { describe, expect, it } from 'vitest';
import { isValidHost, normalizeHost, parseRequestHost } from './hosts.ts';
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

describe('Host headers (issue 14: a malformed one answers 400 and is never used)', () => {
  it('parses a host name or address with an optional port, lower-cased, without a trailing dot', () => {
    expect(parseRequestHost('Acme.Example.COM.:8443')).toEqual({ hostname: 'acme.example.com', port: 8443 });
    expect(parseRequestHost('127.0.0.1')).toEqual({ hostname: '127.0.0.1', port: null });
    expect(parseRequestHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: 3000 });
  });

  it('refuses user info, paths, spaces, bad ports and empty values', () => {
    for (const bad of [
      '',
      'localhost:80@evil.example',
      'evil.example@localhost',
      'localhost/evil',
      'localhost:8080/x',
      'local host',
      'localhost:0',
      'localhost:65536',
      'localhost:',
      'localhost:80:81',
      'a_b.example',
      '[::1',
      'x'.repeat(301),
    ])
      expect(parseRequestHost(bad), bad).toBeNull();
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
