import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS as E, pathParamNames, type Endpoint } from '@overtone/contract';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { insertPersistedMeasurement } from './support/stored-measurements.ts';

/**
 * The contract's endpoint table against the running server: every entry is a registered route
 * (method and path as declared), and its declared access is what the server enforces.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
const OTHER_ID = '0123456789abcdef01234567';
/** A call of `e` with every path parameter set to `id` (and `{}` as the body of a POST or PUT). */
const callOf = (e: Endpoint, id = OTHER_ID) =>
  ({
    params: Object.fromEntries(pathParamNames(e.path).map((p) => [p, id])),
    body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
  }) as unknown as Parameters<typeof callApi>[3];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('the endpoint table, served', () => {
  it('answers a typed call of the table (the test client)', async () => {
    const token = await login(server.url);
    const tree = await callApi(server.url, token, E.getTree);
    expect(tree.status).toBe(200);
    const point = tree.body.find((n) => n.nodeType === 'point')!;
    const res = await callApi(server.url, token, E.getPoint, { params: { id: point._id } });
    expect(res.body.name).toBe(point.name);
  });

  it('registers every operation of the table under /api', () => {
    for (const [name, e] of Object.entries(E))
      expect(server.app.hasRoute({ method: e.method, url: `/api${e.path}` }), `${name}: ${e.method} ${e.path}`).toBe(true);
  });

  it('enforces the declared access: 401 without a session, 403 without one of its permissions', async () => {
    await insertUser(server, { email: 'nobody@demo.local', password: 'Nobody-Password-1', permissions: [] });
    const powerless = await login(server.url, 'nobody@demo.local', 'Nobody-Password-1');
    for (const [name, e] of Object.entries(E)) {
      if ('public' in e.access || 'shareToken' in e.access) continue;
      const call = callOf(e);
      expect((await callApi(server.url, null, e, call)).status, `${name} without a token`).toBe(401);
      if ('permission' in e.access)
        expect((await callApi(server.url, powerless, e, call)).status, `${name} without its permission`).toBe(403);
    }
  });

  it("holds a share token holder's operation to the token: 401 without one or with an unknown one, 404 for another measurement, 403 for an extra the link does not grant", async () => {
    const token = await login(server.url);
    const tree = await callApi(server.url, token, E.getTree);
    const point = tree.body.find((n) => n.nodeType === 'point')!;
    const target = { customerId: await demoCustomerId(server), pointId: point._id, deviceMac: 'CA:B8:31:00:00:02' };
    const measurementId = await insertPersistedMeasurement(server.ctx, target, new Date(), { key: null, fsHz: 12800, n: 0 });
    const link = await callApi(server.url, token, E.createShareLink, { body: { measurementId } });
    expect(link.status).toBe(200);
    const holders = (Object.entries(E) as [string, Endpoint][]).filter(([, e]) => 'shareToken' in e.access);
    expect(holders.length).toBeGreaterThan(10);
    for (const [name, e] of holders) {
      expect((await callApi(server.url, null, e, callOf(e))).status, `${name} without a token`).toBe(401);
      expect((await callApi(server.url, 'not-a-share-token', e, callOf(e))).status, `${name} with an unknown token`).toBe(401);
      if (e.method === 'POST') {
        // an analysis: its stored-signal form reads the shared measurement only
        const stored = {
          body: { measurementId: OTHER_ID, axis: 'accelerometer_x', axis2: 'accelerometer_y' },
        } as unknown as Parameters<typeof callApi>[3];
        expect((await callApi(server.url, link.body.token, e, stored)).status, `${name} of another measurement`).toBe(404);
      }
      if (!pathParamNames(e.path).includes('id')) continue;
      expect((await callApi(server.url, link.body.token, e, callOf(e))).status, `${name} of another measurement`).toBe(404);
      if (e.errors?.includes(403))
        expect(
          (await callApi(server.url, link.body.token, e, callOf(e, measurementId))).status,
          `${name} without its extra`,
        ).toBe(403);
    }
  });
});
