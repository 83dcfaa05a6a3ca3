import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer } from './support/test-server.ts';
import { adminToken } from './support/http-session.ts';

/**
 * Security headers on every answer, 404 for unknown API paths, the live URL's host (issue 14 HTTP);
 * compression and caching of the web app's files and of API answers (issue 18 "Assets").
 * The server serves a small web app here, as in production (its file route must not swallow /api),
 * laid out as `vite build` writes it: a content-hashed script under `assets/`, and beside every text
 * file its `.br` and `.gz` copies (apps/web/scripts/precompress.ts).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let webDist: string;
/** A content-hashed script as Vite names it, large enough that compression matters. */
const HASHED = 'assets/index-C4fe9Xq1.js';
const HASHED_SOURCE = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Overtone</title><script type="module" src="/app.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, HASHED), HASHED_SOURCE);
  for (const file of ['index.html', HASHED]) {
    const raw = fs.readFileSync(path.join(webDist, file));
    fs.writeFileSync(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(raw));
    fs.writeFileSync(path.join(webDist, `${file}.gz`), zlib.gzipSync(raw));
  }
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
  expect(csp, what).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/); // no 'unsafe-inline', no 'unsafe-eval': WebAssembly only
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

/** A GET whose body is kept as bytes (compressed answers are not text). */
function getBytes(p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${server.url}${p}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The body as sent before `content-encoding` was applied. */
function decoded(res: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (enc === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  expect(enc).toBeUndefined();
  return res.body.toString('utf8');
}

describe('the web app’s files (issue 18 Assets)', () => {
  it('sends a hashed asset’s brotli copy when asked, cached as immutable', async () => {
    const res = await getBytes(`/${HASHED}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(HASHED_SOURCE.length / 3);
    expect(decoded(res)).toBe(HASHED_SOURCE);
    expectSecurityHeaders(res.headers, HASHED);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one asking for neither', async () => {
    const gz = await getBytes(`/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(HASHED_SOURCE);
    const plain = await getBytes(`/${HASHED}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(HASHED_SOURCE);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html (at /, by name and as the client routes’ fallback) with no-cache, compressed when asked', async () => {
    const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    for (const p of ['/', '/index.html', '/measurement/abc', '/login?returnUrl=%2Fadmin']) {
      const br = await getBytes(p, { 'accept-encoding': 'br' });
      expect(br.status, p).toBe(200);
      expect(br.headers['cache-control'], p).toBe('no-cache');
      expect(br.headers['content-encoding'], p).toBe('br');
      expect(br.headers['content-type'], p).toMatch(/^text\/html/);
      expect(decoded(br), p).toBe(html);
      const plain = await getBytes(p);
      expect(plain.headers['cache-control'], p).toBe('no-cache');
      expect(plain.body.toString('utf8'), p).toBe(html);
    }
    // a file without a hash in its name is revalidated too
    expect((await getBytes('/app.js')).headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers (issue 18 Assets)', () => {
  it('compresses a JSON answer over 1 KiB by Accept-Encoding, and only when asked', async () => {
    const plain = await getBytes('/api/permissions', { token });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8'));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await getBytes('/api/permissions', { token, 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('no-store');
      expect(res.body.length, accept).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(res)), accept).toEqual(json);
    }
  });

  it('leaves an answer under 1 KiB as it is', async () => {
    const res = await getBytes('/api/health', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(1024);
  });
});
