import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';

/**
 * ALTCHA proof-of-work captcha (self-hosted, https://altcha.org): default difficulty (the solver tries
 * up to this many numbers; CAPTCHA_MAX_NUMBER, config `captchaMaxNumber`) and lifetime.
 */
export const CAPTCHA_MAX_NUMBER = 100_000;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/** A new signed challenge; `maxNumber` sets its difficulty (default `CAPTCHA_MAX_NUMBER`). */
export function newChallenge(hmacKey: string, maxNumber = CAPTCHA_MAX_NUMBER) {
  return createChallenge({ hmacKey, maxNumber, expires: new Date(Date.now() + CAPTCHA_TTL_MS) });
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

/**
 * The captcha every public form sends (login, second step, forgot password): 400 CAPTCHA_MISSING
 * without one, 400 CAPTCHA_INVALID for a forged, expired or replayed one.
 */
export async function requireCaptcha(ctx: AppContext, payload: string | undefined): Promise<void> {
  if (!payload) throw new AppError('CAPTCHA_MISSING', 'reCaptcha');
  if ((await consumeCaptcha(ctx.db, ctx.secrets.captchaKey, payload)) !== 'ok')
    throw new AppError('CAPTCHA_INVALID', 'reCaptcha');
}
