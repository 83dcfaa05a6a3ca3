import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { captchaChallenge, errorBody, loginBody, loginFailure, okBody, session, badRequestBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { consumeCaptcha, newChallenge } from './captcha.ts';
import { createSession } from './session.ts';
import { authOf, PUBLIC, SESSION } from './access.ts';
import { findCustomerByHost } from '../customers/repo.ts';

/** A verified hash of a random password: login with an unknown email costs the same time as with a known one. */
let dummyHash: Promise<string> | null = null;

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/auth/captcha', {
    config: { access: PUBLIC },
    schema: { tags: ['auth'], summary: 'New ALTCHA proof-of-work challenge', response: { 200: captchaChallenge } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return newChallenge(ctx.secrets.captchaKey);
    },
  });

  r.post('/auth/customer', {
    config: { access: PUBLIC },
    schema: {
      tags: ['auth'],
      summary: 'Log in to the customer served for `domain`',
      description: 'Checks the captcha (once), then the email and password (argon2id). Answers the session with a fresh token.',
      body: loginBody,
      response: { 200: session, 400: badRequestBody, 401: loginFailure, 404: errorBody },
    },
    handler: async (req, reply) => {
      const { domain, email, password, reCaptcha } = req.body;
      if (!reCaptcha) throw new AppError('CAPTCHA_MISSING', 'reCaptcha');
      const customer = await findCustomerByHost(ctx.db, domain);
      if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
      const captcha = await consumeCaptcha(ctx.db, ctx.secrets.captchaKey, reCaptcha);
      if (captcha !== 'ok') throw new AppError('CAPTCHA_INVALID', 'reCaptcha');
      const user = await ctx.db
        .selectFrom('users as u')
        .leftJoin('roles as r', 'r.id', 'u.role_id')
        .select([
          'u.id',
          'u.password_hash',
          'u.name',
          'u.surname',
          'u.user_type',
          'u.password_changed',
          'u.user_guiding_shown',
          'r.permissions',
        ])
        .where('u.customer_id', '=', customer.id)
        .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      const hash = user?.password_hash ?? (await (dummyHash ??= argon2.hash(Math.random().toString(36))));
      const ok = await argon2.verify(hash, password).catch(() => false);
      if (!user || !ok)
        return reply
          .status(401)
          .send({ message: 'Email or password is incorrect', code: 'WRONG_CREDENTIALS', wrongPassword: true });
      const token = await createSession(ctx.db, user.id, customer.id, ctx.config.sessionTtlHours);
      return {
        token,
        permissions: user.permissions ?? [],
        passwordChanged: user.password_changed,
        userId: user.id,
        name: user.name,
        surname: user.surname,
        role: user.user_type,
        userGuidingShown: user.user_guiding_shown,
        mfa_id: null,
      };
    },
  });

  r.post('/auth/logout', {
    config: { access: SESSION },
    schema: { tags: ['auth'], summary: 'End the current session', response: { 200: okBody } },
    handler: async (req) => {
      const auth = authOf(req);
      await ctx.db.deleteFrom('sessions').where('token_hash', '=', auth.tokenHash).execute();
      return { ok: true as const };
    },
  });

  r.post('/forgotpassword/:customerId', {
    config: { access: PUBLIC },
    schema: {
      tags: ['auth'],
      summary: 'Password reset request (arrives with the accounts issue)',
      params: z.object({ customerId: z.string() }),
      response: { 501: errorBody },
    },
    handler: async () => {
      throw new AppError('NOT_IMPLEMENTED');
    },
  });
}
