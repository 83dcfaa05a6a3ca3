import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGateway, removeGateway } from '../src/modules/gateways/registration.ts';
import { findGateway } from '../src/modules/devices/repo.ts';
import { AppError } from '../src/infra/errors.ts';
import { startTestServer } from './support/test-server.ts';
import { demoCustomerId } from './support/users.ts';
import { createSecondTenant } from './support/second-tenant.ts';

/**
 * Gateway registration's rules, called as the service (modules/gateways/registration.ts) on the real
 * database and broker, without HTTP: one owner per MAC, credentials issued and revoked with the
 * gateway, devices released on removal. The HTTP side is gateways.test.ts.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let demoId: string;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  demoId = await demoCustomerId(server);
  adminId = (await server.ctx.db.selectFrom('users').select('id').where('customer_id', '=', demoId).executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

const MAC = 'CA:B8:28:00:0A:01';
const registration = (customerId: string, userId: string, mac = MAC) => ({
  customerId,
  userId,
  mac,
  root: 'prod',
  hostname: 'localhost',
});

describe('registerGateway / removeGateway', () => {
  it('registers a gateway with its credentials, once: the same MAC again, for anyone, is DEVICE_REGISTERED', async () => {
    const g = await registerGateway(server.ctx, registration(demoId, adminId));
    expect(g.credentials.username).toBe(MAC);
    expect(g.credentials.password.length).toBeGreaterThanOrEqual(16);
    expect((await findGateway(server.ctx.db, demoId, MAC))?.id).toBe(g._id);
    const other = await createSecondTenant(server);
    const again = registerGateway(server.ctx, registration(other.customerId, other.userId));
    await expect(again).rejects.toBeInstanceOf(AppError);
    await expect(again).rejects.toMatchObject({ code: 'DEVICE_REGISTERED' });
    expect(await findGateway(server.ctx.db, other.customerId, MAC)).toBeUndefined();
  });

  it('removes it: its devices stay registered without it, its credentials are revoked', async () => {
    const gw = (await findGateway(server.ctx.db, demoId, MAC))!;
    await server.ctx.db
      .insertInto('devices')
      .values({ id: 'dev-reg-1', customer_id: demoId, mac: 'CA:B8:31:00:0A:01', type: 'WIRED', gateway_mac: MAC })
      .execute();
    const credentials = () => server.ctx.db.selectFrom('edge_credentials').select('mac').where('mac', '=', MAC).execute();
    expect(await credentials()).toHaveLength(1);
    await removeGateway(server.ctx, demoId, gw);
    expect(await findGateway(server.ctx.db, demoId, MAC)).toBeUndefined();
    const device = await server.ctx.db
      .selectFrom('devices')
      .select('gateway_mac')
      .where('id', '=', 'dev-reg-1')
      .executeTakeFirstOrThrow();
    expect(device.gateway_mac).toBeNull();
    expect(await credentials()).toEqual([]); // its MQTT identity is gone
    // the MAC is free again
    const g = await registerGateway(server.ctx, registration(demoId, adminId));
    expect((await findGateway(server.ctx.db, demoId, MAC))?.id).toBe(g._id);
  });
});
