import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** ALTCHA proof-of-work captcha (self-hosted, https://altcha.org): challenge difficulty and lifetime. */
export const CAPTCHA_MAX_NUMBER = 100_000;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

export function newChallenge(hmacKey: string) {
  return createChallenge({ hmacKey, maxNumber: CAPTCHA_MAX_NUMBER, expires: new Date(Date.now() + CAPTCHA_TTL_MS) });
}

/**
 * Verifies an ALTCHA payload (base64 JSON from the widget) once: a valid payload is recorded by
 * its signature and a second use fails (replay protection).
 * @returns 'ok', 'invalid' (bad, expired or malformed) or 'replayed'
 */
export async function consumeCaptcha(db: Kysely<DB>, hmacKey: string, payload: string): Promise<'ok' | 'invalid' | 'replayed'> {
  const ok = await verifySolution(payload, hmacKey, true).catch(() => false);
  if (!ok) return 'invalid';
  const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature: string; salt: string };
  const expires = Number(extractParams(decoded as never).expires) * 1000 || Date.now() + CAPTCHA_TTL_MS;
  await db.deleteFrom('captcha_uses').where('expires_at', '<', new Date()).execute();
  const r = await db
    .insertInto('captcha_uses')
    .values({ signature: decoded.signature, expires_at: new Date(expires) })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1 ? 'ok' : 'replayed';
}
