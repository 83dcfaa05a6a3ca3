import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, errorBody, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { normalizeHost, type Tenant } from '../tenancy/repo.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { PUBLIC } from '../auth/access.ts';
import { logoKey } from '../preferences/logo.ts';

const params = z.object({ host: z.string().min(1).max(253) });

/** Object-storage key of a customer's logo (written by `PUT /preferences/logo`, 40 px high PNG). */

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

  // Without the zod type provider: the answer is the image itself, not a JSON body.
  app.get<{ Params: z.infer<typeof params>; Querystring: { v?: string } }>('/customer/:host/logo', {
    config: { access: PUBLIC },
    schema: {
      tags: ['customers'],
      summary: "The customer's logo (PNG, 40 px high; public: the login page shows it)",
      description:
        '`preferences.logo` links here with `?v=<hash>` of the image, so a versioned URL is cached for a year; ' +
        'without `v` for 5 minutes. 404 when the customer has no logo.',
      params,
      querystring: z.object({ v: z.string().max(64).optional() }),
      response: { 404: errorBody },
    },
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
