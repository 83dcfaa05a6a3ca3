import argon2 from 'argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  badRequestBody,
  errorBody,
  LANGUAGE_HEADER,
  me,
  mePasswordBody,
  messageBody,
  okBody,
  userGuidingBody,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage, translate } from '../../infra/i18n.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { authOf, SESSION } from '../auth/access.ts';
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

  r.get('/me', {
    config: { access: SESSION, duringPasswordChange: true },
    schema: {
      tags: ['me'],
      summary: 'The caller as the server sees them now',
      description: 'Role and permissions are read now: a change by an admin shows on the next call.',
      response: { 200: me },
    },
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

  r.post('/me/password', {
    config: { access: SESSION, duringPasswordChange: true },
    schema: {
      tags: ['me'],
      summary: 'Set a new password (session, or the token of a reset link)',
      description:
        'The password must satisfy the customer policy raised to the global floor (8 characters) and not be a common ' +
        'password (400 WEAK_PASSWORD / COMMON_PASSWORD). Stores an argon2id hash, marks the password as changed, ' +
        'spends the reset link and ends every other session of the user. A logged-in user who has chosen their ' +
        'password must also send `currentPassword` (400 CURRENT_PASSWORD_REQUIRED / CURRENT_PASSWORD_WRONG; wrong ones ' +
        'count as failed logins of the account: 429 TOO_MANY_ATTEMPTS); a reset link and the forced first change need none.',
      body: mePasswordBody,
      response: { 200: messageBody, 400: badRequestBody, 429: errorBody },
    },
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

  r.put('/me/user-guiding-shown', {
    config: { access: SESSION },
    schema: {
      tags: ['me'],
      summary: 'Record whether the onboarding tour was shown',
      body: userGuidingBody,
      response: { 200: okBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      await setUserGuidingShown(ctx.db, auth.customerId, auth.userId, req.body.userGuidingShown);
      return { ok: true as const };
    },
  });
}
