import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors.ts';
import { VALID_HOST } from './security-headers.ts';

/**
 * Signed, short-lived broker WebSocket URLs (`GET /iot/sigv4`). The query carries the customer,
 * the user, an expiry (epoch seconds) and an HMAC-SHA256 over them; any instance holding the key
 * can verify it, so nothing is kept in memory.
 */
export interface LiveUrlClaims {
  customerId: string;
  userId: string;
  expires: number;
}

const mac = (key: string, c: LiveUrlClaims) =>
  createHmac('sha256', key).update(`${c.customerId}.${c.userId}.${c.expires}`).digest('hex');

export function signLiveQuery(key: string, claims: LiveUrlClaims): string {
  const q = new URLSearchParams({
    customer: claims.customerId,
    user: claims.userId,
    expires: String(claims.expires),
    signature: mac(key, claims),
  });
  return q.toString();
}

/** @returns the claims, or null when the signature is wrong, missing or expired. */
export function verifyLiveQuery(key: string, query: URLSearchParams, nowS = Date.now() / 1000): LiveUrlClaims | null {
  const customerId = query.get('customer'),
    userId = query.get('user'),
    expires = Number(query.get('expires')),
    sig = query.get('signature');
  if (!customerId || !userId || !sig || !Number.isFinite(expires) || expires < nowS) return null;
  const want = Buffer.from(mac(key, { customerId, userId, expires }), 'hex');
  const got = Buffer.from(sig, 'hex');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  return { customerId, userId, expires };
}

/**
 * The broker WebSocket URL handed to a browser: `ws(s)://<host>/mqtt?<signed query>`.
 * @param req.host the request's host with port, as Fastify reads it: the Host header, or
 *   X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY); the tenant was resolved from the same
 *   host, so it is one of the customer's configured hosts
 * @param req.protocol `https` (own TLS, or X-Forwarded-Proto behind a trusted proxy) gives `wss`
 * @throws AppError VALIDATION (400) when the host is no valid host[:port]
 */
export function liveSocketUrl(req: { host: string; protocol: string }, query: string): string {
  if (!VALID_HOST.test(req.host)) throw new AppError('VALIDATION', 'host', 'invalidHost');
  return `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/mqtt?${query}`;
}
