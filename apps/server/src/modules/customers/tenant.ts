import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { findCustomerByHost, type Tenant } from './repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer served for the request's host (every /api route but /api/health). */
    customer: Tenant | null;
  }
}

/** API paths served without a tenant (load balancers probe them by address). */
export const TENANT_FREE_ROUTES = new Set(['/api/health']);

/**
 * onRequest step: resolves `req.customer` from the request's host only (`req.hostname`: the Host
 * header, or X-Forwarded-Host behind a trusted proxy; lower-cased, without port). Body fields and
 * tenant headers are never read. Unknown or disabled host → 404 CUSTOMER_NOT_FOUND.
 */
export async function resolveTenant(db: Kysely<DB>, req: FastifyRequest): Promise<void> {
  req.customer = null;
  if (TENANT_FREE_ROUTES.has(req.routeOptions.url ?? '')) return;
  const customer = await findCustomerByHost(db, req.hostname);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  req.customer = customer;
}

/** The customer of a request that went through `resolveTenant` (every tenant route). */
export function customerOf(req: FastifyRequest): Tenant {
  if (!req.customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return req.customer;
}
