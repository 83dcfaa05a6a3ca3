import { randomBytes } from 'node:crypto';

/**
 * New 24-hex ObjectId-style id: 4 bytes of seconds since the epoch, then 8 random bytes, so ids
 * sort roughly by creation time (the protocol's `<objectId>`, senseway-gateway.md §2).
 */
export function newId(): string {
  const t = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return t + randomBytes(8).toString('hex');
}
