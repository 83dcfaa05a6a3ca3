import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, customer, customerPreferences, customerSummary, errorBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { findCustomerByHost } from './repo.ts';
import { PUBLIC } from '../auth/access.ts';

const params = z.object({ host: z.string().min(1).max(253) });

export async function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The customer served for `host` with its parsed preferences, or 404. */
  const served = async (host: string) => {
    const c = await findCustomerByHost(ctx.db, host);
    if (!c) throw new AppError('CUSTOMER_NOT_FOUND');
    return { id: c.id, name: c.name, preferences: customerPreferences.parse(c.preferences) };
  };

  r.get('/customer/:host', {
    config: { access: PUBLIC },
    schema: {
      tags: ['customers'],
      summary: 'The customer served for a host (public: the login page needs it)',
      params,
      response: { 200: customer, 404: errorBody },
    },
    handler: async (req) => {
      const c = await served(req.params.host);
      return { _id: c.id, name: c.name, preferences: c.preferences };
    },
  });

  r.get('/customer/:host/summary', {
    config: { access: PUBLIC },
    schema: {
      tags: ['customers'],
      summary: 'Name, logo and language of the customer served for a host',
      params,
      response: { 200: customerSummary, 404: errorBody },
    },
    handler: async (req) => {
      const { id, name, preferences } = await served(req.params.host);
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
}
