import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, VALID_HOST } from './security-headers.ts';
import { liveSocketUrl } from './live-url.ts';

describe('contentSecurityPolicy', () => {
  it('allows scripts from the origin only (and WebAssembly compilation), no inline script, no eval, no framing', () => {
    const csp = contentSecurityPolicy('plant.example:8443');
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval|hashes)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws://plant.example:8443 wss://plant.example:8443");
  });

  it.each(['evil.example; script-src *', 'a b', 'x"y', 'user@host', 'host/path', ''])(
    'names no host it cannot vouch for: %j',
    (host) => {
      expect(VALID_HOST.test(host)).toBe(false);
      expect(contentSecurityPolicy(host)).toContain("connect-src 'self';");
    },
  );

  it.each(['localhost', '127.0.0.1:8080', '[::1]:3000', 'a-b.example.com'])('accepts %j', (host) =>
    expect(VALID_HOST.test(host)).toBe(true),
  );
});

describe('liveSocketUrl', () => {
  it('builds ws or wss on the request host, and refuses a malformed host with 400', () => {
    expect(liveSocketUrl({ host: 'plant.example', protocol: 'https' }, 'a=1')).toBe('wss://plant.example/mqtt?a=1');
    expect(liveSocketUrl({ host: 'localhost:8080', protocol: 'http' }, 'a=1')).toBe('ws://localhost:8080/mqtt?a=1');
    expect(() => liveSocketUrl({ host: 'evil.example/x?', protocol: 'http' }, 'a=1')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});
