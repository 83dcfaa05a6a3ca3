import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@overtone/contract';
import { api, login, startTestServer } from './support/test-server.ts';
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
  it('registers every operation of the table under /api', () => {
    for (const [name, e] of Object.entries(ENDPOINTS))
      expect(server.app.hasRoute({ method: e.method, url: `/api${e.path}` }), `${name}: ${e.method} ${e.path}`).toBe(true);
  });

  it('enforces the declared access: 401 without a session, 403 without one of its permissions', async () => {
    await insertUser(server, { email: 'nobody@demo.local', password: 'Nobody-Password-1', permissions: [] });
    const powerless = await login(server.url, 'nobody@demo.local', 'Nobody-Password-1');
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      if ('public' in e.access) continue;
      const path = e.path.replace(/:(\w+)/g, '0123456789abcdef01234567');
      const body = e.method === 'GET' || e.method === 'DELETE' ? undefined : {};
      expect((await api(server.url, null, e.method, path, body)).status, `${name} without a token`).toBe(401);
      if ('permission' in e.access)
        expect((await api(server.url, powerless, e.method, path, body)).status, `${name} without its permission`).toBe(403);
    }
  });
});
