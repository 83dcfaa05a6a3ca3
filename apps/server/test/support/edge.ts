import type { AppContext } from '../../src/context.ts';
import { issueEdgeCredentials } from '../../src/modules/edge/credentials.ts';
import { SERVER_MQTT_USER } from '../../src/infra/broker.ts';

/**
 * Credentials issued per server context and MAC, as promises: issuing again would rotate them and
 * disconnect the holder, so parallel first uses share one issue.
 */
const issued = new WeakMap<AppContext, Map<string, Promise<{ username: string; password: string }>>>();

/**
 * MQTT credentials of a gateway (or Duck) or trigger of the test server, issued through the same
 * service as `POST /gateway/{id}/credentials` (an admin's action), for the customer that registered
 * the MAC. Issued once per server and MAC, then reused.
 * @throws Error when no customer registered the MAC as a gateway or trigger
 */
export function edgeCredentialsFor(server: { ctx: AppContext }, mac: string): Promise<{ username: string; password: string }> {
  const m = mac.toUpperCase();
  const perServer = issued.get(server.ctx) ?? new Map<string, Promise<{ username: string; password: string }>>();
  issued.set(server.ctx, perServer);
  const known = perServer.get(m);
  if (known) return known;
  const p = issue(server.ctx, m);
  perServer.set(m, p);
  p.catch(() => perServer.delete(m));
  return p;
}

async function issue(ctx: AppContext, m: string): Promise<{ username: string; password: string }> {
  const db = ctx.db;
  const gw = await db.selectFrom('gateways').select('customer_id').where('mac', '=', m).executeTakeFirst();
  const dev = gw ? undefined : await db.selectFrom('devices').select('customer_id').where('mac', '=', m).executeTakeFirst();
  const customerId = gw?.customer_id ?? dev?.customer_id;
  if (!customerId) throw new Error(`${m} is registered by no customer: register the gateway first`);
  const c = await issueEdgeCredentials(ctx, {
    customerId,
    mac: m,
    kind: gw ? 'GATEWAY' : 'TRIGGER',
    userId: null,
    hostname: 'localhost',
  });
  return { username: c.username, password: c.password };
}

/** `{MAC: secret}` for a simulated plant's `credentials` option (every MAC must be registered). */
export async function plantCredentialsFor(server: { ctx: AppContext }, macs: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const mac of macs) out[mac.toUpperCase()] = (await edgeCredentialsFor(server, mac)).password;
  return out;
}

/**
 * Credentials for every MAC of a simulated plant that a customer registered (gateways, Ducks,
 * triggers); the others are left out and connect without credentials (the broker refuses them).
 */
export async function registeredPlantCredentials(server: { ctx: AppContext }, macs: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const mac of macs) {
    const m = mac.toUpperCase();
    const registered =
      (await server.ctx.db.selectFrom('gateways').select('mac').where('mac', '=', m).executeTakeFirst()) ??
      (m.startsWith('CA:B8:25')
        ? await server.ctx.db.selectFrom('devices').select('mac').where('mac', '=', m).executeTakeFirst()
        : undefined);
    if (registered) out[m] = (await edgeCredentialsFor(server, m)).password;
  }
  return out;
}

/**
 * Options to connect as the server's own MQTT user (sees and may publish everything): for tests
 * that watch what the server publishes to gateways, or publish as a stand-in for the server.
 */
export const serverMqttOptions = (server: { ctx: AppContext }) => ({
  username: SERVER_MQTT_USER,
  password: server.ctx.secrets.brokerServerPassword,
});

/**
 * A simulated plant's `credentials` resolver for a test server: the credentials of each MAC a
 * customer registered (issued once per server), nothing for the others.
 */
export const plantCredentials =
  (server: { ctx: AppContext }) =>
  async (mac: string): Promise<string | undefined> =>
    (await registeredPlantCredentials(server, [mac]))[mac.toUpperCase()];
