import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { parseRequestHost, type RequestHost } from './hosts.ts';
import { findCustomerByHost, type SessionOfHost, type Tenant } from './repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer served for the request's host (every /api route but /api/health). */
    customer: Tenant | null;
  }
}

/** API paths served without a tenant (load balancers probe them by address). */
export const TENANT_FREE_ROUTES = new Set(['/api/health']);

const requestHosts = new WeakMap<FastifyRequest, RequestHost>();

/**
 * onRequest step: resolves `req.customer` from the request's host only (`req.host`: the Host
 * header, or X-Forwarded-Host behind a trusted proxy), parsed strictly (hosts.ts
 * `parseRequestHost`): a malformed host answers 400 HOST_INVALID and is never used. Body fields and
 * tenant headers are never read. Unknown or disabled host → 404 CUSTOMER_NOT_FOUND.
 * @param tokenHash the request token's hash: its session on this customer is read in the same round trip
 * @returns that session (auth/session.ts `authFromSession` makes the caller of it), or undefined
 */
export async function resolveTenant(db: Kysely<DB>, req: FastifyRequest, tokenHash?: string): Promise<SessionOfHost | undefined> {
  req.customer = null;
  if (TENANT_FREE_ROUTES.has(req.routeOptions.url ?? '')) return undefined;
  const host = parseRequestHost(req.host);
  if (!host) throw new AppError('HOST_INVALID');
  const found = await findCustomerByHost(db, host.hostname, tokenHash);
  if (!found) throw new AppError('CUSTOMER_NOT_FOUND');
  const { session, ...customer } = found;
  requestHosts.set(req, host);
  req.customer = customer;
  return session;
}

/** The customer of a request that went through `resolveTenant` (every tenant route). */
export function customerOf(req: FastifyRequest): Tenant {
  if (!req.customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return req.customer;
}

/**
 * The origin (`scheme://host[:port]`) of links the server mails for the request's customer (the
 * reset link). The host is the customer's configured host (`customers.hosts`, the one the request
 * was served on, else the first), never text copied from the Host / X-Forwarded-Host header; the
 * scheme is `https` when the connection (or a trusted proxy's X-Forwarded-Proto) says so, else
 * `http`; the port is the request's validated decimal port, omitted when it is the scheme's default.
 * @throws AppError CUSTOMER_NOT_FOUND for a request without a resolved customer
 */
export function customerOrigin(req: FastifyRequest): string {
  const customer = customerOf(req);
  const parsed = requestHosts.get(req);
  const host = customer.hosts.find((h) => h === parsed?.hostname) ?? customer.hosts[0]!;
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  const port = parsed?.port;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}
