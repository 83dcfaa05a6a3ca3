import argon2 from 'argon2';
import { PERMISSIONS } from '@overtone/contract';
import type { RunningServer } from '../../src/server.ts';
import { newId } from '../../src/infra/ids.ts';
import { defaultPreferences } from '../../src/jobs/seed-demo.ts';

/** Creates a second customer (host `other.test`) with an all-permission admin, a gateway and a device. */
export async function createSecondTenant(server: RunningServer, password = 'Other-Password-1') {
  const db = server.ctx.db;
  const customerId = newId(),
    roleId = newId(),
    userId = newId();
  await db
    .insertInto('customers')
    .values({ id: customerId, name: 'Other Plant', hosts: ['other.test'], preferences: JSON.stringify(defaultPreferences()) })
    .execute();
  await db
    .insertInto('roles')
    .values({ id: roleId, customer_id: customerId, name: 'ADMIN', display_name: 'Administrator', permissions: [...PERMISSIONS] })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: userId,
      customer_id: customerId,
      email: 'admin@other.test',
      password_hash: await argon2.hash(password),
      name: 'Other',
      surname: 'Admin',
      phone: null,
      user_type: 'admin',
      role_id: roleId,
    })
    .execute();
  await db
    .insertInto('gateways')
    .values({ id: newId(), customer_id: customerId, mac: 'CA:B8:28:00:00:99', root: 'prod', last_seen_at: null })
    .execute();
  return { customerId, email: 'admin@other.test', password, domain: 'other.test' };
}
