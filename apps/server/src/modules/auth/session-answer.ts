import type { Kysely } from 'kysely';
import type { Session } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import { createSession } from './session.ts';

/** A user as the login needs them (password hash, second step, what the session answer shows). */
export interface LoginUser {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  surname: string;
  user_type: 'admin' | 'user';
  password_changed: boolean;
  user_guiding_shown: boolean;
  mfa_enabled: boolean;
  permissions: string[] | null;
}

const loginUserQuery = (db: Kysely<DB>, customerId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.email',
      'u.password_hash',
      'u.name',
      'u.surname',
      'u.user_type',
      'u.password_changed',
      'u.user_guiding_shown',
      'u.mfa_enabled',
      'r.permissions',
    ])
    .where('u.customer_id', '=', customerId);

/** The customer's user with this e-mail (case-insensitive), or undefined. */
export const findLoginUserByEmail = (db: Kysely<DB>, customerId: string, email: string): Promise<LoginUser | undefined> =>
  loginUserQuery(db, customerId)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();

/** The customer's user with this id, or undefined. */
export const findLoginUserById = (db: Kysely<DB>, customerId: string, id: string): Promise<LoginUser | undefined> =>
  loginUserQuery(db, customerId).where('u.id', '=', id).executeTakeFirst();

/** Opens a session for the user and answers it as the client stores it (spec 000 §3 "Session"). */
export async function issueSession(ctx: AppContext, user: LoginUser, customerId: string): Promise<Session> {
  const token = await createSession(ctx.db, user.id, customerId, ctx.config.sessionTtlHours);
  return {
    token,
    permissions: user.permissions ?? [],
    passwordChanged: user.password_changed,
    userId: user.id,
    name: user.name,
    surname: user.surname,
    role: user.user_type,
    userGuidingShown: user.user_guiding_shown,
    mfa_id: null,
    requireMFAVerification: false,
  };
}
