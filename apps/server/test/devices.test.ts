import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceList, ENDPOINTS, routingLookupResponse, wlanConfigResponse, type EndpointQuery } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { recordScan } from '../src/jobs/ingest/scan.ts';
import { DEMO_GATEWAY, DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { caller, loginOn, startTwoTenants, validationText, type Call } from './admin-client.ts';
import { insertUser } from './support/users.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { connectGateway } from './support/gateway-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let demoId: string;
/** Demo user holding readPoint only. */
let reader: Call;

/** The second tenant's gateway (support/second-tenant.ts). */
const OTHER_GATEWAY = 'CA:B8:28:00:00:99';
const OTHER_SENSOR = 'CA:B8:31:00:00:99';
const NEW_SENSOR = 'CA:B8:31:00:10:01';
const NEW_TRIGGER = 'CA:B8:25:00:10:02';
const NEW_DUCK = 'CA:B8:DA:00:10:03';
const ORPHAN_GATEWAY = 'CA:B8:28:00:00:77';
const MAC_MESSAGE = 'Please input proper mac address (ex: AB:CD:EF:12:34:56)';

/** A scanDevice report of a gateway, through the ingest's own handler (rssi -50, -51, … dBm). */
const scan = (gateway: string, macs: string[], at = new Date()) =>
  recordScan(
    server.ctx.db,
    gateway,
    Buffer.from(
      JSON.stringify(Object.fromEntries(macs.map((m, i) => [m, { type: 'WIRED', rssi: String(-50 - i), status: 'Ready' }]))),
    ),
    at,
  );
const devices = async (who: Call, query: EndpointQuery<typeof ENDPOINTS.listDevices> = {}) => {
  const res = await who.endpoint(ENDPOINTS.listDevices, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return deviceList.parse(res.body);
};

beforeAll(async () => {
  ({ server, call, other, demoId } = await startTwoTenants());
  await insertUser(server, { email: 'reader@demo.local', password: TEST_PASSWORD, permissions: ['readPoint'] });
  reader = caller(server, await loginOn(server, 'reader@demo.local', TEST_PASSWORD));
});
afterAll(async () => server?.close());

/** Registers (claims) MACs for the demo customer, as its admin does from the available devices. */
const claim = async (macs: string[], gateway?: string) => {
  for (const macAddress of macs) {
    const res = await call.endpoint(ENDPOINTS.createDevice, { body: gateway ? { macAddress, gateway } : { macAddress } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
};

describe('scanDevice registers nothing; a claimed device shows what its scans say', () => {
  it('a device heard by a gateway stays unregistered until the admin claims it; then typed by MAC prefix, with rssi, status and last seen', async () => {
    const at = new Date();
    await scan(DEMO_GATEWAY, [NEW_SENSOR, NEW_TRIGGER, NEW_DUCK], at);
    const before = (await devices(call, { all: 'true' })).map((d) => d.macAddress);
    for (const mac of [NEW_SENSOR, NEW_TRIGGER, NEW_DUCK]) expect(before).not.toContain(mac);
    const owners = await server.ctx.db
      .selectFrom('devices')
      .select('mac')
      .where('mac', 'in', [NEW_SENSOR, NEW_TRIGGER, NEW_DUCK])
      .execute();
    expect(owners).toEqual([]);
    await claim([NEW_SENSOR, NEW_TRIGGER, NEW_DUCK]);
    const list = await devices(call, { all: 'true' });
    const byMac = new Map(list.map((d) => [d.macAddress, d]));
    expect(byMac.get(NEW_SENSOR)).toMatchObject({
      kind: 'SENSEWAY',
      type: 'SENSEWAY',
      rssi: -50,
      status: 'ready',
      lastGateway: DEMO_GATEWAY,
      point: null,
    });
    expect(byMac.get(NEW_TRIGGER)).toMatchObject({ kind: 'TRIGGER', type: 'TRIGGER', rssi: -51 });
    expect(byMac.get(NEW_DUCK)).toMatchObject({ kind: 'DUCK', type: 'DUCKV1', rssi: -52 });
    expect(byMac.get(NEW_SENSOR)!.lastSeenAt).toBe(at.toISOString());
    // The seeded devices are there with their points.
    expect(byMac.get(DEMO_POINTS[0].mac)!.point?.name).toBe(DEMO_POINTS[0].name);
    // A second report changes nothing but the scan values.
    await scan(DEMO_GATEWAY, [NEW_SENSOR]);
    expect((await devices(call, { all: 'true' })).filter((d) => d.macAddress === NEW_SENSOR)).toHaveLength(1);
  });

  it('an old scan reads unknown status; the other customer sees none of these devices', async () => {
    const MAC = 'CA:B8:31:00:10:09';
    await claim([MAC]);
    await scan(DEMO_GATEWAY, [MAC], new Date(Date.now() - 10 * 60 * 1000));
    expect((await devices(call, { macAddress: MAC }))[0]).toMatchObject({ status: 'unknown', rssi: -50 });
    expect(await devices(other, { all: 'true' })).toEqual([]);
  });

  it('a device another customer owns stays theirs when our gateway hears it; an unregistered gateway’s scan is refused', async () => {
    await other.endpoint(ENDPOINTS.createDevice, { body: { macAddress: OTHER_SENSOR } });
    await scan(OTHER_GATEWAY, [OTHER_SENSOR]);
    await scan(DEMO_GATEWAY, [OTHER_SENSOR]);
    expect((await devices(other, { all: 'true' })).map((d) => d.macAddress)).toEqual([OTHER_SENSOR]);
    // The other customer sees only its own gateway's scan.
    expect((await devices(other, { all: 'true' }))[0].lastGateway).toBe(OTHER_GATEWAY);
    expect(await devices(call, { macAddress: OTHER_SENSOR })).toEqual([]);
    await expect(scan(ORPHAN_GATEWAY, ['CA:B8:31:00:10:77'])).rejects.toMatchObject({ reason: 'UNREGISTERED_GATEWAY' });
    const owner = await server.ctx.db
      .selectFrom('devices')
      .select('customer_id')
      .where('mac', '=', 'CA:B8:31:00:10:77')
      .executeTakeFirst();
    expect(owner).toBeUndefined();
  });
});

describe('GET /device', () => {
  it('lists 10 without all=true; a MAC part (any case) finds the others; kind filters by prefix', async () => {
    const macs = Array.from({ length: 12 }, (_, i) => `CA:B8:31:00:20:${String(i).padStart(2, '0')}`);
    await claim(macs);
    const all = await devices(call, { all: 'true' });
    expect(all.length).toBeGreaterThan(10);
    expect(all.map((d) => d.macAddress)).toEqual([...all.map((d) => d.macAddress)].sort());
    expect(await devices(call)).toHaveLength(10);
    expect((await devices(call, { macAddress: 'b8:31:00:20:1' })).map((d) => d.macAddress)).toEqual([macs[10], macs[11]]);
    expect((await devices(call, { all: 'true', kind: 'TRIGGER' })).map((d) => d.macAddress)).toEqual([NEW_TRIGGER]);
    expect((await devices(call, { all: 'true', kind: 'DUCK' })).map((d) => d.macAddress)).toEqual([NEW_DUCK]);
    expect((await devices(call, { all: 'true', kind: 'SENSEWAY' })).every((d) => d.kind === 'SENSEWAY')).toBe(true);
    expect((await call('GET', '/device?kind=PHONE')).status).toBe(400);
  });

  it('GET /device/{id} by id or MAC; another customer’s answers 404', async () => {
    const d = (await devices(call, { macAddress: NEW_SENSOR }))[0];
    expect((await call.endpoint(ENDPOINTS.getDevice, { params: { id: d._id } })).body.macAddress).toBe(NEW_SENSOR);
    expect((await call.endpoint(ENDPOINTS.getDevice, { params: { id: NEW_SENSOR.toLowerCase() } })).body._id).toBe(d._id);
    const res = await other.endpoint(ENDPOINTS.getDevice, { params: { id: d._id } });
    expect(res).toMatchObject({ status: 404, body: { code: 'DEVICE_NOT_FOUND' } });
  });
});

describe('admin edits of the registry', () => {
  it('POST /device registers a MAC (lower case accepted); a bad MAC, a taken MAC, a foreign gateway are refused', async () => {
    const res = await call.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'ca:b8:31:00:30:01', gateway: DEMO_GATEWAY } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call.endpoint(ENDPOINTS.getDevice, { params: { id: res.body._id } })).body).toMatchObject({
      macAddress: 'CA:B8:31:00:30:01',
      gateway: DEMO_GATEWAY,
      status: 'unknown',
      rssi: null,
    });
    const bad = await call<{ errors: { msg: string; param: string }[] }>('POST', '/device', { macAddress: 'CA:B8:31:00:30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ msg: MAC_MESSAGE, param: 'macAddress' }]);
    expect((await call('POST', '/device', { macAddress: 'CA-B8-31-00-30-01' })).status).toBe(400);
    expect(await call.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'CA:B8:31:00:30:01' } })).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_REGISTERED' },
    });
    expect(await call.endpoint(ENDPOINTS.createDevice, { body: { macAddress: OTHER_SENSOR } })).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_REGISTERED' },
    });
    expect(
      await call.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'CA:B8:31:00:30:02', gateway: OTHER_GATEWAY } }),
    ).toMatchObject({
      status: 404,
      body: { code: 'GATEWAY_NOT_FOUND' },
    });
  });

  it('PUT /device/{id} sets the gateway; DELETE refuses a device on a point (409) and removes a free one; other customer 404', async () => {
    const d = (await devices(call, { macAddress: NEW_SENSOR }))[0];
    const put = await call.endpoint(ENDPOINTS.updateDevice, { params: { id: d._id }, body: { gateway: DEMO_GATEWAY } });
    expect(put.body.gateway).toBe(DEMO_GATEWAY);
    expect(
      (await call.endpoint(ENDPOINTS.updateDevice, { params: { id: d._id }, body: { gateway: null } })).body.gateway,
    ).toBeNull();
    expect((await other.endpoint(ENDPOINTS.updateDevice, { params: { id: d._id }, body: { gateway: null } })).status).toBe(404);
    expect((await other.endpoint(ENDPOINTS.deleteDevice, { params: { id: d._id } })).status).toBe(404);
    const onPoint = (await devices(call, { macAddress: DEMO_POINTS[0].mac }))[0];
    expect(await call.endpoint(ENDPOINTS.deleteDevice, { params: { id: onPoint._id } })).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_IN_USE' },
    });
    expect((await call.endpoint(ENDPOINTS.deleteDevice, { params: { id: d._id } })).status).toBe(200);
    expect(await devices(call, { macAddress: NEW_SENSOR })).toEqual([]);
  });

  it('POST /gateway registers a gateway whose scans offer devices to claim; a taken MAC is 409; DELETE /gateway', async () => {
    const GW = 'CA:B8:28:00:00:55';
    const res = await call.endpoint(ENDPOINTS.createGateway, { body: { macAddress: GW.toLowerCase() } });
    expect(res.status).toBe(200);
    expect(await call.endpoint(ENDPOINTS.createGateway, { body: { macAddress: OTHER_GATEWAY } })).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_REGISTERED' },
    });
    const page = await call.endpoint(ENDPOINTS.listGateways, { query: { page: 1, pageSize: 10, macAddress: '00:00:55' } });
    expect(page.body).toMatchObject({ total: 1, gateways: [{ macAddress: GW }] });
    await scan(GW, ['CA:B8:31:00:55:01']);
    expect(await devices(call, { macAddress: '00:55:01' })).toEqual([]);
    await claim(['CA:B8:31:00:55:01'], GW);
    expect((await devices(call, { macAddress: '00:55:01' }))[0].lastGateway).toBe(GW);
    expect((await other.endpoint(ENDPOINTS.deleteGateway, { params: { id: res.body._id } })).status).toBe(404);
    expect((await call.endpoint(ENDPOINTS.deleteGateway, { params: { id: res.body._id } })).status).toBe(200);
    expect(
      (await call.endpoint(ENDPOINTS.listGateways, { query: { page: 1, pageSize: 10, macAddress: '00:00:55' } })).body.total,
    ).toBe(0);
  });

  it('a user without addSensor / updateGateway gets 403 on every edit, and may read devices', async () => {
    expect((await reader.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'CA:B8:31:00:40:01' } })).status).toBe(403);
    expect((await reader.endpoint(ENDPOINTS.createGateway, { body: { macAddress: 'CA:B8:28:00:40:01' } })).status).toBe(403);
    expect(
      (
        await reader.endpoint(ENDPOINTS.updateGatewayConfig, {
          params: { id: DEMO_GATEWAY },
          body: { ssid: 'Plant', password: 'secret-1' },
        })
      ).status,
    ).toBe(403);
    expect((await reader.endpoint(ENDPOINTS.listDevices)).status).toBe(200);
  });
});

describe('GET /iot/device/{id}/routingLookup', () => {
  it('answers the gateways that hear the device with rssi and status, and the latest battery voltage with its date', async () => {
    const mac = DEMO_POINTS[1].mac;
    await scan(DEMO_GATEWAY, [mac]);
    const device = (await devices(call, { macAddress: mac }))[0];
    const measuredAt = new Date('2025-01-02T03:04:05Z');
    const id = newId();
    await server.ctx.db
      .insertInto('measurements')
      .values({
        id,
        object_id: id,
        customer_id: demoId,
        point_id: device.point!._id,
        device_mac: mac,
        gateway_mac: DEMO_GATEWAY,
        user_id: null,
        measurement_type: 'PERIODIC',
        state: 'persisted',
        range_index: 2,
        rate_index: 7,
        sample_size: 1000,
      })
      .execute();
    await server.ctx.db
      .insertInto('telemetry_values')
      .values({
        measurement_id: id,
        customer_id: demoId,
        point_id: device.point!._id,
        telemetry: 'BATTERY',
        source: 'device',
        device_reported: true,
        value: 3.15,
        unit: 'V',
        measured_at: measuredAt,
      })
      .execute();
    const res = await call.endpoint(ENDPOINTS.getDeviceRoutingLookup, { params: { id: device._id } });
    expect(res.status).toBe(200);
    const body = routingLookupResponse.parse(res.body);
    expect(body.data.batteryLevel).toBe(3.15);
    expect(body.data.batteryLevelDate).toBe(measuredAt.toISOString());
    expect(body.data.data[0]).toMatchObject({ _id: { gateway: DEMO_GATEWAY, device: mac }, rssi: -50, status: 'ready' });
  });

  it('a registered device nobody hears has an empty list (the card shows “no routing found”); another customer’s is 404', async () => {
    const created = await call.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'CA:B8:31:00:50:01' } });
    const res = await call.endpoint(ENDPOINTS.getDeviceRoutingLookup, { params: { id: created.body._id } });
    expect(routingLookupResponse.parse(res.body).data).toEqual({ batteryLevel: null, batteryLevelDate: null, data: [] });
    expect((await other.endpoint(ENDPOINTS.getDeviceRoutingLookup, { params: { id: created.body._id } })).status).toBe(404);
  });
});

describe('WLAN configuration', () => {
  /** Subscribes to the real broker like a gateway and collects what arrives under `filter`. */
  async function listen(filter: string) {
    const client = await connectGateway(server, filter.split('/')[2]);
    const got: { topic: string; payload: string }[] = [];
    client.on('message', (topic, payload) => got.push({ topic, payload: payload.toString() }));
    await client.subscribeAsync(filter, { qos: 1 });
    const next = async () => {
      for (let i = 0; i < 50 && !got.length; i++) await new Promise((r) => setTimeout(r, 50));
      return got.shift();
    };
    return { client, next };
  }

  it('PUT /gateway/{id}/config publishes {ssid, password} on the gateway’s topic and stores no password', async () => {
    const gw = await listen(`prod/gateway/${DEMO_GATEWAY}/config/#`);
    const res = await call.endpoint(ENDPOINTS.updateGatewayConfig, {
      params: { id: DEMO_GATEWAY },
      body: { ssid: ' Plant-WLAN ', password: 'p@ss word 1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = wlanConfigResponse.parse(res.body);
    expect(answer).toMatchObject({ topic: `prod/gateway/${DEMO_GATEWAY}/config/wlan`, ssid: 'Plant-WLAN' });
    expect(JSON.stringify(res.body)).not.toContain('p@ss');
    const msg = await gw.next();
    expect(msg).toEqual({
      topic: `prod/gateway/${DEMO_GATEWAY}/config/wlan`,
      payload: JSON.stringify({ ssid: 'Plant-WLAN', password: 'p@ss word 1' }),
    });
    await gw.client.endAsync();
    const rows = await server.ctx.db.selectFrom('wlan_requests').selectAll().where('target_mac', '=', DEMO_GATEWAY).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('p@ss');
  });

  it('SSID and password are required; another customer’s gateway is 404 and nothing is published', async () => {
    const noSsid = await call<{ errors: { msg: string; param: string }[] }>('PUT', `/gateway/${DEMO_GATEWAY}/config`, {
      ssid: '  ',
      password: 'x',
    });
    expect(noSsid.status).toBe(400);
    expect(noSsid.body.errors).toEqual([{ msg: validationText('requireSsid'), param: 'ssid' }]);
    const noPassword = await call<{ errors: { msg: string; param: string }[] }>('PUT', `/gateway/${DEMO_GATEWAY}/config`, {
      ssid: 'Plant',
      password: '',
    });
    expect(noPassword.body.errors).toEqual([{ msg: validationText('requirepassword'), param: 'password' }]);
    expect((await call('PUT', `/gateway/${DEMO_GATEWAY}/config`, { ssid: 'x'.repeat(33), password: 'a' })).status).toBe(400);
    const gw = await listen(`prod/gateway/${OTHER_GATEWAY}/#`);
    expect(
      await call.endpoint(ENDPOINTS.updateGatewayConfig, {
        params: { id: OTHER_GATEWAY },
        body: { ssid: 'Plant', password: 'secret' },
      }),
    ).toMatchObject({
      status: 404,
      body: { code: 'GATEWAY_NOT_FOUND' },
    });
    expect(await gw.next()).toBeUndefined();
    await gw.client.endAsync();
  });

  it('PUT /trigger/{id}/config publishes through the gateway that heard the trigger; a sensor is 404, an unheard trigger 409', async () => {
    await scan(DEMO_GATEWAY, [NEW_TRIGGER]);
    const trigger = (await devices(call, { macAddress: NEW_TRIGGER }))[0];
    const sub = await listen(`prod/gateway/${DEMO_GATEWAY}/device/${NEW_TRIGGER}/config/wlan`);
    const res = await call.endpoint(ENDPOINTS.updateTriggerConfig, {
      params: { id: trigger._id },
      body: { ssid: 'Line 2', password: 'trigger-pass' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await sub.next()).toEqual({
      topic: `prod/gateway/${DEMO_GATEWAY}/device/${NEW_TRIGGER}/config/wlan`,
      payload: JSON.stringify({ ssid: 'Line 2', password: 'trigger-pass' }),
    });
    await sub.client.endAsync();
    expect(
      await call.endpoint(ENDPOINTS.updateTriggerConfig, {
        params: { id: DEMO_POINTS[0].mac },
        body: { ssid: 'a', password: 'b' },
      }),
    ).toMatchObject({
      status: 404,
      body: { code: 'DEVICE_NOT_FOUND' },
    });
    const lonely = await call.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'CA:B8:25:00:60:01' } });
    expect(
      await call.endpoint(ENDPOINTS.updateTriggerConfig, { params: { id: lonely.body._id }, body: { ssid: 'a', password: 'b' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'NO_ROUTING' },
    });
    expect(
      (await other.endpoint(ENDPOINTS.updateTriggerConfig, { params: { id: trigger._id }, body: { ssid: 'a', password: 'b' } }))
        .status,
    ).toBe(404);
  });
});
