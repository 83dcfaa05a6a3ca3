import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, ENDPOINTS } from '@overtone/contract';
import { endSession } from './session.ts';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { newChallenge, requireCaptcha } from './captcha.ts';
import { authOf } from './access.ts';
import { markSucceeded, reserveAttempt } from './throttle.ts';
import { verifyPassword } from './password-check.ts';
import { findLoginUserByEmail, issueSession } from './session-answer.ts';
import { startMfa } from './mfa.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { forgotPasswordRoutes } from './forgot-password.ts';

/** A verified hash of a random password: login with an unknown email costs the same time as with a known one. */
let dummyHash: Promise<string> | null = null;

/** Captcha, login (with its second step), logout and the forgot-password mail. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getCaptcha),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return newChallenge(ctx.secrets.captchaKey, ctx.config.captchaMaxNumber);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.login),
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

  r.route({
    ...routeOf(ENDPOINTS.logout),
    handler: async (req) => {
      const auth = authOf(req);
      await endSession(ctx.db, auth.tokenHash);
      return { ok: true as const };
    },
  });

  await mfaRoutes(app, ctx);
  await forgotPasswordRoutes(app, ctx);
}
