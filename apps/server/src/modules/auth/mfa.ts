import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Language, type MfaPending, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { translate } from '../../infra/i18n.ts';
import { customerOf } from '../tenancy/tenant.ts';
import type { Tenant } from '../tenancy/repo.ts';
import { requireCaptcha } from './captcha.ts';
import { markSucceeded, reserveAttempt } from './throttle.ts';
import { reserveMail } from './mail-limit.ts';
import { findLoginUserById, issueSession, type LoginUser } from './session-answer.ts';

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
  await ctx.db
    .insertInto('mfa_challenges')
    .values({
      id,
      customer_id: customer.id,
      user_id: user.id,
      code_hash: codeHash(ctx, id, code),
      expires_at: new Date(Date.now() + MFA_TTL_MS),
    })
    .execute();
  const params = { name: user.name, customer: customer.name, code, minutes: MFA_TTL_MS / 60000 };
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: translate(lang, 'mail', 'mfaSubject', params),
      text: translate(lang, 'mail', 'mfaText', params),
    });
  } catch (e) {
    await ctx.db.deleteFrom('mfa_challenges').where('id', '=', id).execute();
    throw e;
  }
  return { requireMFAVerification: true, mfa_id: id, name: user.name, surname: user.surname };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function mfaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getMfaChallenge),
    handler: async (req) => {
      const customer = customerOf(req);
      const row = await ctx.db
        .selectFrom('mfa_challenges as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['u.name', 'u.surname', 'c.expires_at', 'c.consumed_at', 'c.attempts'])
        .where('c.id', '=', req.params.id)
        .where('c.customer_id', '=', customer.id)
        .executeTakeFirst();
      if (!row || row.consumed_at || row.expires_at <= new Date() || row.attempts >= MFA_MAX_TRIES)
        throw new AppError('MFA_EXPIRED');
      return { name: row.name, surname: row.surname, expiresAt: row.expires_at.toISOString() };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.verifyMfa),
    handler: async (req) => {
      const customer = customerOf(req);
      const { trnxId, code } = req.body;
      await requireCaptcha(ctx, req.body.reCaptcha);
      // The attempt is reserved before the code is compared, per address and per account (the
      // pending login's user; an unknown one counts against the address only).
      const owner = await ctx.db
        .selectFrom('mfa_challenges as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select('u.email')
        .where('c.id', '=', trnxId)
        .where('c.customer_id', '=', customer.id)
        .executeTakeFirst();
      const attempt = await reserveAttempt(ctx.db, {
        customerId: customer.id,
        email: owner?.email ?? '',
        ip: req.ip,
        kind: 'mfa',
        account: Boolean(owner),
      });
      // Reserve one try atomically: concurrent guesses never get more than MFA_MAX_TRIES comparisons.
      const row = await ctx.db
        .updateTable('mfa_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', trnxId)
        .where('customer_id', '=', customer.id)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', new Date())
        .where('attempts', '<', MFA_MAX_TRIES)
        .returning(['attempts', 'code_hash', 'user_id'])
        .executeTakeFirst();
      // A failure needs no further record: the reservation counts as one until marked succeeded.
      if (!row) throw new AppError('MFA_EXPIRED');
      if (!sameHash(codeHash(ctx, trnxId, code), row.code_hash)) {
        if (row.attempts < MFA_MAX_TRIES) throw new AppError('MFA_CODE_INVALID');
        await ctx.db.updateTable('mfa_challenges').set({ consumed_at: new Date() }).where('id', '=', trnxId).execute();
        throw new AppError('MFA_TOO_MANY_TRIES');
      }
      const consumed = await ctx.db
        .updateTable('mfa_challenges')
        .set({ consumed_at: new Date() })
        .where('id', '=', trnxId)
        .where('consumed_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      const user = consumed && (await findLoginUserById(ctx.db, customer.id, row.user_id));
      if (!user) throw new AppError('MFA_EXPIRED');
      await markSucceeded(ctx.db, attempt);
      return issueSession(ctx, user, customer.id);
    },
  });
}
