import fs from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/infra/config.ts';
import { openDatabase, type Database } from '../src/infra/db/database.ts';
import { migrate } from '../src/infra/db/migrate.ts';
import { newId } from '../src/infra/ids.ts';
import { connectServerMqtt, type ServerMqtt } from '../src/infra/mqtt-client.ts';
import { issueEdgeCredentials, revokeEdgeCredentials } from '../src/modules/edge/credentials.ts';
import { edgeSecretSha256 } from '../src/modules/edge/edge-directory.ts';
import { createMosquittoDynsec, type MosquittoDynsec } from '../src/modules/edge/mosquitto-dynsec.ts';
import { edgeRoleName, SERVER_ROLE } from '../src/modules/edge/dynsec-commands.ts';
import { storeEdgeSecret } from '../src/modules/edge/repo.ts';
import { TEMPLATE_FILE } from './support/constants.ts';
import { mosquittoMissing, startMosquitto, type TestMosquitto } from './support/mosquitto.ts';

/**
 * The device edge on an external Mosquitto 2 with the dynamic-security plugin, managed by the
 * server (modules/edge/mosquitto-dynsec.ts; docs/operations.md "External MQTT broker (Mosquitto 2)"):
 * the same credentials and deny-by-default topics as the embedded broker. A real mosquitto (Debian's
 * package; `npm test` installs it) and the real embedded database from the test template.
 *
 * Mosquitto 2 acknowledges a forbidden PUBLISH and drops it, so what a gateway may publish is told by
 * what the server's subscriber receives: each check publishes the candidate, then an allowed "fence"
 * message, and waits for the fence (a client's messages are routed in order).
 */
const missing = mosquittoMissing();
if (missing) console.warn(`edge-mosquitto tests skipped: ${missing}`);

const GW_A = 'CA:B8:28:00:0A:01';
const GW_A2 = 'CA:B8:28:00:0A:02';
const GW_B = 'CA:B8:28:00:0B:01';
const DEV_A1 = 'CA:B8:31:00:0A:01';
const DEV_A2 = 'CA:B8:31:00:0A:02';
const DEV_B1 = 'CA:B8:31:00:0B:01';
const OBJ = '0123456789abcdef01234567';

let mosq: TestMosquitto;
let database: Database;
let server: ServerMqtt;
let dynsec: MosquittoDynsec;
let customerA: string;
let customerB: string;
let secondAdminUrl: string;
const seen: string[] = [];
const clients: MqttClient[] = [];
const config = loadConfig({ DATA_DIR: '/tmp/unused' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const connect = async (opts: mqtt.IClientOptions) => {
  const c = await mqtt.connectAsync(mosq.url, { reconnectPeriod: 0, connectTimeout: 5000, protocolVersion: 4, ...opts });
  clients.push(c);
  return c;
};
/** The CONNACK return code of a refused connection (MQTT 3.1.1 §3.2.2.3), or 0 when accepted. */
const connackCode = async (opts: mqtt.IClientOptions) => {
  try {
    await (await connect(opts)).endAsync();
    return 0;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
};
const issue = async (customerId: string, mac: string) =>
  (
    await issueEdgeCredentials(
      { db: database.db, edge: dynsec, config },
      { customerId, mac, kind: 'GATEWAY', userId: null, hostname: 'localhost' },
    )
  ).password;
const asGateway = (mac: string, password: string, clientId = `sim-${newId()}`) => connect({ username: mac, password, clientId });

let fences = 0;
/** Publishes `topic` as `c`, then an allowed fence; true when the server received `topic` before the fence. */
async function delivered(c: MqttClient, topic: string, fenceTopic: string): Promise<boolean> {
  if (!c.connected) throw new Error('the gateway is not connected');
  const start = seen.length;
  await c.publishAsync(topic, 'x', { qos: 1 });
  const fence = `${fenceTopic}`;
  const marker = `fence-${++fences}`;
  await c.publishAsync(fence, marker, { qos: 1 });
  const end = Date.now() + 5000;
  while (!seen.slice(start).includes(`${fence} ${marker}`)) {
    if (Date.now() > end) throw new Error(`the fence ${fence} never arrived: is ${fence} allowed?`);
    await sleep(10);
  }
  return seen.slice(start).some((s) => s.startsWith(`${topic} `));
}
/** Messages `c` receives on `filter` while `fn` runs (plus a moment). */
async function received(c: MqttClient, fn: () => Promise<void>): Promise<string[]> {
  const got: string[] = [];
  const h = (t: string) => got.push(t);
  c.on('message', h);
  await fn();
  await sleep(300);
  c.off('message', h);
  return got;
}

describe.skipIf(Boolean(missing))('the device edge on Mosquitto 2 (dynamic-security)', () => {
  let secretA: string;
  let secretB: string;
  let gwA: MqttClient;

  beforeAll(async () => {
    mosq = await startMosquitto();
    database = await openDatabase({ databaseUrl: null, dataDir: null, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]) });
    await migrate(database);
    const db = database.db;
    customerA = newId();
    customerB = newId();
    await db
      .insertInto('customers')
      .values([
        { id: customerA, name: 'Mosquitto A', hosts: ['mosq-a.test'], preferences: JSON.stringify({}) },
        { id: customerB, name: 'Mosquitto B', hosts: ['mosq-b.test'], preferences: JSON.stringify({}) },
      ])
      .execute();
    await db
      .insertInto('gateways')
      .values([
        { id: newId(), customer_id: customerA, mac: GW_A, root: 'prod', last_seen_at: null },
        { id: newId(), customer_id: customerA, mac: GW_A2, root: 'prod', last_seen_at: null },
        { id: newId(), customer_id: customerB, mac: GW_B, root: 'prod', last_seen_at: null },
      ])
      .execute();
    const dev = (customer_id: string, mac: string) => ({
      id: newId(),
      customer_id,
      mac,
      type: 'SENSEWAY',
      point_id: null,
      gateway_mac: null,
      profile: null,
    });
    await db
      .insertInto('devices')
      .values([dev(customerA, DEV_A1), dev(customerB, DEV_B1)])
      .execute();

    // a second instance's user, before the first connects (client ids are usernames)
    secondAdminUrl = mosq.addAdmin('overtone-b');
    // The server's own client, as server.ts connects it: MQTT_URL with the dynsec admin's credentials.
    server = await connectServerMqtt(mosq.adminUrl, { clientId: 'overtone-server-test', reconnectPeriod: 200 });
    dynsec = createMosquittoDynsec({
      client: server.client,
      db,
      roots: ['prod', 'lake'],
      username: mosq.adminUser,
      timeoutMs: 5000,
    });
    server.onMessage((t, p) => seen.push(`${t} ${p.toString()}`));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    dynsec?.close();
    await server?.close().catch(() => {});
    await database?.close();
    await mosq?.stop();
  });

  it('sync gives the server its role, denies by default, and the server still subscribes to every Senseway topic', async () => {
    const report = await dynsec.sync();
    expect(report.needRotation).toEqual([]);
    const [client, access] = await dynsec.run([
      { command: 'getClient', username: mosq.adminUser },
      { command: 'getDefaultACLAccess' },
    ]);
    expect(JSON.stringify(client.data)).toContain(SERVER_ROLE);
    expect(access.data).toEqual({
      acls: expect.arrayContaining([
        { acltype: 'publishClientSend', allow: false },
        { acltype: 'publishClientReceive', allow: false },
        { acltype: 'subscribe', allow: false },
      ]),
    });
    await server.subscribe(['prod/gateway/#', 'prod/device/+/measure/+/chunk/+', 'prod/trigger/+/event', 'lake/gateway/#']);
    // a second sync changes nothing and does not disconnect the server again
    let closed = false;
    server.client.once('close', () => (closed = true));
    expect(await dynsec.sync()).toEqual({ rolesWritten: 0, removed: [], needRotation: [] });
    expect(closed).toBe(false);
  });

  it('refuses anonymous clients, unknown usernames and wrong passwords', async () => {
    expect(await connackCode({ clientId: 'anon' })).not.toBe(0);
    secretA = await issue(customerA, GW_A);
    secretB = await issue(customerB, GW_B);
    expect(await connackCode({ username: GW_A, password: 'wrong-' + secretA, clientId: 'x1' })).not.toBe(0);
    expect(await connackCode({ username: 'CA:B8:28:00:0C:01', password: secretA, clientId: 'x2' })).not.toBe(0);
  });

  it('lets a gateway publish its own replies and its customer’s chunks, and nothing else', async () => {
    gwA = await asGateway(GW_A, secretA);
    const fence = `prod/gateway/${GW_A}/scanDevice`;
    expect(await delivered(gwA, `prod/device/${DEV_A1}/measure/${OBJ}/chunk/0`, fence)).toBe(true);
    expect(await delivered(gwA, `prod/gateway/${GW_A}/device/${DEV_A1}/measure/${OBJ}/accepted`, fence)).toBe(true);
    expect(await delivered(gwA, `prod/gateway/${GW_A}/client/SENSEWAY/version/accepted`, fence)).toBe(true);
    // another customer's device, another gateway, commands (only the server sends those), $SYS, $CONTROL
    for (const t of [
      `prod/device/${DEV_B1}/measure/${OBJ}/chunk/0`,
      `prod/gateway/${GW_B}/scanDevice`,
      `prod/gateway/${GW_B}/device/${DEV_B1}/measure/${OBJ}/done`,
      `prod/gateway/${GW_A}/device/${DEV_A1}/measure/${OBJ}`,
      `prod/gateway/${GW_A}/device/${DEV_A1}/ota`,
      `prod/gateway/${GW_A}/sleep`,
      `prod/gateway/${GW_A2}/scanDevice`,
    ])
      expect(await delivered(gwA, t, fence), t).toBe(false);
    const [before] = await dynsec.run([{ command: 'listClients', verbose: false, count: -1, offset: 0 }]);
    await gwA.publishAsync(
      '$CONTROL/dynamic-security/v1',
      JSON.stringify({ commands: [{ command: 'deleteClient', username: mosq.adminUser }] }),
      {
        qos: 1,
      },
    );
    await sleep(200);
    const [after] = await dynsec.run([{ command: 'listClients', verbose: false, count: -1, offset: 0 }]);
    expect(after.data).toEqual(before.data);
  });

  it('keeps a gateway’s subscriptions below its own topics and delivers it nothing else', async () => {
    await expect(gwA.subscribeAsync('#', { qos: 1 })).rejects.toThrow();
    await expect(gwA.subscribeAsync('$SYS/#', { qos: 1 })).rejects.toThrow();
    await expect(gwA.subscribeAsync(`prod/gateway/${GW_B}/#`, { qos: 1 })).rejects.toThrow();
    await expect(gwA.subscribeAsync('prod/device/+/measure/+/chunk/+', { qos: 1 })).rejects.toThrow();
    const granted = await gwA.subscribeAsync(`prod/gateway/${GW_A}/#`, { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1]);
    const got = await received(gwA, async () => {
      await server.publish(`prod/gateway/${GW_A}/device/${DEV_A1}/measure/${OBJ}`, '{}');
      await server.publish(`prod/gateway/${GW_B}/device/${DEV_B1}/measure/${OBJ}`, '{}');
      const gwB = await asGateway(GW_B, secretB);
      await gwB.publishAsync(`prod/gateway/${GW_B}/scanDevice`, '[]', { qos: 1 });
    });
    expect(got).toEqual([`prod/gateway/${GW_A}/device/${DEV_A1}/measure/${OBJ}`]);
  });

  it('does not let a gateway take over the server’s client id', async () => {
    let serverClosed = false;
    server.client.once('close', () => (serverClosed = true));
    const squatter = await asGateway(GW_B, secretB, 'overtone-server-test');
    await sleep(300);
    expect(serverClosed).toBe(false);
    expect(server.connected()).toBe(true);
    expect(gwA.connected).toBe(true);
    await squatter.endAsync();
  });

  it('allows a newly registered device’s chunks once the scope changed, without disconnecting the gateway', async () => {
    const fence = `prod/gateway/${GW_A}/scanDevice`;
    const chunk = `prod/device/${DEV_A2}/measure/${OBJ}/chunk/0`;
    expect(await delivered(gwA, chunk, fence)).toBe(false);
    await database.db
      .insertInto('devices')
      .values({
        id: newId(),
        customer_id: customerA,
        mac: DEV_A2,
        type: 'SENSEWAY',
        point_id: null,
        gateway_mac: null,
        profile: null,
      })
      .execute();
    let closed = false;
    gwA.once('close', () => (closed = true));
    const droppedAt = async () =>
      (await database.db.selectFrom('gateways').select('connection_dropped_at').where('mac', '=', GW_A).executeTakeFirstOrThrow())
        .connection_dropped_at;
    expect(await droppedAt()).toBeNull();
    await dynsec.scopeChanged(customerA);
    // Mosquitto may disconnect the holders of a changed role: noted, so lost commands are sent again
    expect(await droppedAt()).not.toBeNull();
    expect(await delivered(gwA, chunk, fence)).toBe(true);
    expect(await delivered(gwA, `prod/gateway/${GW_A}/device/${DEV_A2}/measure/${OBJ}/done`, fence)).toBe(true);
    expect(closed).toBe(false);
    // and the other customer's gateway still may not
    const gwB = await asGateway(GW_B, secretB);
    expect(await delivered(gwB, chunk, `prod/gateway/${GW_B}/scanDevice`)).toBe(false);
  });

  it('lets a trigger publish only its own event, and its customer’s gateways relay it', async () => {
    const TRIGGER = 'CA:B8:25:00:0A:01';
    await database.db
      .insertInto('devices')
      .values({
        id: newId(),
        customer_id: customerA,
        mac: TRIGGER,
        type: 'TRIGGER',
        point_id: null,
        gateway_mac: null,
        profile: null,
      })
      .execute();
    await dynsec.scopeChanged(customerA);
    const secret = (
      await issueEdgeCredentials(
        { db: database.db, edge: dynsec, config },
        { customerId: customerA, mac: TRIGGER, kind: 'TRIGGER', userId: null, hostname: 'localhost' },
      )
    ).password;
    const trigger = await asGateway(TRIGGER, secret);
    const own = `prod/trigger/${TRIGGER}/event`;
    expect(await delivered(trigger, `prod/trigger/CA:B8:25:00:0B:01/event`, own)).toBe(false);
    expect(await delivered(trigger, `prod/device/${DEV_A1}/measure/${OBJ}/chunk/0`, own)).toBe(false);
    expect(await delivered(trigger, `prod/gateway/${GW_A}/scanDevice`, own)).toBe(false);
    expect(await delivered(gwA, own, `prod/gateway/${GW_A}/scanDevice`)).toBe(true);
    expect(await delivered(gwA, `prod/trigger/CA:B8:25:00:0B:01/event`, `prod/gateway/${GW_A}/scanDevice`)).toBe(false);
    await expect(trigger.subscribeAsync(`prod/gateway/${GW_A}/#`, { qos: 1 })).rejects.toThrow();
    expect((await trigger.subscribeAsync(`prod/trigger/${TRIGGER}/#`, { qos: 1 })).map((g) => g.qos)).toEqual([1]);
  });

  it('rotating the secret disconnects the old session and refuses the old secret', async () => {
    const closed = new Promise<boolean>((r) => gwA.once('close', () => r(true)));
    const newSecret = await issue(customerA, GW_A);
    expect(await Promise.race([closed, sleep(3000).then(() => false)])).toBe(true);
    expect(await connackCode({ username: GW_A, password: secretA, clientId: 'old' })).not.toBe(0);
    secretA = newSecret;
    gwA = await asGateway(GW_A, secretA);
    expect(await delivered(gwA, `prod/device/${DEV_A1}/measure/${OBJ}/chunk/1`, `prod/gateway/${GW_A}/scanDevice`)).toBe(true);
  });

  it('issues a secret when another instance removed the gateway’s client and role behind its back', async () => {
    const second = await connectServerMqtt(secondAdminUrl, { clientId: 'overtone-server-b', reconnectPeriod: 200 });
    const dynsecB = createMosquittoDynsec({
      client: second.client,
      db: database.db,
      roots: ['prod', 'lake'],
      username: 'overtone-b',
      timeoutMs: 5000,
    });
    const mac = 'CA:B8:28:00:0A:03';
    try {
      await database.db
        .insertInto('gateways')
        .values({ id: newId(), customer_id: customerA, mac, root: 'prod', last_seen_at: null })
        .execute();
      const identity = { mac, kind: 'GATEWAY' as const, customerId: customerA };
      await dynsec.credentialsIssued(identity, 'first-secret-of-instance-a');
      // instance B (its start-up sync, say) removes them; A still remembers the role as it wrote it
      await dynsecB.credentialsRevoked(mac);
      await dynsec.credentialsIssued(identity, 'second-secret-of-instance-a');
      expect(await connackCode({ username: mac, password: 'second-secret-of-instance-a', clientId: 'race' })).toBe(0);
    } finally {
      await dynsec.credentialsRevoked(mac);
      await database.db.deleteFrom('gateways').where('mac', '=', mac).execute();
      dynsecB.close();
      await second.close();
    }
  });

  it('revoking disconnects the gateway, refuses it and removes its role', async () => {
    const closed = new Promise<boolean>((r) => gwA.once('close', () => r(true)));
    await revokeEdgeCredentials({ db: database.db, edge: dynsec }, customerA, GW_A);
    expect(await Promise.race([closed, sleep(3000).then(() => false)])).toBe(true);
    expect(await connackCode({ username: GW_A, password: secretA, clientId: 'revoked' })).not.toBe(0);
    const [role] = await dynsec.run([{ command: 'getRole', rolename: edgeRoleName(GW_A) }]);
    expect(role.error).toMatch(/not found/i);
  });

  it('sync removes edge roles and clients whose credential is gone and reports credentials without a client', async () => {
    await dynsec.run([
      {
        command: 'createRole',
        rolename: 'edge-CAB828000D01',
        acls: [{ acltype: 'publishClientSend', topic: 'prod/#', allow: true }],
      },
      { command: 'createClient', username: 'CA:B8:28:00:0D:01', password: 'stale', roles: [{ rolename: 'edge-CAB828000D01' }] },
      { command: 'createRole', rolename: 'operator-own' },
    ]);
    // a secret issued while another broker served: only its hash exists
    await storeEdgeSecret(database.db, {
      mac: GW_A2,
      customerId: customerA,
      kind: 'GATEWAY',
      secretSha256: edgeSecretSha256('lost'),
      userId: null,
    });
    const report = await dynsec.sync();
    expect(report.removed).toContain('CA:B8:28:00:0D:01');
    expect(report.needRotation).toEqual([GW_A2]);
    expect(await connackCode({ username: 'CA:B8:28:00:0D:01', password: 'stale', clientId: 'stale' })).not.toBe(0);
    const [stale, own, b] = await dynsec.run([
      { command: 'getRole', rolename: 'edge-CAB828000D01' },
      { command: 'getRole', rolename: 'operator-own' },
      { command: 'getRole', rolename: edgeRoleName(GW_B) },
    ]);
    expect(stale.error).toMatch(/not found/i);
    expect(own.error).toBeUndefined();
    expect(b.error).toBeUndefined();
  });

  it('fails with a clear error when the user may not use the control API', async () => {
    const c = await asGateway(GW_B, secretB);
    const d = createMosquittoDynsec({ client: c, db: database.db, roots: ['prod'], username: GW_B, timeoutMs: 1000 });
    await expect(d.sync()).rejects.toThrow(/\$CONTROL\/dynamic-security/);
    d.close();
  });
});
