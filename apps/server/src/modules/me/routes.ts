import argon2 from 'argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage, translate } from '../../infra/i18n.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { authOf } from '../auth/access.ts';
import { assertAcceptablePassword, verifyPassword } from '../auth/password-check.ts';
import type { Auth } from '../auth/session.ts';
import { markSucceeded, reserveAttempt } from '../auth/throttle.ts';
import { ownAccount, ownCredentials, setOwnPassword, setUserGuidingShown } from './repo.ts';

/**
 * A voluntary password change proves the current password: checked like a login (the attempt is
 * reserved in the account's and the address's throttle first, auth/throttle.ts).
 * @throws AppError CURRENT_PASSWORD_REQUIRED / CURRENT_PASSWORD_WRONG (400, param `currentPassword`),
 *   TOO_MANY_ATTEMPTS (429)
 */
async function assertCurrentPassword(ctx: AppContext, req: FastifyRequest, auth: Auth, current: string | undefined) {
  if (!current) throw new AppError('CURRENT_PASSWORD_REQUIRED', 'currentPassword');
  const user = await ownCredentials(ctx.db, auth.customerId, auth.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const attempt = await reserveAttempt(ctx.db, { customerId: auth.customerId, email: user.email, ip: req.ip, kind: 'password' });
  if (!(await verifyPassword(user.password_hash, current))) throw new AppError('CURRENT_PASSWORD_WRONG', 'currentPassword');
  await markSucceeded(ctx.db, attempt);
}

/** The caller's own account: who they are, their password, the onboarding tour flag. */
export async function meRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getMe),
    handler: async (req) => {
      const auth = authOf(req);
      const u = await ownAccount(ctx.db, auth.customerId, auth.userId);
      if (!u) throw new AppError('UNAUTHORIZED');
      return {
        userId: u.id,
        name: u.name,
        surname: u.surname,
        email: u.email,
        role: u.user_type,
        roleName: u.role_name,
        permissions: [...auth.permissions],
        passwordChanged: u.password_changed,
        userGuidingShown: u.user_guiding_shown,
      };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.setMyPassword),
    handler: async (req) => {
      const auth = authOf(req);
      const customer = customerOf(req);
      const { password, currentPassword } = req.body;
      if (auth.purpose === 'session' && auth.passwordChanged) await assertCurrentPassword(ctx, req, auth, currentPassword);
      assertAcceptablePassword(password, customer.preferences.passwordPolicy);
      const hash = await argon2.hash(password, { type: argon2.argon2id });
      await setOwnPassword(ctx.db, auth.customerId, auth.userId, hash, auth.tokenHash);
      return { message: translate(resolveLanguage(req.headers[LANGUAGE_HEADER]), 'messages', 'passwordChanged') };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.setUserGuidingShown),
    handler: async (req) => {
      const auth = authOf(req);
      await setUserGuidingShown(ctx.db, auth.customerId, auth.userId, req.body.userGuidingShown);
      return { ok: true as const };
    },
  });
}
