import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TOKEN_HEADER } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** The authenticated caller of a request. Every tenant-owned query is scoped by `customerId`. */
export interface Auth {
  userId: string;
  customerId: string;
  userType: 'admin' | 'user';
  permissions: Set<string>;
  tokenHash: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 256-bit random session token; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(db: Kysely<DB>, userId: string, customerId: string, ttlHours: number) {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      customer_id: customerId,
      expires_at: new Date(Date.now() + ttlHours * 3600e3),
    })
    .execute();
  return token;
}

/** Resolves the `token` header to the caller, or null. */
export async function resolveAuth(db: Kysely<DB>, token: string | undefined): Promise<Auth | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select(['s.user_id', 's.customer_id', 's.expires_at', 'u.user_type', 'r.permissions'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.expires_at < new Date()) return null;
  return {
    userId: row.user_id,
    customerId: row.customer_id,
    userType: row.user_type,
    permissions: new Set(row.permissions ?? []),
    tokenHash,
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
