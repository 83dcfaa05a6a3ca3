import { beforeAll, afterAll } from 'vitest';
import { ENDPOINTS, type EndpointQuery } from '@overtone/contract';
import { callApi } from './endpoint-client.ts';
import { newId } from '../../src/infra/ids.ts';
import { waveformKey } from '../../src/modules/measurements/waveform.ts';
import { api, login, startTestServer } from './test-server.ts';
import { createSecondTenant, OTHER_HOST } from './second-tenant.ts';
import { demoCustomerId, insertUser } from './users.ts';

/**
 * The measurement list's fixture (measurement-list.test.ts, measurement-values.test.ts): a server,
 * the demo customer's admin and a second tenant, measurements inserted straight into the tables
 * (dated in 2020, so the demo's own measurements never match the date-bounded queries), and the
 * list's query helpers. The bindings are live: read them inside tests, after `beforeAll`.
 */
export let server: Awaited<ReturnType<typeof startTestServer>>;
export let token: string;
export let otherToken: string;
export let demoId: string;
export let adminId: string;
export let otherCustomerId: string;
export let pointId: string;

export interface Row {
  id?: string;
  at: string;
  mac?: string;
  type?: 'MANUAL' | 'PERIODIC' | 'TRIGGERED';
  state?: 'persisted' | 'partial' | 'error' | 'receiving';
  tags?: string[];
  favorite?: boolean;
  upload?: boolean;
  user?: string | null;
  grms?: [number, number, number];
  wave?: boolean;
  customer?: string;
  point?: string | null;
}
export const RANGE = { startDate: '2020-01-01 00:00:00', endDate: '2020-12-31 23:59:59' };

export async function insert(r: Row): Promise<string> {
  const id = r.id ?? newId();
  const customer = r.customer ?? demoId;
  const db = server.ctx.db;
  let key: string | null = null;
  if (r.wave) {
    key = waveformKey(customer, id);
    const counts = new Int16Array([100, -200, 300, 400, -500, 600, 700, 800, -900, 1000, 1100, -1200]);
    await server.ctx.storage.put(key, new Uint8Array(counts.buffer));
  }
  await db
    .insertInto('measurements')
    .values({
      id,
      customer_id: customer,
      object_id: id,
      point_id: r.point === undefined ? (customer === demoId ? pointId : null) : r.point,
      device_mac: r.mac ?? 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: r.user === undefined ? adminId : r.user,
      measurement_type: r.type ?? 'MANUAL',
      state: r.state ?? 'persisted',
      tags: r.tags ?? [],
      favorite: r.favorite ?? false,
      upload: r.upload ?? false,
      error: r.state === 'error' ? 'NO_DEVICE' : null,
      range_index: 2,
      rate_index: 9,
      sample_size: 4,
      calibrated_sampling_rate: 12800,
      waveform_key: key,
      created_at: new Date(r.at),
    })
    .execute();
  if (r.grms)
    await db
      .insertInto('telemetry_values')
      .values(
        (['accelerometer_x', 'accelerometer_y', 'accelerometer_z'] as const).map((source, i) => ({
          measurement_id: id,
          customer_id: customer,
          point_id: null,
          telemetry: 'GRMS',
          source,
          device_reported: false,
          value: r.grms![i],
          unit: 'g',
          measured_at: new Date(r.at),
        })),
      )
      .execute();
  return id;
}

export type List = { total: number; totalExact?: boolean; measurements: { _id: string; user: unknown; point: unknown }[] };
/** `GET /measurement` (listMeasurements) in the fixture's date range, 75 a page unless `query` says otherwise. */
export const list = (query: EndpointQuery<typeof ENDPOINTS.listMeasurements>, tok: string | null = token, host?: string) =>
  callApi(server.url, tok, ENDPOINTS.listMeasurements, { query: { ...RANGE, pageSize: 75, ...query }, host });
export const ids = (res: { body: List }) => res.body.measurements.map((m) => m._id).sort();

export const m: Record<string, string> = {};
/** Starts the server and inserts the fixture's measurements (beforeAll), closes it after (afterAll). */
export function useMeasurementListFixture() {
  beforeAll(async () => {
    server = await startTestServer();
    token = await login(server.url);
    demoId = await demoCustomerId(server);
    adminId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()
    ).id;
    const other = await createSecondTenant(server);
    otherCustomerId = other.customerId;
    otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
    const tree = await api<Array<{ _id: string; name: string; nodeType: string }>>(server.url, token, 'GET', '/tree');
    pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
    const someone = await insertUser(server, { email: 'someone@demo.local', password: 'Some-Password-1' });

    // Demo customer: GMT+3 (the default time zone).
    m.lateJan10 = await insert({ at: '2020-01-10T20:30:00Z', tags: ['pump', 'night'], grms: [0.5, 0.7, 0.9] }); // 23:30 local
    m.earlyJan11 = await insert({ at: '2020-01-10T21:30:00Z', tags: ['pump'], grms: [1.5, 2.5, 3.5] }); // 00:30 local
    m.mac = await insert({ at: '2020-02-01T10:00:00Z', mac: 'CA:B8:31:00:00:09', type: 'PERIODIC', user: null });
    m.trig = await insert({ at: '2020-03-01T10:00:00Z', type: 'TRIGGERED', favorite: true, user: someone.userId, tags: ['fan'] });
    m.upload = await insert({ at: '2020-04-01T10:00:00Z', upload: true, user: someone.userId, grms: [4, 5, 6] });
    m.partial = await insert({ at: '2020-05-01T10:00:00Z', state: 'partial', wave: true, tags: ['pump', 'shift "A", line 2'] });
    m.error = await insert({ at: '2020-06-01T10:00:00Z', state: 'error', point: null });
    m.wave = await insert({ at: '2020-07-01T10:00:00Z', wave: true, grms: [0.1, 0.2, 0.3] });
    // Another customer: never visible, never deleted.
    m.foreign = await insert({
      at: '2020-05-02T10:00:00Z',
      customer: otherCustomerId,
      user: other.userId,
      wave: true,
      tags: ['pump'],
    });
  });
  afterAll(async () => {
    await server?.close();
  });
}
