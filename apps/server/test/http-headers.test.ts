import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer } from './support/test-server.ts';
import { adminToken } from './support/http-session.ts';

/**
 * Security headers on every answer, 404 for unknown API paths, the live URL's host (issue 14 HTTP).
 * The server serves a small web app here, as in production (its file route must not swallow /api).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Overtone</title><script type="module" src="/app.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
  server = await startTestServer({ webDist });
  token = await adminToken(server);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => request(`${server.url}${p}`, 'GET', { headers });

function expectSecurityHeaders(h: Record<string, unknown>, what: string) {
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toMatch(/script-src 'self'(;|$)/); // no 'unsafe-inline', no 'unsafe-eval'
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain('object-src blob:');
  expect(csp, what).toContain('frame-src blob:');
  expect(csp, what).toMatch(/connect-src 'self'/);
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('no-referrer');
}

describe('security headers', () => {
  it('on API answers (ok, error, not found), all no-store', async () => {
    for (const [p, headers] of [
      ['/api/health', {}],
      ['/api/me', { token }],
      ['/api/me', {}], // 401
      ['/api/nope', {}], // 404
    ] as const) {
      const res = await get(p, headers);
      expectSecurityHeaders(res.headers, `${p} ${res.status}`);
      expect(res.headers['cache-control'], p).toBe('no-store');
    }
  });

  it('on the web app’s pages and files (client routes with tokens in their URL included)', async () => {
    for (const p of ['/', '/reset-password?token=abc', '/share/xyz', '/app.js']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expectSecurityHeaders(res.headers, p);
    }
  });

  it('name the live WebSocket of the request’s own host in connect-src, and only a valid host', async () => {
    const ok = await get('/api/health', {});
    const host = new URL(server.url).host;
    expect(ok.headers['content-security-policy']).toContain(`connect-src 'self' ws://${host} wss://${host}`);
  });
});

describe('unknown /api paths', () => {
  it('answer 404 with the not-found body, logged in or not, any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
      for (const headers of [{}, { token }] as Record<string, string>[]) {
        const res = await request(`${server.url}/api/no/such/route`, method, { headers: { ...headers, language: 'en' } });
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(404);
        expect(JSON.parse(res.text)).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      }
  });

  it('keep access enforcement on known routes', async () => {
    expect((await get('/api/me')).status).toBe(401);
    expect((await get('/api/me', { token })).status).toBe(200);
  });
});

describe('the signed live URL', () => {
  it('ignores X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY is off', async () => {
    const res = await get('/api/iot/sigv4', { token, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    const url = new URL(JSON.parse(res.text).url);
    expect(url.host).toBe(new URL(server.url).host);
    expect(url.protocol).toBe('ws:');
  });
});

describe('the signed live URL behind a trusted proxy', () => {
  let proxied: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    proxied = await startTestServer({ trustProxy: true });
  });
  afterAll(async () => proxied?.close());

  it('takes the forwarded host and protocol (the customer’s host, as the proxy saw it)', async () => {
    const t = await adminToken(proxied);
    const res = await request(`${proxied.url}/api/iot/sigv4`, 'GET', {
      headers: { token: t, 'x-forwarded-host': 'localhost:8443', 'x-forwarded-proto': 'https' },
    });
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).url).toMatch(/^wss:\/\/localhost:8443\/mqtt\?/);
  });
});
