import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS as E, pathParamNames } from '@overtone/contract';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { insertUser } from './support/users.ts';

/**
 * The contract's endpoint table against the running server: every entry is a registered route
 * (method and path as declared), and its declared access is what the server enforces.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
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
      if ('public' in e.access) continue;
      const params = Object.fromEntries(pathParamNames(e.path).map((p) => [p, '0123456789abcdef01234567']));
      const body = e.method === 'GET' || e.method === 'DELETE' ? undefined : {};
      const call = { params, body } as unknown as Parameters<typeof callApi>[3];
      expect((await callApi(server.url, null, e, call)).status, `${name} without a token`).toBe(401);
      if ('permission' in e.access)
        expect((await callApi(server.url, powerless, e, call)).status, `${name} without its permission`).toBe(403);
    }
  });
});
