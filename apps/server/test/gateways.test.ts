import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayListResponse, triggerList, type GatewayItem, type TriggerItem } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { MAX_UNCLAIMED_SCANS_PER_GATEWAY, recordScan } from '../src/jobs/ingest/scan.ts';
import { DEMO_GATEWAY, DEMO_POINTS, DEMO_PROFILE } from '../src/jobs/seed-demo.ts';
import { startTwoTenants, type Call } from './admin-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let demoId: string;
let otherId: string;

const OTHER_GATEWAY = 'CA:B8:28:00:00:99';
const OTHER_DEVICE = 'CA:B8:31:00:00:99';
const OTHER_TRIGGER = 'CA:B8:25:00:00:98';
const DEMO_TRIGGER = 'CA:B8:25:00:00:01';
/** Twelve more gateways of the demo customer, for paging. */
const EXTRA = Array.from({ length: 12 }, (_, i) => `CA:B8:28:00:01:${String(i).padStart(2, '0')}`);

type List = { total: number; gateways: GatewayItem[] };

beforeAll(async () => {
  ({ server, call, other, demoId, otherId } = await startTwoTenants());
  const db = server.ctx.db;
  await db
    .insertInto('gateways')
    .values(EXTRA.map((mac) => ({ id: newId(), customer_id: demoId, mac, root: 'prod', last_seen_at: null })))
    .execute();
  const device = (customer_id: string, mac: string, type = 'SENSEWAY') => ({
    id: newId(),
    customer_id,
    mac,
    type,
    point_id: null,
    gateway_mac: null,
    profile: JSON.stringify(DEMO_PROFILE),
  });
  await db
    .insertInto('devices')
    .values([device(otherId, OTHER_DEVICE), device(otherId, OTHER_TRIGGER, 'TRIGGER'), device(demoId, DEMO_TRIGGER, 'TRIGGER')])
    .execute();
});
afterAll(async () => server?.close());

/** A scanDevice report of a gateway, as the ingest records it. */
const scan = (gateway: string, macs: string[], at = new Date()) =>
  recordScan(
    server.ctx.db,
    gateway,
    Buffer.from(JSON.stringify(Object.fromEntries(macs.map((m, i) => [m, { rssi: String(-60 - i), status: 'connected' }])))),
    at,
  );
const gatewayList = async (who: Call, query = '') => {
  const res = await who<List>('GET', `/gateway${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return gatewayListResponse.parse(res.body);
};

describe('GET /gateway', () => {
  it('without a page answers every gateway of the customer, N/A before the first report', async () => {
    const list = await gatewayList(call);
    expect(list.total).toBe(13);
    expect(list.gateways.map((g) => g.macAddress)).toEqual([DEMO_GATEWAY, ...EXTRA]);
    expect(list.gateways[0]).toMatchObject({
      type: 'SENSEWAY',
      connectionStatus: null,
      connectionDate: null,
      availableDevices: [],
    });
  });

  it('pages (10, 25, 50 or 75 per page) and filters by a part of the MAC address', async () => {
    const first = await gatewayList(call, '?page=1&pageSize=10');
    expect(first).toMatchObject({ total: 13 });
    expect(first.gateways).toHaveLength(10);
    const second = await gatewayList(call, '?page=2&pageSize=10');
    expect(second.gateways.map((g) => g.macAddress)).toEqual(EXTRA.slice(9));
    expect((await gatewayList(call, '?page=1&pageSize=25')).gateways).toHaveLength(13);
    expect((await call('GET', '/gateway?page=1&pageSize=7')).status).toBe(400);
    expect((await call('GET', '/gateway?page=0')).status).toBe(400);
    const filtered = await gatewayList(call, '?page=1&pageSize=10&macAddress=00:01:0');
    expect(filtered.total).toBe(10);
    expect(
      (await gatewayList(call, `?macAddress=${encodeURIComponent(DEMO_GATEWAY.toLowerCase())}`)).gateways.map(
        (g) => g.macAddress,
      ),
    ).toEqual([DEMO_GATEWAY]);
  });

  it('is connected within 3 minutes of the last report, then disconnected; lists this customer’s devices heard and unregistered ones to claim', async () => {
    const at = new Date(Date.now() - 60_000);
    // The demo gateway also hears another customer's device (never shown) and an unknown one, which
    // the scan does not register: it is offered to claim (docs/devices.md "Ownership").
    await scan(DEMO_GATEWAY, [DEMO_POINTS[0].mac, DEMO_POINTS[1].mac, OTHER_DEVICE, 'CA:B8:31:00:00:77'], at);
    const gw = (await gatewayList(call)).gateways.find((g) => g.macAddress === DEMO_GATEWAY)!;
    expect(gw.connectionStatus).toBe('connected');
    expect(gw.connectionDate).toBe(at.toISOString());
    expect(gw.availableDevices).toEqual([
      { _id: { device: DEMO_POINTS[0].mac, gateway: DEMO_GATEWAY }, rssi: -60, scannedAt: at.toISOString(), claimable: false },
      { _id: { device: DEMO_POINTS[1].mac, gateway: DEMO_GATEWAY }, rssi: -61, scannedAt: at.toISOString(), claimable: false },
      { _id: { device: 'CA:B8:31:00:00:77', gateway: DEMO_GATEWAY }, rssi: -63, scannedAt: at.toISOString(), claimable: true },
    ]);
    expect(await server.ctx.db.selectFrom('devices').select('id').where('mac', '=', 'CA:B8:31:00:00:77').execute()).toEqual([]);
    const old = new Date(Date.now() - 4 * 60_000);
    await server.ctx.db.updateTable('gateways').set({ last_seen_at: old }).where('mac', '=', DEMO_GATEWAY).execute();
    const later = (await gatewayList(call)).gateways.find((g) => g.macAddress === DEMO_GATEWAY)!;
    expect(later).toMatchObject({ connectionStatus: 'disconnected', connectionDate: old.toISOString() });
  });
});

describe('claiming a device a gateway hears', () => {
  it('an unregistered device heard by both customers’ gateways is offered to both; once one claims it, only its owner sees it', async () => {
    const FREE = 'CA:B8:31:00:00:78';
    await scan(DEMO_GATEWAY, [FREE]);
    await scan(OTHER_GATEWAY, [FREE]);
    const offered = async (who: Call, gateway: string) =>
      (await gatewayList(who)).gateways
        .find((g) => g.macAddress === gateway)!
        .availableDevices.find((d) => d._id.device === FREE);
    expect(await offered(call, DEMO_GATEWAY)).toMatchObject({ claimable: true });
    expect(await offered(other, OTHER_GATEWAY)).toMatchObject({ claimable: true });
    // the demo admin claims it from its gateway's list (POST /device {macAddress, gateway})
    const claimed = await call('POST', '/device', { macAddress: FREE, gateway: DEMO_GATEWAY });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(await offered(call, DEMO_GATEWAY)).toMatchObject({ claimable: false });
    expect(await offered(other, OTHER_GATEWAY)).toBeUndefined();
    expect(await other('POST', '/device', { macAddress: FREE, gateway: OTHER_GATEWAY })).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_REGISTERED' },
    });
    // scans go on registering nothing and moving nothing
    await scan(OTHER_GATEWAY, [FREE]);
    const owner = await server.ctx.db
      .selectFrom('devices')
      .select('customer_id')
      .where('mac', '=', FREE)
      .executeTakeFirstOrThrow();
    expect(owner.customer_id).toBe(demoId);
  });

  it('keeps at most MAX_UNCLAIMED_SCANS_PER_GATEWAY unclaimed devices per gateway, the newest; registered ones stay', async () => {
    const macs = (round: number) =>
      Array.from({ length: 256 }, (_, i) =>
        `CA:B8:4${round}:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase(),
      );
    const GW = 'CA:B8:28:00:00:9A'; // its own gateway, removed afterwards (the lists below stay as they were)
    await server.ctx.db
      .insertInto('gateways')
      .values({ id: newId(), customer_id: otherId, mac: GW, root: 'prod', last_seen_at: null })
      .execute();
    try {
      const t0 = Date.now();
      const report = (list: string[]) =>
        Buffer.from(JSON.stringify(Object.fromEntries(list.map((m) => [m, { rssi: '-70', status: 'Ready' }]))));
      for (let round = 0; round < 4; round++)
        await recordScan(server.ctx.db, GW, report(macs(round)), new Date(t0 + round * 1000));
      await scan(GW, [OTHER_DEVICE], new Date(t0 - 60_000)); // registered, and old
      const rows = await server.ctx.db.selectFrom('device_scans').select(['device_mac']).where('gateway_mac', '=', GW).execute();
      const kept = new Set(rows.map((r) => r.device_mac));
      expect(rows.length).toBe(MAX_UNCLAIMED_SCANS_PER_GATEWAY + 1);
      expect(kept.has(OTHER_DEVICE)).toBe(true);
      // the two newest rounds are kept whole, the two oldest are gone
      expect(macs(3).every((m) => kept.has(m)) && macs(2).every((m) => kept.has(m))).toBe(true);
      expect(macs(0).some((m) => kept.has(m))).toBe(false);
    } finally {
      await server.ctx.db.deleteFrom('device_scans').where('gateway_mac', '=', GW).execute();
      await server.ctx.db.deleteFrom('gateways').where('mac', '=', GW).execute();
    }
  });
});

describe('GET /trigger', () => {
  it('lists the customer’s trigger devices with no reported state yet (N/A)', async () => {
    const res = await call<TriggerItem[]>('GET', '/trigger');
    expect(res.status).toBe(200);
    expect(triggerList.parse(res.body)).toEqual([
      { _id: expect.any(String), macAddress: DEMO_TRIGGER, status: null, credentials: null, assignedDevices: [] },
    ]);
  });
});

describe('tenant isolation of gateways and triggers', () => {
  it('each customer lists only its own gateways, triggers and devices', async () => {
    await scan(OTHER_GATEWAY, [OTHER_DEVICE, DEMO_POINTS[2].mac]);
    const theirs = await gatewayList(other);
    expect(theirs.total).toBe(1);
    expect(theirs.gateways[0]).toMatchObject({ macAddress: OTHER_GATEWAY, connectionStatus: 'connected' });
    expect(theirs.gateways[0]!.availableDevices.map((d) => d._id.device)).toEqual([OTHER_DEVICE]);
    const ours = await gatewayList(call);
    expect(ours.gateways.map((g) => g.macAddress)).not.toContain(OTHER_GATEWAY);
    expect((await gatewayList(call, '?macAddress=00:00:99')).total).toBe(0);
    expect((await other<TriggerItem[]>('GET', '/trigger')).body.map((t) => t.macAddress)).toEqual([OTHER_TRIGGER]);
  });
});
