import { createHmac, timingSafeEqual } from 'node:crypto';

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
