import { z } from 'zod';
import { customer, customerSummary } from '../customer.ts';
import { endpoint } from './endpoint.ts';

const params = z.object({ host: z.string().min(1).max(253) });

/**
 * The customer of a host (spec 000 §1). Server: modules/customers.
 */
export const CUSTOMER_ENDPOINTS = {
  getCustomerByHost: endpoint({
    method: 'GET',
    path: '/customer/:host',
    access: { session: true },
    duringPasswordChange: true,
    tags: ['customers'],
    summary: 'The full customer record (for a session of that customer)',
    description:
      '`host` must be a host of the customer the request host serves (else 404). Without a session of that customer ' +
      '401: the client then loads `/customer/{host}/summary` (spec 000 §2).',
    params: params,
    response: customer,
    errors: [401, 404],
  }),
  getCustomerSummaryByHost: endpoint({
    method: 'GET',
    path: '/customer/:host/summary',
    access: { public: true },
    tags: ['customers'],
    summary: 'Name, logo, languages and password policy of the customer (public: the login page needs it)',
    description: '`host` must be a host of the customer the request host serves (else 404).',
    params: params,
    response: customerSummary,
    errors: [404],
  }),
  getCustomerLogo: endpoint({
    method: 'GET',
    path: '/customer/:host/logo',
    access: { public: true },
    tags: ['customers'],
    summary: "The customer's logo (PNG, 40 px high; public: the login page shows it)",
    description:
      '`preferences.logo` links here with `?v=<hash>` of the image, so a versioned URL is cached for a year; ' +
      'without `v` for 5 minutes. 404 when the customer has no logo.',
    params: params,
    query: z.object({ v: z.string().max(64).optional() }),
    errors: [400, 404],
  }),
};
