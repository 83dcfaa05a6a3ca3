import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language, MfaChallengeInfo, MfaPending, Session, VerifyMfaBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { translate } from '../../infra/i18n.ts';
import type { Tenant } from '../tenancy/repo.ts';
import { requireCaptcha } from './captcha.ts';
import { markSucceeded, reserveAttempt } from './throttle.ts';
import { reserveMail } from './mail-limit.ts';
import { findLoginUserById, issueSession, type LoginUser } from './session-answer.ts';
import { consumeChallenge, deleteChallenge, findChallenge, insertChallenge, reserveChallengeTry } from './mfa-repo.ts';

/** Second step by e-mailed code (issue 4): lifetime and tries of a pending login. */
export const MFA_TTL_MS = 10 * 60 * 1000;
export const MFA_MAX_TRIES = 5;

const codeKeys = new WeakMap<object, Buffer>();
/**
 * HMAC key of stored codes: derived from the server secret `captchaKey` (DATA_DIR/secrets.json or
 * CAPTCHA_HMAC_KEY) with HKDF-SHA256 under its own label, so it is shared by every instance.
 */
function codeKey(ctx: AppContext): Buffer {
  let key = codeKeys.get(ctx.secrets);
  if (!key)
    codeKeys.set(ctx.secrets, (key = Buffer.from(hkdfSync('sha256', ctx.secrets.captchaKey, 'overtone', 'mfa-code-hmac', 32))));
  return key;
}

/** HMAC-SHA256 of the code bound to its challenge: a code of one pending login never opens another. */
const codeHash = (ctx: AppContext, challengeId: string, code: string) =>
  createHmac('sha256', codeKey(ctx)).update(`${challengeId}:${code}`).digest('hex');

/** Six decimal digits, uniform, from the CSPRNG. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Starts the second step of a login whose password was right: stores a pending login (code as HMAC,
 * 10 minutes, 5 tries) and mails the code to the user in `lang`. The session is created only by a
 * correct `POST /auth/customer/verify-mfa`. Code mails are limited (mail-limit.ts: 3 per account, 10 per
 * address `ip` in 15 minutes).
 * @throws AppError MAIL_LIMIT (429, `Retry-After`) when a limit is reached: no challenge, no mail
 */
export async function startMfa(
  ctx: AppContext,
  user: LoginUser,
  customer: Tenant,
  lang: Language,
  ip: string,
): Promise<MfaPending> {
  const quota = await reserveMail(ctx.db, { customerId: customer.id, email: user.email, ip, kind: 'mfa_code' });
  if (!quota.ok) throw new AppError('MAIL_LIMIT').with({ headers: { 'retry-after': String(quota.retryAfterS) } });
  const id = randomBytes(18).toString('base64url');
  const code = newCode();
  await insertChallenge(ctx.db, {
    id,
    customerId: customer.id,
    userId: user.id,
    codeHash: codeHash(ctx, id, code),
    expiresAt: new Date(Date.now() + MFA_TTL_MS),
  });
  const params = { name: user.name, customer: customer.name, code, minutes: MFA_TTL_MS / 60000 };
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: translate(lang, 'mail', 'mfaSubject', params),
      text: translate(lang, 'mail', 'mfaText', params),
    });
  } catch (e) {
    await deleteChallenge(ctx.db, id);
    throw e;
  }
  return { requireMFAVerification: true, mfa_id: id, name: user.name, surname: user.surname };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Who a pending login belongs to (the second-step page shows the name) and when it expires.
 * @throws AppError MFA_EXPIRED when it is unknown (or another customer's), used, expired or out of tries
 */
export async function mfaChallengeInfo(ctx: AppContext, customerId: string, id: string): Promise<MfaChallengeInfo> {
  const row = await findChallenge(ctx.db, customerId, id);
  if (!row || row.consumed_at || row.expires_at <= new Date() || row.attempts >= MFA_MAX_TRIES) throw new AppError('MFA_EXPIRED');
  return { name: row.name, surname: row.surname, expiresAt: row.expires_at.toISOString() };
}

/**
 * The second step: checks the captcha, reserves the attempt (per address and per account: the
 * pending login's user; an unknown one counts against the address only), takes one of the pending
 * login's tries and compares the code; a right one consumes it and opens the session.
 * @throws AppError CAPTCHA_*, LOGIN_THROTTLED (throttle.ts), MFA_EXPIRED (unknown, used, expired),
 *   MFA_CODE_INVALID (a wrong code with tries left), MFA_TOO_MANY_TRIES (the last try was wrong: the
 *   pending login is used up)
 */
export async function verifyMfaCode(ctx: AppContext, customer: Tenant, body: VerifyMfaBody, ip: string): Promise<Session> {
  const { trnxId, code } = body;
  await requireCaptcha(ctx, body.reCaptcha);
  const owner = await findChallenge(ctx.db, customer.id, trnxId);
  const attempt = await reserveAttempt(ctx.db, {
    customerId: customer.id,
    email: owner?.email ?? '',
    ip,
    kind: 'mfa',
    account: Boolean(owner),
  });
  const row = await reserveChallengeTry(ctx.db, customer.id, trnxId, MFA_MAX_TRIES);
  // A failure needs no further record: the reservation counts as one until marked succeeded.
  if (!row) throw new AppError('MFA_EXPIRED');
  if (!sameHash(codeHash(ctx, trnxId, code), row.code_hash)) {
    if (row.attempts < MFA_MAX_TRIES) throw new AppError('MFA_CODE_INVALID');
    await consumeChallenge(ctx.db, trnxId);
    throw new AppError('MFA_TOO_MANY_TRIES');
  }
  const user = (await consumeChallenge(ctx.db, trnxId)) && (await findLoginUserById(ctx.db, customer.id, row.user_id));
  if (!user) throw new AppError('MFA_EXPIRED');
  await markSucceeded(ctx.db, attempt);
  return issueSession(ctx, user, customer.id);
}
