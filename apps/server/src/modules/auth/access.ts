import type { FastifyRequest, RouteOptions } from 'fastify';
import type { EndpointAccess, Permission } from '@overtone/contract';
import { AppError } from '../../infra/errors.ts';
import type { Auth } from './session.ts';

/**
 * Who may call a route, declared on every API route as `config: { access }`:
 * - `{ public: true }`: anyone (login, captcha, customer lookup, health);
 * - `{ session: true }`: any logged-in user of the customer;
 * - `{ permission: [...] }`: a logged-in user whose role grants at least one of them;
 * - `{ shareToken: true }`: a share link's holder, no session: passed here like a public route, the
 *   token is checked by the share module's hook of the `/share/...` routes (modules/share/routes.ts,
 *   which registers every such route).
 * The server refuses a route that declares none (at registration), so no route can forget it. The
 * type is the contract's (`EndpointAccess`): the endpoint table declares it per operation.
 */
export type Access = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route stays open to a caller who must set a new password first (a reset link's token, or a
     * user whose passwordChanged is false): POST /me/password, GET /me, POST /auth/logout, the
     * customer lookups. Every other non-public route answers 403 PASSWORD_CHANGE_REQUIRED to them.
     */
    duringPasswordChange?: true;
    /**
     * Set by the share module on the routes it registers with its token check (modules/share/routes.ts):
     * a `{ shareToken: true }` route without it is refused (403), so a holder's operation registered
     * anywhere else can never be open to anyone.
     */
    shareTokenChecked?: true;
  }
}

export const PUBLIC: Access = { public: true };
export const SESSION: Access = { session: true };
export const needs = (...permission: Permission[]): Access => ({ permission });

/** onRoute check: every API route declares its access. */
export function assertRouteDeclaresAccess(route: RouteOptions, prefix: string) {
  if (!route.url.startsWith(prefix) || route.method === 'HEAD') return;
  if (!(route.config as { access?: Access } | undefined)?.access)
    throw new Error(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
}

/**
 * onRequest check, after the session was resolved: 401 without a session, 403
 * PASSWORD_CHANGE_REQUIRED for a caller who must set a new password first (unless the route allows
 * it, `config.duringPasswordChange`), 403 FORBIDDEN without a permission.
 */
export function enforceAccess(req: FastifyRequest) {
  if (req.is404) return;
  const config = req.routeOptions.config;
  const access = config.access;
  if (!access) throw new AppError('FORBIDDEN');
  if ('public' in access) return;
  if ('shareToken' in access) {
    if (!config.shareTokenChecked) throw new AppError('FORBIDDEN');
    return;
  }
  if (!req.auth) throw new AppError('UNAUTHORIZED');
  if (mustChangePassword(req.auth) && !config.duringPasswordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  if ('permission' in access && !access.permission.some((p) => req.auth!.permissions.has(p))) throw new AppError('FORBIDDEN');
}

/** A reset link's token, or a session whose user has not set their own password yet. */
export const mustChangePassword = (auth: Auth) => auth.purpose === 'password_reset' || !auth.passwordChanged;

/** The caller of a route whose access is not public (enforceAccess guarantees it). */
export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw new AppError('UNAUTHORIZED');
  return req.auth;
}
