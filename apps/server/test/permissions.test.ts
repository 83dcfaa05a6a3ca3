import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  PERMISSIONS,
  TELEMETRY_READERS,
  TELEMETRY_SOURCE_READERS,
  type Permission,
  type Role,
} from '@overtone/contract';
import type { Access } from '../src/modules/auth/access.ts';
import { startTestServer } from './support/test-server.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { caller, DEMO_HOST, loginOn, passwordChosen, type Call } from './admin-client.ts';

/**
 * Generated from the route table: for every route that declares `needs(...)`, a user whose role
 * lacks exactly those permissions gets 403, and a user holding any one of them does not. The user
 * and its role are made through the users and roles API, and the role is edited between requests
 * of the same session (permissions apply on the next request).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let call: Call;
let probeToken: string;
let probeRole: Role;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server, await loginOn(server, 'admin@demo.local', TEST_PASSWORD));
  probeRole = (await call.endpoint(ENDPOINTS.createRole, { body: { name: 'PROBE', permissions: [] } })).body;
  const probe = await call.endpoint(ENDPOINTS.createUser, {
    body: {
      name: 'Permission',
      surname: 'Probe',
      email: 'probe@demo.local',
      role: probeRole._id,
      // An admin: the admin-only password reset must then depend on its permission alone.
      userType: 'admin',
      password: 'Probe-Password-1',
      mfaEnabled: false,
    },
  });
  expect(probe.status, JSON.stringify(probe.body)).toBe(200);
  await passwordChosen(server, probe.body._id);
  probeToken = await loginOn(server, 'probe@demo.local', 'Probe-Password-1');
});
afterAll(async () => server?.close());

const methodsOf = (m: string | string[]) => (Array.isArray(m) ? m : [m]).filter((x) => x !== 'HEAD');
const sample = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'host' ? DEMO_HOST : '0123456789abcdef01234567'));

/** Every (method, url) that needs a permission, grouped by the permission set it declares. */
function routesByPermissions() {
  const groups = new Map<string, { permissions: Permission[]; routes: { method: string; url: string }[] }>();
  for (const r of server.app.routeTable) {
    const access = (r.config as { access: Access }).access;
    if (!('permission' in access)) continue;
    const permissions = [...access.permission].sort() as Permission[];
    const key = permissions.join(',');
    if (!groups.has(key)) groups.set(key, { permissions, routes: [] });
    for (const method of methodsOf(r.method)) groups.get(key)!.routes.push({ method, url: r.url });
  }
  return [...groups.values()];
}

const setProbePermissions = async (permissions: readonly string[]) => {
  const res = await call.endpoint(ENDPOINTS.updateRole, {
    params: { id: probeRole._id },
    body: { name: probeRole.name, permissions: [...permissions] },
  });
  expect(res.status).toBe(200);
};
const probe = (route: { method: string; url: string }) =>
  server.app.inject({
    method: route.method as 'GET',
    url: sample(route.url),
    headers: { host: DEMO_HOST, token: probeToken },
    payload: route.method === 'GET' ? undefined : {},
  });

describe('every permission a route declares is enforced by the server', () => {
  it('the route table holds the admin area routes with their permissions', () => {
    const declared = new Map(
      server.app.routeTable.flatMap((r) =>
        methodsOf(r.method).map((m) => [`${m} ${r.url}`, (r.config as { access: Access }).access] as const),
      ),
    );
    expect(declared.get('POST /api/users')).toEqual({ permission: ['createUser'] });
    expect(declared.get('POST /api/user/:id/password')).toEqual({ permission: ['deleteUser'] });
    expect(declared.get('PUT /api/role/:id')).toEqual({ permission: ['updateRole'] });
    expect(declared.get('PUT /api/preferences/logo')).toEqual({ permission: ['updatePreferences'] });
    expect(declared.get('PUT /api/telemetry/order')).toEqual({ permission: ['updateTelemetry'] });
    expect(declared.get('GET /api/gateway')).toEqual({ permission: ['readGateway'] });
    expect(declared.get('GET /api/telemetry')).toEqual({ permission: [...TELEMETRY_READERS] });
    expect(declared.get('GET /api/telemetry/sources')).toEqual({ permission: [...TELEMETRY_SOURCE_READERS] });
  });

  it('a role lacking exactly the route’s permissions gets 403; holding any one of them, no 403', async () => {
    const groups = routesByPermissions();
    expect(groups.flatMap((g) => g.routes).length).toBeGreaterThan(20);
    for (const { permissions, routes } of groups) {
      await setProbePermissions(PERMISSIONS.filter((p) => !permissions.includes(p)));
      for (const route of routes) {
        const res = await probe(route);
        expect(res.statusCode, `${route.method} ${route.url} without ${permissions.join('/')}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      for (const p of permissions) {
        await setProbePermissions([p]);
        for (const route of routes) {
          const res = await probe(route);
          expect(res.statusCode, `${route.method} ${route.url} with ${p}: ${res.body}`).not.toBe(403);
          expect(res.statusCode, `${route.method} ${route.url} with ${p}: ${res.body}`).not.toBe(401);
        }
      }
    }
  });

  it('the admin password reset also needs the caller to be an admin', async () => {
    await setProbePermissions(PERMISSIONS);
    const me = (await call.endpoint(ENDPOINTS.listUsers)).body.find((u) => u.email === 'probe@demo.local')!;
    const { _id, createdAt: _, ...fields } = me;
    expect(
      (await call.endpoint(ENDPOINTS.updateUser, { params: { id: _id }, body: { ...fields, userType: 'user' } })).status,
    ).toBe(200);

    const res = await probe({ method: 'POST', url: '/api/user/:id/password' });
    expect(res.statusCode).toBe(403);
  });
});
