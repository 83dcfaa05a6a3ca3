import type { RunningServer } from '../../src/server.ts';
import { newId } from '../../src/infra/ids.ts';
import { createCustomer } from '../../src/modules/customers/create.ts';

/** Host of the second tenant in API tests (send requests with `{ host: OTHER_HOST }`). */
export const OTHER_HOST = 'other.test';

/**
 * Creates a second customer served on `other.test` with the tenant code (`createCustomer`): an
 * all-permission admin (no second step, password already chosen), a gateway and nothing else.
 */
export async function createSecondTenant(server: RunningServer, password = 'Other-Password-1') {
  const db = server.ctx.db;
  const email = 'admin@other.test';
  const { customerId, userId } = await createCustomer(db, {
    name: 'Other Plant',
    hosts: [OTHER_HOST],
    admin: { email, name: 'Other', surname: 'Admin', password, mfaEnabled: false, passwordChanged: true },
  });
  await db
    .insertInto('gateways')
    .values({ id: newId(), customer_id: customerId, mac: 'CA:B8:28:00:00:99', root: 'prod', last_seen_at: null })
    .execute();
  return { customerId, userId, email, password, host: OTHER_HOST, domain: OTHER_HOST };
}
