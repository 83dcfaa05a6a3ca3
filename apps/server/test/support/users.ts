import argon2 from 'argon2';
import { PERMISSIONS } from '@overtone/contract';
import type { RunningServer } from '../../src/server.ts';
import { newId } from '../../src/infra/ids.ts';

/** The demo customer's id (the customer the tests reach on 127.0.0.1 / localhost). */
export async function demoCustomerId(server: RunningServer): Promise<string> {
  const c = await server.ctx.db.selectFrom('customers').select('id').where('name', '=', 'Demo Plant').executeTakeFirstOrThrow();
  return c.id;
}

/**
 * Inserts a user straight into the database (argon2id hash) with a role of its own holding
 * `permissions` (default: all). Defaults: demo customer, user type 'user', no second step, password
 * already chosen.
 */
export async function insertUser(
  server: RunningServer,
  u: {
    email: string;
    password: string;
    customerId?: string;
    name?: string;
    surname?: string;
    userType?: 'admin' | 'user';
    mfaEnabled?: boolean;
    passwordChanged?: boolean;
    permissions?: string[];
  },
): Promise<{ userId: string; customerId: string; roleId: string }> {
  const db = server.ctx.db;
  const customerId = u.customerId ?? (await demoCustomerId(server));
  const roleId = newId(),
    userId = newId();
  await db
    .insertInto('roles')
    .values({
      id: roleId,
      customer_id: customerId,
      name: `ROLE ${roleId}`,
      display_name: 'Test role',
      permissions: u.permissions ?? [...PERMISSIONS],
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: userId,
      customer_id: customerId,
      email: u.email,
      password_hash: await argon2.hash(u.password, { type: argon2.argon2id }),
      name: u.name ?? 'Test',
      surname: u.surname ?? 'User',
      phone: null,
      user_type: u.userType ?? 'user',
      role_id: roleId,
      mfa_enabled: u.mfaEnabled ?? false,
      password_changed: u.passwordChanged ?? true,
    })
    .execute();
  return { userId, customerId, roleId };
}
