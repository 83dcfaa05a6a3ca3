import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed GET URLs of stored objects, for what a browser loads without a token (`<img src>`): the
 * object's key, an expiry (Unix s) and an HMAC-SHA256 of both under the server's storage key, like
 * an S3 presigned GET. `purpose` is part of the signed text, so a URL signed for one route (point
 * images, measurement photos) is refused by another.
 */

const signature = (secret: string, purpose: string, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${purpose}\n${key}\n${expires}`).digest('base64url');

/**
 * @param path the route serving the objects (e.g. `/api/storage/object`)
 * @param ttlS how long the URL is valid, s
 * @param now the signing time, ms since the epoch
 * @returns `${path}?key=…&expires=…&signature=…`
 */
export function signObjectUrl(
  secret: string,
  purpose: string,
  path: string,
  key: string,
  ttlS: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + ttlS;
  return `${path}?${new URLSearchParams({ key, expires: String(expires), signature: signature(secret, purpose, key, expires) })}`;
}

/**
 * Whether a signed URL's query is genuine and not expired (constant-time comparison).
 * @param q.expires Unix s
 * @param now ms since the epoch
 */
export function verifyObjectUrl(
  secret: string,
  purpose: string,
  q: { key: string; expires: number; signature: string },
  now = Date.now(),
): boolean {
  if (q.expires * 1000 < now) return false;
  const want = Buffer.from(signature(secret, purpose, q.key, q.expires));
  const got = Buffer.from(q.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
