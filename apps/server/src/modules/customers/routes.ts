import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGES, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { normalizeHost, type Tenant } from '../tenancy/repo.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { logoKey } from '../preferences/logo.ts';

/** The request host's customer, when `host` is one of its hosts; else 404 (no customer sees another). */
function servedFor(req: FastifyRequest, host: string): Tenant {
  const c = customerOf(req);
  if (!c.hosts.includes(normalizeHost(host))) throw new AppError('CUSTOMER_NOT_FOUND');
  return c;
}

export async function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getCustomerByHost),
    handler: async (req) => {
      const c = servedFor(req, req.params.host);
      return { _id: c.id, name: c.name, preferences: c.preferences };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getCustomerSummaryByHost),
    handler: async (req) => {
      const { id, name, preferences } = servedFor(req, req.params.host);
      return {
        _id: id,
        name,
        logo: preferences.logo,
        preferedLanguage: preferences.localization.preferedLanguage,
        languages: [...LANGUAGES],
        passwordPolicy: preferences.passwordPolicy,
      };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getCustomerLogo),
    handler: async (req, reply) => {
      const c = servedFor(req, req.params.host);
      const png = await ctx.storage.get(logoKey(c.id));
      if (!png) throw new AppError('NOT_FOUND');
      reply
        .type('image/png')
        .header('cache-control', req.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('x-content-type-options', 'nosniff');
      return reply.send(Buffer.from(png));
    },
  });
}
