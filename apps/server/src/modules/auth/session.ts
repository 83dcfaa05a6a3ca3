import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TOKEN_HEADER } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import type { SessionOfHost } from '../tenancy/repo.ts';

/** The authenticated caller of a request. Every tenant-owned query is scoped by `customerId`. */
export interface Auth {
  userId: string;
  customerId: string;
  userType: 'admin' | 'user';
  permissions: Set<string>;
  tokenHash: string;
  /** 'password_reset': the token of a reset link (it may only set the password, see access.ts). */
  purpose: 'session' | 'password_reset';
  /** false: the user must set a new password before anything else (spec 000 §2 route guard). */
  passwordChanged: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 256-bit random session token; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Stores a new token for the user (only its SHA-256) and returns it.
 * @param ttlHours lifetime in hours (a login session: SESSION_TTL_HOURS; a reset link: 1)
 * @param purpose 'session' (default) or 'password_reset' (a reset link's token)
 */
export async function createSession(
  db: Kysely<DB>,
  userId: string,
  customerId: string,
  ttlHours: number,
  purpose: 'session' | 'password_reset' = 'session',
) {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      customer_id: customerId,
      expires_at: new Date(Date.now() + ttlHours * 3600e3),
      purpose,
    })
    .execute();
  return token;
}

/** Deletes a user's tokens of one purpose (a new reset link replaces the earlier ones). */
export async function deleteUserSessions(db: Kysely<DB>, userId: string, purpose: 'session' | 'password_reset'): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

/** The hash of a request's token, or undefined when it has none or one no server ever issues (over 200 characters). */
export const requestTokenHash = (token: string | undefined) => (token && token.length <= 200 ? hashToken(token) : undefined);

/**
 * The caller of a request from its token's session, or null: no session, or an expired one. The
 * session was read with the request's customer (tenancy/repo.ts `findCustomerByHost` with the
 * token's hash), so a session is valid only on its own customer's hosts. Role and permissions are
 * read on every request, so an admin's change applies on the next one.
 */
export function authFromSession(row: SessionOfHost | undefined, tokenHash: string | undefined): Auth | null {
  if (!row || !tokenHash || row.expires_at < new Date()) return null;
  return {
    userId: row.user_id,
    customerId: row.customer_id,
    userType: row.user_type,
    permissions: new Set(row.permissions ?? []),
    tokenHash,
    purpose: row.purpose,
    passwordChanged: row.password_changed,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export const tokenOf = (req: FastifyRequest) => {
  const h = req.headers[TOKEN_HEADER];
  return typeof h === 'string' ? h : undefined;
};

/** Ends the session (or spends the reset link) of a token, by its SHA-256. */
export async function endSession(db: Kysely<DB>, tokenHash: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}
