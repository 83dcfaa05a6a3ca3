import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type CreateShareBody, type EndpointBody } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { hashToken } from '../src/modules/auth/session.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { photoPrefix } from '../src/modules/measurements/detail-repo.ts';
import { shareClock } from '../src/modules/share/repo.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId } from './support/users.ts';

/**
 * Share links (spec 002 §7, docs/share-links.md): creation, the token's scope (one measurement,
 * read-only, the allowed extras only), expiry on a controllable clock, revocation, tenants.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let otherToken: string;
let demoId: string;
let otherCustomerId: string;
let pointId: string;
let shared: string;
let sibling: string;
let foreign: string;

async function insert(customer: string, at: string, point: string | null) {
  const id = newId();
  const key = waveformKey(customer, id);
  await server.ctx.storage.put(key, new Uint8Array(new Int16Array([100, -200, 300, 400, -500, 600]).buffer));
  await server.ctx.db
    .insertInto('measurements')
    .values({
      id,
      customer_id: customer,
      object_id: id,
      point_id: point,
      device_mac: 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: null,
      measurement_type: 'MANUAL',
      state: 'persisted',
      range_index: 2,
      rate_index: 9,
      sample_size: 2,
      calibrated_sampling_rate: 12800,
      waveform_key: key,
      created_at: new Date(at),
    })
    .execute();
  await server.ctx.db
    .insertInto('telemetry_values')
    .values({
      measurement_id: id,
      customer_id: customer,
      point_id: point,
      telemetry: 'GRMS',
      source: 'accelerometer_x',
      device_reported: false,
      value: 0.5,
      unit: 'g',
      measured_at: new Date(at),
    })
    .execute();
  return id;
}

const create = (body: CreateShareBody, tok = token, host?: string) =>
  callApi(server.url, tok, ENDPOINTS.createShareLink, { body, host });
/** The token holder reads a shared measurement: the share token in the `token` header, no session. */
const readShared = (shareToken: string | null, id: string, host?: string) =>
  callApi(server.url, shareToken, ENDPOINTS.getSharedMeasurement, { params: { id }, host });

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  const other = await createSecondTenant(server);
  otherCustomerId = other.customerId;
  otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
  const tree = await callApi(server.url, token, ENDPOINTS.getTree);
  pointId = tree.body.find((n) => n.nodeType === 'point')!._id;
  const now = Date.now();
  shared = await insert(demoId, new Date(now - 3600e3).toISOString(), pointId);
  sibling = await insert(demoId, new Date(now - 7200e3).toISOString(), pointId);
  foreign = await insert(otherCustomerId, new Date(now - 3600e3).toISOString(), null);
  const key = photoPrefix(demoId, shared) + 'photo.jpg';
  await server.ctx.storage.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  await server.ctx.db.insertInto('measurement_photos').values({ key, customer_id: demoId, measurement_id: shared }).execute();
});
afterAll(async () => server?.close());
afterEach(() => {
  shareClock.now = () => new Date();
});

describe('creating and listing share links', () => {
  it('creates a link (default 4h, extras off), stores only the token’s SHA-256, lists it without the token', async () => {
    const before = Date.now();
    const res = await create({ measurementId: shared });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      measurementId: shared,
      allowTrend: false,
      allowImage: false,
      allowAlarmTransactions: false,
      expiresIn: '4h',
      createdBy: { name: expect.any(String) },
    });
    const lifetime = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(lifetime).toBe(4 * 3600e3);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const row = await server.ctx.db
      .selectFrom('share_tokens')
      .selectAll()
      .where('id', '=', res.body._id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(res.body.token));
    expect(JSON.stringify(row)).not.toContain(res.body.token);
    const list = await callApi(server.url, token, ENDPOINTS.listShareLinks, { query: { measurementId: shared } });
    expect(list.body.map((l) => l._id)).toContain(res.body._id);
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);
  });

  it('accepts exactly the spec’s lifetimes', async () => {
    for (const [expiresIn, hours] of [
      ['15m', 0.25],
      ['30m', 0.5],
      ['1h', 1],
      ['1d', 24],
      ['7d', 168],
      ['15d', 360],
      ['30d', 720],
    ] as const) {
      const res = await create({ measurementId: shared, expiresIn });
      expect(res.status, expiresIn).toBe(200);
      expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(hours * 3600e3);
    }
    // a lifetime the spec does not list
    expect(
      (await api(server.url, token, 'POST', '/temporaryToken/measurement', { measurementId: shared, expiresIn: '2h' })).status,
    ).toBe(400);
  });

  it('refuses another customer’s or a missing measurement with the same 404', async () => {
    const a = await create({ measurementId: foreign });
    const b = await create({ measurementId: '0123456789abcdef01234567' });
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 404, body: { code: 'MEASUREMENT_NOT_FOUND' } });
  });
});

describe('what a token holder may do', () => {
  it('reads the shared measurement only; other ids 404; writes and other endpoints 401', async () => {
    const link = (await create({ measurementId: shared })).body;
    const scope = await callApi(server.url, link.token, ENDPOINTS.getShareScope);
    expect(scope).toMatchObject({ status: 200, body: { measurementId: shared, allowTrend: false, expiresAt: link.expiresAt } });
    const detail = await readShared(link.token, shared);
    expect(detail.status).toBe(200);
    expect(detail.body._id).toBe(shared);
    expect(detail.body.data.accelerometer_x).toHaveLength(2);
    // the token in the query string works too (the page URL's `token` parameter)
    expect(
      (await callApi(server.url, null, ENDPOINTS.getSharedMeasurement, { params: { id: shared }, query: { token: link.token } }))
        .status,
    ).toBe(200);

    // another measurement, of the same customer and point, or of another customer: 404
    expect(await readShared(link.token, sibling)).toMatchObject({
      status: 404,
      body: { code: 'MEASUREMENT_NOT_FOUND' },
    });
    expect((await readShared(link.token, foreign)).status).toBe(404);
    // the session routes do not know the token: reads, writes and any other endpoint are 401
    const params = { id: shared };
    expect((await callApi(server.url, link.token, ENDPOINTS.getMeasurement, { params })).status).toBe(401);
    expect(
      (await callApi(server.url, link.token, ENDPOINTS.setMeasurementFavorite, { params, body: { favorite: true } })).status,
    ).toBe(401);
    expect((await callApi(server.url, link.token, ENDPOINTS.setMeasurementNote, { params, body: { note: 'x' } })).status).toBe(
      401,
    );
    expect((await callApi(server.url, link.token, ENDPOINTS.deleteMeasurement, { params })).status).toBe(401);
    expect((await create({ measurementId: shared }, link.token)).status).toBe(401);
    expect((await callApi(server.url, link.token, ENDPOINTS.getTree)).status).toBe(401);
    expect((await callApi(server.url, link.token, ENDPOINTS.listMeasurements)).status).toBe(401);
    // no write exists in the /share family
    expect((await api(server.url, link.token, 'PUT', `/share/measurement/${shared}`, {})).status).toBe(404);
    // nothing without a token, or with a session token
    expect((await readShared(null, shared)).body).toMatchObject({ code: 'SHARE_LINK_INVALID' });
    expect((await readShared(token, shared)).status).toBe(401);
  });

  it('grants the extras only when allowed: trend, images, alarm transactions', async () => {
    const none = (await create({ measurementId: shared })).body.token;
    for (const p of ['trend', 'photo', 'point-image', 'alarm-transactions']) {
      const res = await api(server.url, none, 'GET', `/share/measurement/${shared}/${p}`);
      expect(res, p).toMatchObject({ status: 403, body: { code: 'SHARE_NOT_ALLOWED' } });
    }
    const all = (await create({ measurementId: shared, allowTrend: true, allowImage: true, allowAlarmTransactions: true })).body
      .token;
    const params = { id: shared };
    const trend = await callApi(server.url, all, ENDPOINTS.getSharedPointTrend, {
      params,
      query: { telemetry: 'GRMS', hours: 168 },
    });
    expect(trend.status).toBe(200);
    expect(trend.body.pointId).toBe(pointId);
    const ids = trend.body.series.find((s) => s.source === 'accelerometer_x')!.points.map((p) => p.measurementId);
    expect(ids).toEqual(expect.arrayContaining([shared, sibling]));
    const photos = await callApi(server.url, all, ENDPOINTS.listSharedMeasurementPhotos, { params });
    expect(photos.body.map((p) => p.key)).toEqual([photoPrefix(demoId, shared) + 'photo.jpg']);
    expect((await callApi(server.url, all, ENDPOINTS.listSharedPointImages, { params })).status).toBe(200);
    expect(
      (await callApi(server.url, all, ENDPOINTS.listSharedAlarmTransactions, { params, query: { pageSize: 25 } })).body,
    ).toEqual({
      total: 0,
      pageNumber: 1,
      pageSize: 25,
      transactions: [],
    });
    // an extra of another measurement: still 404
    expect((await callApi(server.url, all, ENDPOINTS.getSharedPointTrend, { params: { id: sibling } })).status).toBe(404);
  });

  it('runs the analysis calls under /share with a valid token only', async () => {
    const link = (await create({ measurementId: shared })).body.token;
    const body: EndpointBody<typeof ENDPOINTS.computeSpectrum> = {
      signal: Array.from({ length: 256 }, (_, i) => Math.sin(i / 4)),
      samplingRate: 1000,
      window: 'hanning',
      half: true,
    };
    const res = await callApi(server.url, link, ENDPOINTS.computeSpectrumWithShareToken, { body });
    expect(res.status).toBe(200);
    expect(res.body.results.x.length).toBeGreaterThan(10);
    expect((await callApi(server.url, null, ENDPOINTS.computeSpectrumWithShareToken, { body })).status).toBe(401);
    expect((await callApi(server.url, link, ENDPOINTS.computeSpectrum, { body })).status).toBe(401);
  });
});

describe('expiry and revocation', () => {
  it('expires on the module clock (no sleeping) and drops out of the list', async () => {
    const t0 = Date.now();
    shareClock.now = () => new Date(t0);
    const link = (await create({ measurementId: shared, expiresIn: '15m' })).body;
    shareClock.now = () => new Date(t0 + 15 * 60e3 - 1000);
    expect((await readShared(link.token, shared)).status).toBe(200);
    shareClock.now = () => new Date(t0 + 15 * 60e3);
    expect(await readShared(link.token, shared)).toMatchObject({
      status: 401,
      body: { code: 'SHARE_LINK_INVALID' },
    });
    const list = await callApi(server.url, token, ENDPOINTS.listShareLinks, { query: { measurementId: shared } });
    expect(list.body.map((l) => l._id)).not.toContain(link._id);
  });

  it('revokes at once; another customer cannot revoke (404) and its token never reads this customer', async () => {
    const link = (await create({ measurementId: shared })).body;
    const other = await callApi(server.url, otherToken, ENDPOINTS.revokeShareLink, {
      params: { id: link._id },
      host: OTHER_HOST,
    });
    expect(other).toMatchObject({ status: 404, body: { code: 'SHARE_LINK_NOT_FOUND' } });
    expect((await callApi(server.url, otherToken, ENDPOINTS.listShareLinks, { host: OTHER_HOST })).body).toEqual([]);
    expect((await readShared(link.token, shared)).status).toBe(200);
    // the demo customer's token on the other customer's host: refused
    expect((await readShared(link.token, shared, OTHER_HOST)).status).toBe(401);

    // the other customer's token never reads the demo customer's data
    const theirs = (await create({ measurementId: foreign, allowTrend: true }, otherToken, OTHER_HOST)).body;
    expect((await readShared(theirs.token, foreign, OTHER_HOST)).status).toBe(200);
    expect((await readShared(theirs.token, shared, OTHER_HOST)).status).toBe(404);
    expect((await readShared(theirs.token, shared)).status).toBe(401);
    expect((await readShared(theirs.token, foreign)).status).toBe(401);

    expect(await callApi(server.url, token, ENDPOINTS.revokeShareLink, { params: { id: link._id } })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await readShared(link.token, shared)).toMatchObject({
      status: 401,
      body: { code: 'SHARE_LINK_INVALID' },
    });
    expect((await callApi(server.url, token, ENDPOINTS.revokeShareLink, { params: { id: link._id } })).status).toBe(404);
  });

  it('goes with its measurement', async () => {
    const id = await insert(demoId, new Date().toISOString(), null);
    const link = (await create({ measurementId: id })).body;
    expect((await callApi(server.url, token, ENDPOINTS.deleteMeasurement, { params: { id } })).status).toBe(200);
    expect((await readShared(link.token, id)).status).toBe(401);
  });
});
