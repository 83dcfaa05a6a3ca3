import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, type Language, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { resolveLanguage, translate } from '../../infra/i18n.ts';
import { customerOf, customerOrigin } from '../tenancy/tenant.ts';
import { reserveMail } from './mail-limit.ts';
import type { Tenant } from '../tenancy/repo.ts';
import { requireCaptcha } from './captcha.ts';
import { createSession, deleteUserSessions } from './session.ts';
import { findLoginUserByEmail, type LoginUser } from './session-answer.ts';

/** Lifetime of a reset link. */
export const RESET_TTL_HOURS = 1;

/**
 * `http(s)://<the customer's configured host>[:port]/forgotpassword?token=…` (the set-password page,
 * spec 000 §2). The host comes from `customers.hosts` (tenancy/tenant.ts `customerOrigin`), never
 * from the Host / X-Forwarded-Host text: a crafted header cannot send the token to another site.
 */
export const resetLink = (req: FastifyRequest, token: string) =>
  `${customerOrigin(req)}/forgotpassword?token=${encodeURIComponent(token)}`;

/**
 * Mails a reset link to the user: a `sessions` row with purpose 'password_reset' (1 h, single use:
 * deleted when the password is set). A new link replaces the user's earlier ones. Nothing is sent
 * (and the earlier link stays valid) when the account or the address `ip` has had its reset mails
 * (mail-limit.ts: 3 per account, 10 per address in 15 minutes).
 */
async function sendResetLink(
  ctx: AppContext,
  user: LoginUser,
  customer: Tenant,
  lang: Language,
  ip: string,
  link: (t: string) => string,
) {
  const quota = await reserveMail(ctx.db, { customerId: customer.id, email: user.email, ip, kind: 'password_reset' });
  if (!quota.ok) return;
  await deleteUserSessions(ctx.db, user.id, 'password_reset');
  const token = await createSession(ctx.db, user.id, customer.id, RESET_TTL_HOURS, 'password_reset');
  const params = { name: user.name, customer: customer.name, link: link(token), minutes: RESET_TTL_HOURS * 60 };
  await ctx.mailer.send({
    to: user.email,
    subject: translate(lang, 'mail', 'resetSubject', params),
    text: translate(lang, 'mail', 'resetText', params),
  });
}

export async function forgotPasswordRoutes(app: FastifyInstance, ctx: AppContext) {
  // Mails are sent after the answer (its timing must not tell known from unknown e-mails); a
  // closing server waits for the ones under way.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled(pending)));

  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(ENDPOINTS.requestPasswordReset),
    handler: async (req) => {
      const customer = customerOf(req);
      if (!req.body.reCaptcha) throw new AppError('CAPTCHA_MISSING', 'reCaptcha');
      if (req.params.customerId !== customer.id) throw new AppError('CUSTOMER_NOT_FOUND');
      await requireCaptcha(ctx, req.body.reCaptcha);
      const lang = resolveLanguage(req.headers[LANGUAGE_HEADER]);
      const user = await findLoginUserByEmail(ctx.db, customer.id, req.body.email);
      if (user) {
        const link = (t: string) => resetLink(req, t);
        const job = sendResetLink(ctx, user, customer, lang, req.ip, link)
          .catch((err: unknown) => req.log.error({ err }, 'password reset mail failed'))
          .finally(() => pending.delete(job));
        pending.add(job);
      }
      return { message: translate(lang, 'messages', 'forgotPasswordSent') };
    },
  });
}
