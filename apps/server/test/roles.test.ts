import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CATEGORIES, PERMISSIONS, permissionEntry, role, type Role, type User } from '@overtone/contract';
import { caller, loginOn, passwordChosen, validationText, type Call, startTwoTenants } from './admin-client.ts';

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
  const res = await call<User>('POST', '/users', {
    name: 'Role',
    surname: `Tester ${++seq}`,
    email: `role-tester-${seq}@demo.local`,
    role: roleId,
    password,
    mfaEnabled: false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await passwordChosen(server, res.body._id);
  return { ...res.body, password };
}
const roleOf = async (userId: string) => (await call<User[]>('GET', '/users')).body.find((u) => u._id === userId)!.role;

describe('GET /permissions', () => {
  it('lists every permission key of the contract once, with its category', async () => {
    const res = await call<{ _id: string; name: string; category: string }[]>('GET', '/permissions');
    expect(res.status).toBe(200);
    const list = res.body.map((p) => permissionEntry.parse(p));
    expect(list.map((p) => p._id).sort()).toEqual([...PERMISSIONS].sort());
    for (const [category, keys] of Object.entries(PERMISSION_CATEGORIES))
      for (const key of keys) expect(list).toContainEqual({ _id: key, name: key, category });
  });
});

describe('GET /role', () => {
  it('lists the roles with the ids of their users', async () => {
    const res = await call<Role[]>('GET', '/role');
    expect(res.status).toBe(200);
    const adminRole = res.body.map((r) => role.parse(r)).find((r) => r.name === 'ADMIN')!;
    const demoAdmin = (await call<User[]>('GET', '/users')).body.find((u) => u.email === 'admin@demo.local')!;
    expect(adminRole.user).toContain(demoAdmin._id);
    expect(adminRole.permissions).toEqual(expect.arrayContaining([...PERMISSIONS]));
  });
});

describe('POST /role', () => {
  it('normalises the name (upper case; letters, space, underscore) and defaults the display name to it', async () => {
    const res = await call<Role>('POST', '/role', {
      name: '  shift_lead 2nd! ',
      permissions: ['readPoint', 'readPoint', 'readUser'],
    });
    expect(res.status).toBe(200);
    expect(role.parse(res.body)).toMatchObject({
      name: 'SHIFT_LEAD ND',
      displayName: 'SHIFT_LEAD ND',
      permissions: ['readPoint', 'readUser'],
      user: [],
    });
    const listed = (await call<Role[]>('GET', '/role')).body.map((r) => r._id);
    expect(listed).toContain(res.body._id);
  });

  it('refuses a name the customer already has (409), an empty name and an unknown permission (400)', async () => {
    const dup = await call('POST', '/role', { name: 'admin', permissions: [] });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'ROLE_NAME_TAKEN' });
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
    const r = (await call<Role>('POST', '/role', { name: 'viewers', permissions: ['readPoint'] })).body;
    const u = await newUser(r._id);
    const token = await loginOn(server, u.email, u.password);
    expect((await as(token)('GET', '/users')).status).toBe(403);
    const res = await call<Role>('PUT', `/role/${r._id}`, {
      _id: r._id,
      name: 'viewers 2',
      permissions: ['readPoint', 'readUser'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'VIEWERS 2', permissions: ['readPoint', 'readUser'], user: [u._id] });
    expect((await as(token)('GET', '/users')).status).toBe(200);
    await call('PUT', `/role/${r._id}`, { name: 'viewers 2', permissions: ['readPoint'] });
    expect((await as(token)('GET', '/users')).status).toBe(403);
  });

  it('with `user`, sets exactly the users holding the role in one go', async () => {
    const a = (await call<Role>('POST', '/role', { name: 'team a', permissions: ['readPoint'] })).body;
    const b = (await call<Role>('POST', '/role', { name: 'team b', permissions: ['readPoint'] })).body;
    const u1 = await newUser(a._id);
    const u2 = await newUser(a._id);
    const first = await call<Role>('PUT', `/role/${b._id}`, {
      name: 'team b',
      permissions: ['readPoint'],
      user: [u1._id, u1._id],
    });
    expect(first.status).toBe(200);
    expect(first.body.user).toEqual([u1._id]);
    expect(await roleOf(u1._id)).toBe(b._id);
    const second = await call<Role>('PUT', `/role/${b._id}`, { name: 'team b', permissions: ['readPoint'], user: [u2._id] });
    expect(second.body.user).toEqual([u2._id]);
    expect(await roleOf(u1._id)).toBeNull();
    expect(await roleOf(u2._id)).toBe(b._id);
    const none = await call<Role>('PUT', `/role/${b._id}`, { name: 'team b', permissions: ['readPoint'], user: [] });
    expect(none.body.user).toEqual([]);
    expect(await roleOf(u2._id)).toBeNull();
    // Without `user` the assignments stay as they are.
    await call('PUT', `/role/${a._id}`, { name: 'team a', permissions: ['readPoint'], user: [u1._id] });
    await call('PUT', `/role/${a._id}`, { name: 'team a', permissions: ['readUser'] });
    expect((await call<Role[]>('GET', '/role')).body.find((r) => r._id === a._id)!.user).toEqual([u1._id]);
  });

  it('refuses another role’s name (409) and an unknown role (404)', async () => {
    const r = (await call<Role>('POST', '/role', { name: 'renamer', permissions: [] })).body;
    const dup = await call('PUT', `/role/${r._id}`, { name: 'Admin', permissions: [] });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'ROLE_NAME_TAKEN' });
    const same = await call('PUT', `/role/${r._id}`, { name: 'renamer', displayName: 'Renamer', permissions: [] });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ displayName: 'Renamer' });
    const unknown = await call('PUT', '/role/0123456789abcdef01234567', { name: 'x', permissions: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'ROLE_NOT_FOUND' });
  });
});

describe('DELETE /role/{id}', () => {
  it('refuses a role users hold (409), deletes it once nobody does', async () => {
    const r = (await call<Role>('POST', '/role', { name: 'short lived', permissions: ['readPoint'] })).body;
    await newUser(r._id);
    const inUse = await call('DELETE', `/role/${r._id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'ROLE_IN_USE' });
    await call('PUT', `/role/${r._id}`, { name: 'short lived', permissions: [], user: [] });
    expect((await call('DELETE', `/role/${r._id}`)).status).toBe(200);
    expect((await call<Role[]>('GET', '/role')).body.map((x) => x._id)).not.toContain(r._id);
    expect((await call('DELETE', `/role/${r._id}`)).body).toMatchObject({ code: 'ROLE_NOT_FOUND' });
  });
});

describe('tenant isolation of roles', () => {
  it('neither customer sees or changes the other’s roles, nor assigns the other’s users', async () => {
    const theirs = await other<Role[]>('GET', '/role');
    expect(theirs.status).toBe(200);
    const foreign = theirs.body[0]!;
    const ours = (await call<Role[]>('GET', '/role')).body;
    expect(ours.map((r) => r._id)).not.toContain(foreign._id);
    for (const r of ours) expect(theirs.body.map((x) => x._id)).not.toContain(r._id);
    expect((await call('PUT', `/role/${foreign._id}`, { name: 'PWNED', permissions: [] })).body).toMatchObject({
      code: 'ROLE_NOT_FOUND',
    });
    expect((await call('DELETE', `/role/${foreign._id}`)).body).toMatchObject({ code: 'ROLE_NOT_FOUND' });
    // Another customer's user cannot be pulled into a role of ours; nothing changes.
    const mine = (await call<Role>('POST', '/role', { name: 'grabber', permissions: [] })).body;
    const res = await call('PUT', `/role/${mine._id}`, { name: 'grabber', permissions: ['readUser'], user: foreign.user });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await call<Role[]>('GET', '/role')).body.find((r) => r._id === mine._id)!.permissions).toEqual([]);
    const after = (await other<Role[]>('GET', '/role')).body.find((r) => r._id === foreign._id)!;
    expect(after).toEqual(foreign);
  });
});
