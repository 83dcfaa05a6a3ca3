import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSION_CATEGORIES, PERMISSIONS, permissionEntry, role, type User } from '@overtone/contract';
import { caller, loginOn, passwordChosen, validationText, type Call, startTwoTenants } from './admin-client.ts';
import { failureOf } from './support/endpoint-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;

beforeAll(async () => {
  ({ server, call, other } = await startTwoTenants());
});
afterAll(async () => server?.close());

const as = (token: string) => caller(server, token);

let seq = 0;
/** A user of the demo customer through the API, able to act (password chosen, no second step). */
async function newUser(roleId: string): Promise<User & { password: string }> {
  const password = 'Strong-Pass-1';
  const res = await call.endpoint(ENDPOINTS.createUser, {
    body: {
      name: 'Role',
      surname: `Tester ${++seq}`,
      email: `role-tester-${seq}@demo.local`,
      role: roleId,
      password,
      mfaEnabled: false,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await passwordChosen(server, res.body._id);
  return { ...res.body, password };
}
const roleOf = async (userId: string) => (await call.endpoint(ENDPOINTS.listUsers)).body.find((u) => u._id === userId)!.role;
const listRoles = async (who: Call = call) => (await who.endpoint(ENDPOINTS.listRoles)).body;
const createRole = async (name: string, permissions: string[]) =>
  (await call.endpoint(ENDPOINTS.createRole, { body: { name, permissions } })).body;

describe('GET /permissions', () => {
  it('lists every permission key of the contract once, with its category', async () => {
    const res = await call.endpoint(ENDPOINTS.listPermissions);
    expect(res.status).toBe(200);
    const list = res.body.map((p) => permissionEntry.parse(p));
    expect(list.map((p) => p._id).sort()).toEqual([...PERMISSIONS].sort());
    for (const [category, keys] of Object.entries(PERMISSION_CATEGORIES))
      for (const key of keys) expect(list).toContainEqual({ _id: key, name: key, category });
  });
});

describe('GET /role', () => {
  it('lists the roles with the ids of their users', async () => {
    const res = await call.endpoint(ENDPOINTS.listRoles);
    expect(res.status).toBe(200);
    const adminRole = res.body.map((r) => role.parse(r)).find((r) => r.name === 'ADMIN')!;
    const demoAdmin = (await call.endpoint(ENDPOINTS.listUsers)).body.find((u) => u.email === 'admin@demo.local')!;
    expect(adminRole.user).toContain(demoAdmin._id);
    expect(adminRole.permissions).toEqual(expect.arrayContaining([...PERMISSIONS]));
  });
});

describe('POST /role', () => {
  it('normalises the name (upper case; letters, space, underscore) and defaults the display name to it', async () => {
    const res = await call.endpoint(ENDPOINTS.createRole, {
      body: { name: '  shift_lead 2nd! ', permissions: ['readPoint', 'readPoint', 'readUser'] },
    });
    expect(res.status).toBe(200);
    expect(role.parse(res.body)).toMatchObject({
      name: 'SHIFT_LEAD ND',
      displayName: 'SHIFT_LEAD ND',
      permissions: ['readPoint', 'readUser'],
      user: [],
    });
    const listed = (await listRoles()).map((r) => r._id);
    expect(listed).toContain(res.body._id);
  });

  it('refuses a name the customer already has (409), an empty name and an unknown permission (400)', async () => {
    const dup = await call.endpoint(ENDPOINTS.createRole, { body: { name: 'admin', permissions: [] } });
    expect(dup.status).toBe(409);
    expect(failureOf(dup)).toMatchObject({ code: 'ROLE_NAME_TAKEN' });
    const empty = await call<{ errors: { msg: string }[] }>('POST', '/role', { name: ' 123 ', permissions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e) => e.msg)).toContain(validationText('requireRoleName'));
    const unknown = await call<{ errors: { msg: string }[] }>('POST', '/role', { name: 'BAD', permissions: ['flyToTheMoon'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e) => e.msg)).toContain(validationText('unknownPermission'));
  });
});

describe('PUT /role/{id}', () => {
  it('renames (digits kept on edit) and changes permissions, which apply on the holder’s next request', async () => {
    const r = await createRole('viewers', ['readPoint']);
    const u = await newUser(r._id);
    const token = await loginOn(server, u.email, u.password);
    const params = { id: r._id };
    expect((await as(token).endpoint(ENDPOINTS.listUsers)).status).toBe(403);
    const res = await call.endpoint(ENDPOINTS.updateRole, {
      params,
      body: { _id: r._id, name: 'viewers 2', permissions: ['readPoint', 'readUser'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'VIEWERS 2', permissions: ['readPoint', 'readUser'], user: [u._id] });
    expect((await as(token).endpoint(ENDPOINTS.listUsers)).status).toBe(200);
    await call.endpoint(ENDPOINTS.updateRole, { params, body: { name: 'viewers 2', permissions: ['readPoint'] } });
    expect((await as(token).endpoint(ENDPOINTS.listUsers)).status).toBe(403);
  });

  it('with `user`, sets exactly the users holding the role in one go', async () => {
    const a = await createRole('team a', ['readPoint']);
    const b = await createRole('team b', ['readPoint']);
    const u1 = await newUser(a._id);
    const u2 = await newUser(a._id);
    const teamB = (user: string[]) =>
      call.endpoint(ENDPOINTS.updateRole, { params: { id: b._id }, body: { name: 'team b', permissions: ['readPoint'], user } });
    const first = await teamB([u1._id, u1._id]);
    expect(first.status).toBe(200);
    expect(first.body.user).toEqual([u1._id]);
    expect(await roleOf(u1._id)).toBe(b._id);
    const second = await teamB([u2._id]);
    expect(second.body.user).toEqual([u2._id]);
    expect(await roleOf(u1._id)).toBeNull();
    expect(await roleOf(u2._id)).toBe(b._id);
    const none = await teamB([]);
    expect(none.body.user).toEqual([]);
    expect(await roleOf(u2._id)).toBeNull();
    // Without `user` the assignments stay as they are.
    await call.endpoint(ENDPOINTS.updateRole, {
      params: { id: a._id },
      body: { name: 'team a', permissions: ['readPoint'], user: [u1._id] },
    });
    await call.endpoint(ENDPOINTS.updateRole, { params: { id: a._id }, body: { name: 'team a', permissions: ['readUser'] } });
    expect((await listRoles()).find((r) => r._id === a._id)!.user).toEqual([u1._id]);
  });

  it('refuses another role’s name (409) and an unknown role (404)', async () => {
    const r = await createRole('renamer', []);
    const params = { id: r._id };
    const dup = await call.endpoint(ENDPOINTS.updateRole, { params, body: { name: 'Admin', permissions: [] } });
    expect(dup.status).toBe(409);
    expect(failureOf(dup)).toMatchObject({ code: 'ROLE_NAME_TAKEN' });
    const same = await call.endpoint(ENDPOINTS.updateRole, {
      params,
      body: { name: 'renamer', displayName: 'Renamer', permissions: [] },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ displayName: 'Renamer' });
    const unknown = await call.endpoint(ENDPOINTS.updateRole, {
      params: { id: '0123456789abcdef01234567' },
      body: { name: 'x', permissions: [] },
    });
    expect(unknown.status).toBe(404);
    expect(failureOf(unknown)).toMatchObject({ code: 'ROLE_NOT_FOUND' });
  });
});

describe('DELETE /role/{id}', () => {
  it('refuses a role users hold (409), deletes it once nobody does', async () => {
    const r = await createRole('short lived', ['readPoint']);
    const params = { id: r._id };
    await newUser(r._id);
    const inUse = await call.endpoint(ENDPOINTS.deleteRole, { params });
    expect(inUse.status).toBe(409);
    expect(failureOf(inUse)).toMatchObject({ code: 'ROLE_IN_USE' });
    await call.endpoint(ENDPOINTS.updateRole, { params, body: { name: 'short lived', permissions: [], user: [] } });
    expect((await call.endpoint(ENDPOINTS.deleteRole, { params })).status).toBe(200);
    expect((await listRoles()).map((x) => x._id)).not.toContain(r._id);
    expect(failureOf(await call.endpoint(ENDPOINTS.deleteRole, { params }))).toMatchObject({ code: 'ROLE_NOT_FOUND' });
  });
});

describe('tenant isolation of roles', () => {
  it('neither customer sees or changes the other’s roles, nor assigns the other’s users', async () => {
    const theirs = await other.endpoint(ENDPOINTS.listRoles);
    expect(theirs.status).toBe(200);
    const foreign = theirs.body[0]!;
    const ours = await listRoles();
    expect(ours.map((r) => r._id)).not.toContain(foreign._id);
    for (const r of ours) expect(theirs.body.map((x) => x._id)).not.toContain(r._id);
    const params = { id: foreign._id };
    expect(
      failureOf(await call.endpoint(ENDPOINTS.updateRole, { params, body: { name: 'PWNED', permissions: [] } })),
    ).toMatchObject({ code: 'ROLE_NOT_FOUND' });
    expect(failureOf(await call.endpoint(ENDPOINTS.deleteRole, { params }))).toMatchObject({ code: 'ROLE_NOT_FOUND' });
    // Another customer's user cannot be pulled into a role of ours; nothing changes.
    const mine = await createRole('grabber', []);
    const res = await call.endpoint(ENDPOINTS.updateRole, {
      params: { id: mine._id },
      body: { name: 'grabber', permissions: ['readUser'], user: foreign.user },
    });
    expect(res.status).toBe(404);
    expect(failureOf(res)).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await listRoles()).find((r) => r._id === mine._id)!.permissions).toEqual([]);
    const after = (await listRoles(other)).find((r) => r._id === foreign._id)!;

    expect(after).toEqual(foreign);
  });
});
