import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, pointConfig, type Endpoint } from '@overtone/contract';
import { DEMO_GATEWAY, DEMO_POINTS, DEMO_PROFILE } from '../src/jobs/seed-demo.ts';
import { caller, loginOn, startTwoTenants, validationText, type Call } from './admin-client.ts';
import { insertUser } from './support/users.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import type { TestCall } from './support/endpoint-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
/** Demo user holding readPoint and updatePointConfig, not deletePointConfig. */
let editor: Call;
/** Demo user holding readPoint only. */
let reader: Call;
/** Demo points by index of DEMO_POINTS (each seeded with its sensor). */
let points: string[];

const MAC_MESSAGE = 'Please input proper mac address (ex: AB:CD:EF:12:34:56)';
const OTHER_GATEWAY = 'CA:B8:28:00:00:99';
const PROFILE = {
  sampleSize: 2000,
  samplingRateIndex: 7,
  accelerometerRangeIndex: 2,
  sensorSelectionIndex: 1,
  window: 'hamming' as const,
};
type Errors = { errors: { msg: string; param?: string }[] };

/** A point-config operation that must answer 200: the configuration it answers, parsed. */
const config = async <E extends Endpoint>(who: Call, e: E, c: Omit<TestCall<E>, 'host'>) => {
  const res = await who.endpoint(e, c);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pointConfig.parse(res.body);
};

beforeAll(async () => {
  let demoId: string;
  ({ server, call, other, demoId } = await startTwoTenants());
  const rows = await server.ctx.db
    .selectFrom('devices')
    .select(['mac', 'point_id'])
    .where('customer_id', '=', demoId)
    .where('point_id', 'is not', null)
    .execute();
  points = DEMO_POINTS.map((p) => rows.find((r) => r.mac === p.mac)!.point_id!);
  await insertUser(server, {
    email: 'editor@demo.local',
    password: TEST_PASSWORD,
    permissions: ['readPoint', 'updatePointConfig'],
  });
  await insertUser(server, { email: 'reader@demo.local', password: TEST_PASSWORD, permissions: ['readPoint'] });
  editor = caller(server, await loginOn(server, 'editor@demo.local', TEST_PASSWORD));
  reader = caller(server, await loginOn(server, 'reader@demo.local', TEST_PASSWORD));
});
afterAll(async () => server?.close());

describe('PUT/DELETE /point/{id}/device', () => {
  it('GET /point/{id}/config shows the seeded device and profile', async () => {
    const c = await config(call, ENDPOINTS.getPointConfig, { params: { id: points[0] } });
    expect(c.device).toMatchObject({ macAddress: DEMO_POINTS[0].mac, gateway: DEMO_GATEWAY, kind: 'SENSEWAY' });
    expect(c.profile).toEqual(DEMO_PROFILE);
    expect(c.channelGroups).toEqual([]);
  });

  it('validates the MAC as six upper-case hex pairs (lower case is upper-cased) and the gateway', async () => {
    for (const macAddress of [
      'CA:B8:31:00:00',
      'CA:B8:31:00:00:0G',
      'CAB831000001',
      'CA-B8-31-00-00-01',
      '',
      'CA:B8:31:00:00:01:02',
    ]) {
      const res = await call<Errors>('PUT', `/point/${points[0]}/device`, { macAddress, gateway: DEMO_GATEWAY });
      expect(res.status, macAddress).toBe(400);
      expect(res.body.errors).toContainEqual({ msg: MAC_MESSAGE, param: 'macAddress' });
    }
    const badGw = await call<Errors>('PUT', `/point/${points[0]}/device`, { macAddress: 'CA:B8:31:00:70:01', gateway: 'gw-1' });
    expect(badGw.body.errors).toEqual([{ msg: MAC_MESSAGE, param: 'gateway' }]);
    expect(
      await call.endpoint(ENDPOINTS.setPointDevice, {
        params: { id: points[0] },
        body: { macAddress: 'CA:B8:31:00:70:01', gateway: OTHER_GATEWAY },
      }),
    ).toMatchObject({
      status: 404,
      body: { code: 'GATEWAY_NOT_FOUND' },
    });
  });

  it('replacing the device moves the profile to the new one; the old one goes back to the registry', async () => {
    const c = await config(call, ENDPOINTS.setPointDevice, {
      params: { id: points[0] },
      body: { macAddress: 'ca:b8:31:00:70:01', gateway: DEMO_GATEWAY },
    });
    expect(c.device).toMatchObject({ macAddress: 'CA:B8:31:00:70:01', gateway: DEMO_GATEWAY, type: 'SENSEWAY' });
    expect(c.profile).toEqual(DEMO_PROFILE);
    const old = (await call.endpoint(ENDPOINTS.listDevices, { query: { macAddress: DEMO_POINTS[0].mac } })).body[0];
    expect(old.point).toBeNull();
    const fresh = (await call.endpoint(ENDPOINTS.listDevices, { query: { macAddress: 'CA:B8:31:00:70:01' } })).body[0];
    expect(fresh.point?._id).toBe(points[0]);
    // The point record (GET /point/{id}) and the measure command read the same device and profile.
    const p = (await call.endpoint(ENDPOINTS.getPoint, { params: { id: points[0] } })).body;
    expect(p.device?.macAddress).toBe('CA:B8:31:00:70:01');
    expect(p.profile).toEqual(DEMO_PROFILE);
    // Saving the same device again (gateway null: any gateway) keeps everything else.
    const again = await config(call, ENDPOINTS.setPointDevice, {
      params: { id: points[0] },
      body: { macAddress: 'CA:B8:31:00:70:01', gateway: null },
    });
    expect(again.device?.gateway).toBeNull();
    expect(again.profile).toEqual(DEMO_PROFILE);
  });

  it('a device is attached to one point at a time: 409 DEVICE_IN_USE; triggers and other customers’ devices are refused', async () => {
    expect(
      await call.endpoint(ENDPOINTS.setPointDevice, { params: { id: points[1] }, body: { macAddress: 'CA:B8:31:00:70:01' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_IN_USE' },
    });
    expect(
      await call.endpoint(ENDPOINTS.setPointDevice, { params: { id: points[1] }, body: { macAddress: 'CA:B8:25:00:70:02' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_KIND_MISMATCH' },
    });
    // registered to the other customer (claimed by its admin; a scan registers nothing)
    expect((await other.endpoint(ENDPOINTS.createDevice, { body: { macAddress: 'CA:B8:31:00:70:99' } })).status).toBe(200);
    expect(
      await call.endpoint(ENDPOINTS.setPointDevice, { params: { id: points[1] }, body: { macAddress: 'CA:B8:31:00:70:99' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_REGISTERED' },
    });
    // Nothing changed on the refused point.
    expect((await config(call, ENDPOINTS.getPointConfig, { params: { id: points[1] } })).device?.macAddress).toBe(
      DEMO_POINTS[1].mac,
    );
  });

  it('DELETE detaches: the point has no device, profile nor channel groups; the device stays in the registry without point', async () => {
    const c = await config(call, ENDPOINTS.removePointDevice, { params: { id: points[2] } });
    expect(c).toEqual({ device: null, profile: null, channelGroups: [] });
    expect((await call.endpoint(ENDPOINTS.listDevices, { query: { macAddress: DEMO_POINTS[2].mac } })).body[0].point).toBeNull();
    // Idempotent, and the freed device can go to another point.
    expect((await call.endpoint(ENDPOINTS.removePointDevice, { params: { id: points[2] } })).status).toBe(200);
    const moved = await config(call, ENDPOINTS.setPointDevice, {
      params: { id: points[2] },
      body: { macAddress: DEMO_POINTS[0].mac },
    });
    expect(moved).toMatchObject({ device: { macAddress: DEMO_POINTS[0].mac }, profile: null });
  });
});

describe('PUT/DELETE /point/{id}/profile', () => {
  it('stores the indices as the point’s profile', async () => {
    const c = await config(call, ENDPOINTS.setPointProfile, { params: { id: points[2] }, body: PROFILE });
    expect(c.profile).toEqual({
      sampleSize: 2000,
      samplingRate: 7,
      accelerometerRange: 2,
      sensorSelection: 1,
      window: 'hamming',
    });
    expect((await call.endpoint(ENDPOINTS.getPoint, { params: { id: points[2] } })).body.profile?.sampleSize).toBe(2000);
    const defaults = await config(call, ENDPOINTS.setPointProfile, {
      params: { id: points[2] },
      body: { sampleSize: 1000, samplingRateIndex: 5, accelerometerRangeIndex: 1 },
    });
    expect(defaults.profile).toMatchObject({ sensorSelection: 0, window: 'hanning' });
  });

  it('validates sampleSize 10 … 50000 in steps of 10 and every index', async () => {
    const bad = async (patch: object, param: string) => {
      const res = await call<Errors>('PUT', `/point/${points[2]}/profile`, { ...PROFILE, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors.map((e) => e.param)).toContain(param);
      return res.body.errors[0].msg;
    };
    expect(await bad({ sampleSize: 15 }, 'sampleSize')).toBe(validationText('sampleSizeStep'));
    await bad({ sampleSize: 0 }, 'sampleSize');
    await bad({ sampleSize: 50010 }, 'sampleSize');
    await bad({ sampleSize: 100.5 }, 'sampleSize');
    await bad({ sampleSize: undefined }, 'sampleSize');
    await bad({ samplingRateIndex: 4 }, 'samplingRateIndex');
    await bad({ samplingRateIndex: 11 }, 'samplingRateIndex');
    await bad({ accelerometerRangeIndex: 0 }, 'accelerometerRangeIndex');
    await bad({ accelerometerRangeIndex: 5 }, 'accelerometerRangeIndex');
    await bad({ sensorSelectionIndex: 4 }, 'sensorSelectionIndex');
    await bad({ window: 'kaiser' }, 'window');
    for (const sampleSize of [10, 50000])
      expect(
        (await call.endpoint(ENDPOINTS.setPointProfile, { params: { id: points[2] }, body: { ...PROFILE, sampleSize } })).status,
      ).toBe(200);
  });

  it('needs a device (409 NO_DEVICE); DELETE clears it', async () => {
    await config(call, ENDPOINTS.removePointDevice, { params: { id: points[3] } });
    expect(await call.endpoint(ENDPOINTS.setPointProfile, { params: { id: points[3] }, body: PROFILE })).toMatchObject({
      status: 409,
      body: { code: 'NO_DEVICE' },
    });
    const c = await config(call, ENDPOINTS.removePointProfile, { params: { id: points[2] } });
    expect(c.profile).toBeNull();
    expect(c.device).not.toBeNull();
    expect((await call.endpoint(ENDPOINTS.getPoint, { params: { id: points[2] } })).body.profile).toBeNull();
  });
});

describe('PUT /point/{id}/channelGroup', () => {
  it('stores DUCKV1 group codes on a point with a duck; refuses a point with a sensor or without device', async () => {
    expect(
      await call.endpoint(ENDPOINTS.setPointChannelGroups, { params: { id: points[1] }, body: { channelGroups: '1|2|3' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'DEVICE_KIND_MISMATCH' },
    });
    expect(
      await call.endpoint(ENDPOINTS.setPointChannelGroups, { params: { id: points[3] }, body: { channelGroups: '1|2|3' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'NO_DEVICE' },
    });
    const duck = await config(call, ENDPOINTS.setPointDevice, {
      params: { id: points[3] },
      body: { macAddress: 'CA:B8:DA:00:70:03', gateway: null },
    });
    expect(duck.device).toMatchObject({ kind: 'DUCK', type: 'DUCKV1' });
    expect(
      (await config(call, ENDPOINTS.setPointChannelGroups, { params: { id: points[3] }, body: { channelGroups: '1|2|3' } }))
        .channelGroups,
    ).toEqual(['1|2|3']);
    expect(
      (
        await config(call, ENDPOINTS.setPointChannelGroups, {
          params: { id: points[3] },
          body: { channelGroups: ['4', '5|6', '4'] },
        })
      ).channelGroups,
    ).toEqual(['4', '5|6']);
    expect((await config(call, ENDPOINTS.getPointConfig, { params: { id: points[3] } })).channelGroups).toEqual(['4', '5|6']);
  });

  it('validates each code as channel orders 1 … 8, each once, joined by |', async () => {
    for (const channelGroups of ['', '1|', '|1', '1||2', '0', '9', '1|1', 'a|b', '1,2', ['1', 'x'], []]) {
      const res = await call<Errors>('PUT', `/point/${points[3]}/channelGroup`, { channelGroups });
      expect(res.status, JSON.stringify(channelGroups)).toBe(400);
    }
    const res = await call<Errors>('PUT', `/point/${points[3]}/channelGroup`, { channelGroups: '1|1' });
    expect(res.body.errors[0].msg).toBe(validationText('invalidChannelGroup'));
  });
});

describe('tenancy and permissions', () => {
  it('another customer’s point answers 404 on every call and nothing changes', async () => {
    const before = await config(call, ENDPOINTS.getPointConfig, { params: { id: points[1] } });
    for (const [method, path, body] of [
      ['GET', 'config', undefined],
      ['PUT', 'device', { macAddress: 'CA:B8:31:00:70:50' }],
      ['DELETE', 'device', undefined],
      ['PUT', 'profile', PROFILE],
      ['DELETE', 'profile', undefined],
      ['PUT', 'channelGroup', { channelGroups: '1' }],
    ] as const) {
      const res = await other(method, `/point/${points[1]}/${path}`, body);
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'POINT_NOT_FOUND' } });
    }
    expect(await config(call, ENDPOINTS.getPointConfig, { params: { id: points[1] } })).toEqual(before);
    expect(
      (
        await call.endpoint(ENDPOINTS.setPointDevice, {
          params: { id: '000000000000000000000000' },
          body: { macAddress: 'CA:B8:31:00:70:50' },
        })
      ).status,
    ).toBe(404);
  });

  it('updatePointConfig saves, deletePointConfig deletes, readPoint only reads', async () => {
    expect((await editor.endpoint(ENDPOINTS.setPointProfile, { params: { id: points[1] }, body: PROFILE })).status).toBe(200);
    expect((await editor.endpoint(ENDPOINTS.removePointProfile, { params: { id: points[1] } })).status).toBe(403);
    expect((await editor.endpoint(ENDPOINTS.removePointDevice, { params: { id: points[1] } })).status).toBe(403);
    expect((await reader.endpoint(ENDPOINTS.setPointProfile, { params: { id: points[1] }, body: PROFILE })).status).toBe(403);
    expect(
      (await reader.endpoint(ENDPOINTS.setPointDevice, { params: { id: points[1] }, body: { macAddress: DEMO_POINTS[1].mac } }))
        .status,
    ).toBe(403);
    expect(
      (await reader.endpoint(ENDPOINTS.setPointChannelGroups, { params: { id: points[1] }, body: { channelGroups: '1' } }))
        .status,
    ).toBe(403);
    expect((await reader.endpoint(ENDPOINTS.getPointConfig, { params: { id: points[1] } })).status).toBe(200);
  });
});
