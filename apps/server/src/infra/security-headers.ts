import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A Host header value the server may repeat in a header: a DNS name or IPv4 address, or a bracketed
 * IPv6 address, with an optional port. Anything else (spaces, quotes, `;`, `/`, `@` …) is refused.
 */
export const VALID_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The Content-Security-Policy of every answer (pages and API):
 * - `script-src 'self' 'wasm-unsafe-eval'`: only the bundle's own files; no inline script, no eval
 *   (the web app has none). `'wasm-unsafe-eval'` (CSP Level 3) allows compiling WebAssembly and
 *   nothing else: the measurement page's worker runs packages/dsp's SIMD FFT module, the same kernels
 *   as the server (docs/signals.md), instead of its slower JavaScript fallback;
 * - `style-src 'self' 'unsafe-inline'`: Ant Design's CSS-in-JS and the captcha widget write `<style>`
 *   elements at run time (styles cannot run code; scripts stay strict);
 * - `worker-src 'self' blob:`: the captcha solver runs in a Blob worker;
 * - `connect-src 'self'` plus `ws://host wss://host` of the request's own host: the API and the
 *   live broker WebSocket (`/mqtt`);
 * - `img-src 'self' data: blob:`: signed object URLs are same-origin, charts export to data:/blob:;
 * - `frame-src blob:` and `object-src blob:`: the fault report's PDF preview (fetched with the
 *   session's token header, which an iframe cannot send) is shown from a blob: URL our own script
 *   made, in the browser's PDF viewer (a plugin, which `object-src` governs in the blob document that
 *   inherits this policy); nothing else can be framed or embedded;
 * - `frame-ancestors 'none'` (with X-Frame-Options DENY for old browsers), `base-uri 'none'`,
 *   `form-action 'self'`.
 * @param host the request's host as Fastify reads it (the Host header, or X-Forwarded-Host only behind
 *   a trusted proxy), validated with VALID_HOST; otherwise only 'self' is named
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const live = host && VALID_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self'${live}`,
    'frame-src blob:',
    'object-src blob:',
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * onSend hook of every answer (pages, files, API, errors): the security headers above, nosniff,
 * `Referrer-Policy: no-referrer` (pages with a token in their URL, reset and share links, never
 * send it on), and `Cache-Control: no-store` on API answers (they carry personal data; the web app's
 * files get theirs from {@link webFileHeaders}).
 */
export function registerSecurityHeaders(app: FastifyInstance, apiPrefix: string) {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('content-security-policy', contentSecurityPolicy(req.host));
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (req.url.startsWith(apiPrefix) || req.url.startsWith('/mqtt')) {
      // a route that chose its own caching keeps it (public, content-addressed logos: immutable)
      if (!reply.getHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
        reply.header('pragma', 'no-cache');
      }
    }
    return payload;
  });
}

/** Cache-Control of the build's content-hashed files (`assets/name-<hash>.js`): a new build has new names. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Caching headers of one web app file, set by @fastify/static before it sends it (the SPA fallback's
 * `index.html` included): the content-hashed files under `assets/` are {@link IMMUTABLE_CACHE};
 * everything else (`index.html`, which names the current hashes, `favicon.svg`, `strict-csp.js`) is
 * `no-cache`: the browser revalidates it (ETag / Last-Modified, a 304 when unchanged). Every file has
 * a `.br` and `.gz` copy chosen by Accept-Encoding, hence `Vary: Accept-Encoding` for shared caches.
 * @param res the raw answer
 * @param relativePath the file sent, relative to the web app's root (`assets/index-abc.js.br`)
 */
export function webFileHeaders(res: { setHeader(name: string, value: string): unknown }, relativePath: string) {
  const hashed = relativePath.split(/[\\/]/)[0] === 'assets';
  res.setHeader('cache-control', hashed ? IMMUTABLE_CACHE : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}
