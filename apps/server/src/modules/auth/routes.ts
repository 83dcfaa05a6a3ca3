import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  badRequestBody,
  captchaChallenge,
  errorBody,
  LANGUAGE_HEADER,
  loginAnswer,
  loginBody,
  loginFailure,
  okBody,
} from '@overtone/contract';
import { endSession } from './session.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { newChallenge, requireCaptcha } from './captcha.ts';
import { authOf, PUBLIC, SESSION } from './access.ts';
import { markSucceeded, reserveAttempt } from './throttle.ts';
import { verifyPassword } from './password-check.ts';
import { findLoginUserByEmail, issueSession } from './session-answer.ts';
import { mfaRoutes, startMfa } from './mfa.ts';
import { forgotPasswordRoutes } from './forgot-password.ts';

/** A verified hash of a random password: login with an unknown email costs the same time as with a known one. */
let dummyHash: Promise<string> | null = null;

/** Captcha, login (with its second step), logout and the forgot-password mail. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/auth/captcha', {
    config: { access: PUBLIC },
    schema: { tags: ['auth'], summary: 'New ALTCHA proof-of-work challenge', response: { 200: captchaChallenge } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return newChallenge(ctx.secrets.captchaKey, ctx.config.captchaMaxNumber);
    },
  });

  r.post('/auth/customer', {
    config: { access: PUBLIC },
    schema: {
      tags: ['auth'],
      summary: 'Log in to the customer served for the request host',
      description:
        'The customer comes from the request host only (`domain` is accepted and ignored). Checks the captcha (once), ' +
        'reserves the attempt in the throttle before the password is checked (5 failed passwords per account and 20 ' +
        'failures per address in 15 minutes, counted in the database, else 429 with `Retry-After`), then the email and password (argon2id; an unknown email answers exactly like a wrong ' +
        'password). Answers the session, or `requireMFAVerification` with `mfa_id` when the account has the second ' +
        'step: a 6-digit code is mailed in the request language (at most 3 code mails per account and 10 per ' +
        'address in 15 minutes, else 429 MAIL_LIMIT).',
      body: loginBody,
      response: { 200: loginAnswer, 400: badRequestBody, 401: loginFailure, 404: errorBody, 429: errorBody },
    },
    handler: async (req) => {
      const customer = customerOf(req);
      const { email, password } = req.body;
      await requireCaptcha(ctx, req.body.reCaptcha);
      // Reserved before the password is verified: concurrent guesses count against each other.
      const attempt = await reserveAttempt(ctx.db, { customerId: customer.id, email, ip: req.ip, kind: 'password' });
      const user = await findLoginUserByEmail(ctx.db, customer.id, email);
      const hash = user?.password_hash ?? (await (dummyHash ??= argon2.hash(Math.random().toString(36))));
      const ok = await verifyPassword(hash, password);
      if (!user || !ok) throw new AppError('WRONG_CREDENTIALS').with({ extra: { wrongPassword: true } });
      await markSucceeded(ctx.db, attempt);
      if (user.mfa_enabled) return startMfa(ctx, user, customer, resolveLanguage(req.headers[LANGUAGE_HEADER]), req.ip);
      return issueSession(ctx, user, customer.id);
    },
  });

  r.post('/auth/logout', {
    config: { access: SESSION, duringPasswordChange: true },
    schema: { tags: ['auth'], summary: 'End the current session (or spend a reset link)', response: { 200: okBody } },
    handler: async (req) => {
      const auth = authOf(req);
      await endSession(ctx.db, auth.tokenHash);
      return { ok: true as const };
    },
  });

  await mfaRoutes(app, ctx);
  await forgotPasswordRoutes(app, ctx);
}
