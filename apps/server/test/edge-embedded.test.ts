import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgeCredentialsIssued, gatewayCreated, gatewayListResponse } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { DEMO_GATEWAY, DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { startTwoTenants, type Call } from './admin-client.ts';
import { edgeCredentialsFor, serverMqttOptions } from './support/edge.ts';
import { startTestServer } from './support/test-server.ts';

/**
 * The device edge on the embedded broker (docs/security.md "The device edge"): no anonymous or
 * wrong-credential client, per-gateway credentials issued in the Gateways tab, deny-by-default topics,
 * no client-id takeover, `$SYS` closed, bounded packets, TLS with client certificates.
 */
let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let otherId: string;
const OTHER_GATEWAY = 'CA:B8:28:00:00:77';
const OTHER_DEVICE = 'CA:B8:31:00:00:77';
let otherSecret: string;

const clients: MqttClient[] = [];
/** Connects; resolves with the client or rejects with the CONNACK refusal. */
const connect = async (opts: mqtt.IClientOptions, url = server.mqttUrl) => {
  const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
  clients.push(c);
  return c;
};
/** The CONNACK return code of a refused connection (MQTT 3.1.1 §3.2.2.3), or 0 when accepted. */
const connackCode = async (opts: mqtt.IClientOptions, url = server.mqttUrl) => {
  try {
    const c = await connect({ ...opts, protocolVersion: 4 }, url);
    await c.endAsync();
    return 0;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
};
/** A watcher as the server's own user: records every message on `filter`. */
async function watch(filter: string) {
  const c = await connect({ ...serverMqttOptions(server), clientId: `test-watch-${newId()}` });
  const seen: string[] = [];
  c.on('message', (t) => seen.push(t));
  await c.subscribeAsync(filter, { qos: 1 });
  return seen;
}
/** Publishes and waits a moment; resolves `closed` when the broker dropped the connection for it. */
async function tryPublish(c: MqttClient, topic: string, payload: string | Buffer = '') {
  const closed = new Promise<boolean>((r) => c.once('close', () => r(true)));
  c.publish(topic, payload, { qos: 0 });
  return Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), 700))]);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ server, call, other, otherId } = await startTwoTenants());
  const res = await other('POST', '/gateway', { macAddress: OTHER_GATEWAY.toLowerCase(), root: 'prod' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  otherSecret = gatewayCreated.parse(res.body).credentials.password;
  await server.ctx.db
    .insertInto('devices')
    .values({
      id: newId(),
      customer_id: otherId,
      mac: OTHER_DEVICE,
      type: 'SENSEWAY',
      point_id: null,
      gateway_mac: null,
      profile: null,
    })
    .execute();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  await server?.close();
});

describe('who may connect', () => {
  it('refuses anonymous clients, unknown usernames and wrong passwords', async () => {
    expect(await connackCode({})).toBe(5);
    expect(await connackCode({ username: 'CA:B8:28:00:00:55', password: 'x'.repeat(43) })).toBe(4);
    expect(await connackCode({ username: DEMO_GATEWAY, password: 'wrong' })).toBe(4);
    expect(await connackCode({ username: 'overtone-server', password: 'guess' })).toBe(4);
  });

  it('issues credentials on registration: username = MAC, a 43-character secret that connects', async () => {
    const res = await other('POST', `/gateway/${OTHER_GATEWAY}/credentials`);
    expect(res.status).toBe(200);
    const issued = edgeCredentialsIssued.parse(res.body);
    expect(issued.username).toBe(OTHER_GATEWAY);
    expect(issued.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.broker.port).toBeGreaterThan(0);
    // rotated: the secret of the registration no longer works, the new one does
    expect(await connackCode({ username: OTHER_GATEWAY, password: otherSecret })).toBe(4);
    otherSecret = issued.password;
    expect(await connackCode({ username: OTHER_GATEWAY.toLowerCase(), password: otherSecret })).toBe(0);
    const list = gatewayListResponse.parse((await other('GET', '/gateway')).body);
    expect(list.gateways.find((g) => g.macAddress === OTHER_GATEWAY)?.credentials?.issuedAt).toBeTruthy();
  });

  it("does not let a customer issue another customer's gateway credentials", async () => {
    expect((await call('POST', `/gateway/${OTHER_GATEWAY}/credentials`)).status).toBe(404);
    expect((await call('DELETE', `/gateway/${OTHER_GATEWAY}/credentials`)).status).toBe(404);
  });

  it("reserves the server's client ids and refuses taking over another identity's client id", async () => {
    const demo = await edgeCredentialsFor(server, DEMO_GATEWAY);
    expect(await connackCode({ ...demo, clientId: 'overtone-server-0123' })).toBe(2);
    const held = await connect({ ...demo, clientId: 'senseway-demo-held' });
    expect(await connackCode({ username: OTHER_GATEWAY, password: otherSecret, clientId: 'senseway-demo-held' })).toBe(2);
    expect(held.connected).toBe(true);
    await held.endAsync();
    // away, its session (kept under the id) is still not another identity's to take
    expect(await connackCode({ username: OTHER_GATEWAY, password: otherSecret, clientId: 'senseway-demo-held' })).toBe(2);
    expect(await connackCode({ ...demo, clientId: 'senseway-demo-held' })).toBe(0);
  });

  it('revocation disconnects the gateway and refuses it from then on', async () => {
    const c = await connect({ username: OTHER_GATEWAY, password: otherSecret });
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    expect((await other('DELETE', `/gateway/${OTHER_GATEWAY}/credentials`)).status).toBe(200);
    await closed;
    expect(await connackCode({ username: OTHER_GATEWAY, password: otherSecret })).toBe(4);
    const res = await other('POST', `/gateway/${OTHER_GATEWAY}/credentials`);
    otherSecret = edgeCredentialsIssued.parse(res.body).password;
  });
});

describe('deny-by-default topics', () => {
  it('a gateway subscribes only below its own topics: not #, not another gateway, not $SYS', async () => {
    const c = await connect({ username: OTHER_GATEWAY, password: otherSecret });
    // mqtt.js rejects a SUBACK of 128 (refused)
    const granted = (f: string) =>
      c.subscribeAsync(f, { qos: 1 }).then(
        (g) => g[0].qos,
        () => 128,
      );
    expect(await granted(`prod/gateway/${OTHER_GATEWAY}/#`)).toBe(1);
    expect(await granted(`prod/gateway/${OTHER_GATEWAY}/device/+/measure/+`)).toBe(1);
    expect(await granted('#')).toBe(128);
    expect(await granted('prod/#')).toBe(128);
    expect(await granted(`prod/gateway/${DEMO_GATEWAY}/#`)).toBe(128);
    expect(await granted('prod/gateway/+/scanDevice')).toBe(128);
    expect(await granted('$SYS/#')).toBe(128);
  });

  it('a gateway publishes its own replies and its customer device chunks', async () => {
    const seen = await watch('prod/#');
    const c = await connect({ username: OTHER_GATEWAY, password: otherSecret });
    const id = 'a'.repeat(24);
    await c.publishAsync(`prod/gateway/${OTHER_GATEWAY}/scanDevice`, '{}', { qos: 1 });
    await c.publishAsync(`prod/gateway/${OTHER_GATEWAY}/device/${OTHER_DEVICE}/measure/${id}/accepted`, '', { qos: 1 });
    await c.publishAsync(`prod/device/${OTHER_DEVICE}/measure/${id}/chunk/0`, Buffer.alloc(6), { qos: 1 });
    await sleep(200);
    expect(seen).toContain(`prod/gateway/${OTHER_GATEWAY}/scanDevice`);
    expect(seen).toContain(`prod/device/${OTHER_DEVICE}/measure/${id}/chunk/0`);
  });

  it.each([
    ['another gateway’s scan', () => `prod/gateway/${DEMO_GATEWAY}/scanDevice`],
    ['another gateway’s reply', () => `prod/gateway/${DEMO_GATEWAY}/device/${DEMO_POINTS[1].mac}/measure/${'b'.repeat(24)}/done`],
    ['another customer’s device chunk', () => `prod/device/${DEMO_POINTS[1].mac}/measure/${'b'.repeat(24)}/chunk/0`],
    ['a command on its own topic', () => `prod/gateway/${OTHER_GATEWAY}/device/${OTHER_DEVICE}/measure/${'b'.repeat(24)}`],
    ['an OTA command', () => `prod/gateway/${OTHER_GATEWAY}/device/${OTHER_DEVICE}/ota`],
    ['a WLAN command', () => `prod/gateway/${OTHER_GATEWAY}/config/wlan`],
    ['our own persisted event', () => `prod/gateway/${OTHER_GATEWAY}/device/${OTHER_DEVICE}/measure/${'b'.repeat(24)}/persisted`],
    ['another customer’s trigger event', () => 'prod/trigger/CA:B8:25:00:00:11/event'],
    ['a $SYS topic', () => '$SYS/broker/uptime'],
  ])('refuses %s: not delivered, connection closed', async (_what, topic) => {
    const seen = await watch('#');
    const c = await connect({ username: OTHER_GATEWAY, password: otherSecret });
    expect(await tryPublish(c, topic(), 'forged')).toBe(true);
    await sleep(100);
    expect(seen).not.toContain(topic());
  });

  it('a gateway receives nothing of another gateway', async () => {
    const c = await connect({ username: OTHER_GATEWAY, password: otherSecret });
    const got: string[] = [];
    c.on('message', (t) => got.push(t));
    await c.subscribeAsync(`prod/gateway/${OTHER_GATEWAY}/#`, { qos: 1 });
    const demo = await connect(await edgeCredentialsFor(server, DEMO_GATEWAY));
    await demo.publishAsync(`prod/gateway/${DEMO_GATEWAY}/scanDevice`, '{}', { qos: 1 });
    await sleep(200);
    expect(got).toEqual([]);
  });

  it('a device registered a moment ago may be spoken for at once', async () => {
    const c = await connect({ username: OTHER_GATEWAY, password: otherSecret });
    const seen = await watch('prod/device/#');
    const mac = 'CA:B8:31:00:00:78';
    const res = await other('POST', '/device', { macAddress: mac, gateway: OTHER_GATEWAY });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await c.publishAsync(`prod/device/${mac}/measure/${'c'.repeat(24)}/chunk/0`, Buffer.alloc(6), { qos: 1 });
    await sleep(200);
    expect(seen).toContain(`prod/device/${mac}/measure/${'c'.repeat(24)}/chunk/0`);
  });
});

describe('bounded packets', () => {
  it('closes a connection whose packet announces more than the limit, before buffering it', async () => {
    const demo = await edgeCredentialsFor(server, DEMO_GATEWAY);
    const port = Number(new URL(server.mqttUrl).port);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        clientId: 'big',
        keepalive: 30,
        username: demo.username,
        password: Buffer.from(demo.password),
      }),
    );
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => {});
    // the fixed header of a 64 MiB PUBLISH, then a trickle: the server must hang up on the header
    socket.write(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x20]));
    socket.write(Buffer.alloc(1024));
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});

describe('TLS listener with client certificates', () => {
  let tlsServer: Awaited<ReturnType<typeof startTestServer>>;
  let dir: string;
  const pem = (name: string) => fs.readFileSync(path.join(dir, name));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-tls-'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Test CA',
    );
    for (const [name, cn] of [
      ['server', 'localhost'],
      ['gateway', DEMO_GATEWAY],
      ['stranger', 'CA:B8:28:00:00:66'],
    ]) {
      ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
      ssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        '2',
      );
    }
    tlsServer = await startTestServer({
      mqttTls: {
        port: 0,
        certFile: path.join(dir, 'server.pem'),
        keyFile: path.join(dir, 'server.key'),
        caFile: path.join(dir, 'ca.pem'),
      },
    });
  });
  afterAll(async () => {
    await tlsServer?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tlsUrl = () => `mqtts://localhost:${tlsServer.broker!.tlsPort()}`;
  const tlsOpts = (name?: string) => ({
    ca: pem('ca.pem'),
    ...(name ? { cert: pem(`${name}.pem`), key: pem(`${name}.key`) } : {}),
  });

  it('takes a certificate naming a gateway with live credentials, without a password', async () => {
    await edgeCredentialsFor(tlsServer, DEMO_GATEWAY); // registered and issued: revocation would refuse the certificate too
    const c = await mqtt.connectAsync(tlsUrl(), { reconnectPeriod: 0, ...tlsOpts('gateway') });
    expect(c.connected).toBe(true);
    expect((await c.subscribeAsync(`prod/gateway/${DEMO_GATEWAY}/#`))[0].qos).toBe(0);
    await c.endAsync();
  });

  it('refuses a certificate naming an unregistered MAC, and a client without one or a password', async () => {
    const refused = async (o: mqtt.IClientOptions) =>
      mqtt.connectAsync(tlsUrl(), { reconnectPeriod: 0, ...o }).then(
        async (c) => {
          await c.endAsync();
          return false;
        },
        () => true,
      );
    expect(await refused(tlsOpts('stranger'))).toBe(true);
    expect(await refused(tlsOpts())).toBe(true);
    const pw = await edgeCredentialsFor(tlsServer, DEMO_GATEWAY);
    expect(await refused({ ...tlsOpts(), ...pw })).toBe(false);
  });
});
