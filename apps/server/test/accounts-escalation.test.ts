import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS, type Endpoint, type EndpointBody, type User } from '@overtone/contract';
import { callApi, failureOf, type TestCall } from './support/endpoint-client.ts';
import { login, startTestServer } from './support/test-server.ts';
import { insertUser } from './support/users.ts';

/**
 * Privilege escalation through users and roles (issue 14): nobody grants what they do not hold,
 * only admins deal with admins and the ADMIN role, and the customer always keeps an admin.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let admin: string;
let manager: string;
let managerId: string;
let managerRoleId: string;
let adminRoleId: string;
let demoAdminId: string;

const MANAGER_PERMISSIONS = [
  'readUser',
  'createUser',
  'updateUser',
  'deleteUser',
  'readRole',
  'createRole',
  'updateRole',
  'deleteRole',
];
/** A call of the endpoint table as the user of `token`. */
const as =
  (token: string) =>
  <E extends Endpoint>(e: E, call?: TestCall<E>) =>
    callApi(server.url, token, e, call);
type NewUser = EndpointBody<typeof ENDPOINTS.createUser>;
const newUser = (role: string, extra: Partial<NewUser> = {}): NewUser => ({
  name: 'New',
  surname: 'User',
  email: `u${Math.random().toString(36).slice(2, 10)}@demo.local`,
  role,
  userType: 'user',
  password: 'Strong-Pass-1!x',
  mfaEnabled: false,
  ...extra,
});
const fieldsOf = (u: User) => ({
  name: u.name,
  surname: u.surname,
  email: u.email,
  phone: u.phone,
  userType: u.userType,
  role: u.role,
  mfaEnabled: u.mfaEnabled,
});
/** `updateUser` of `user` by `token`: its fields as listed, with `changes`. */
const edit = (token: string, user: User, changes: Partial<ReturnType<typeof fieldsOf>>) =>
  as(token)(ENDPOINTS.updateUser, { params: { id: user._id }, body: { ...fieldsOf(user), ...changes } });
const users = async () => (await as(admin)(ENDPOINTS.listUsers)).body;
const roles = async () => (await as(admin)(ENDPOINTS.listRoles)).body;
const forbidden = (code: string) => ({ status: 403, body: { code } });

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url);
  const m = await insertUser(server, {
    email: 'manager@demo.local',
    password: 'Manager-Password-1',
    permissions: MANAGER_PERMISSIONS,
  });
  managerId = m.userId;
  managerRoleId = m.roleId;
  manager = await login(server.url, 'manager@demo.local', 'Manager-Password-1');
  adminRoleId = (await roles()).find((r) => r.name === 'ADMIN')!._id;
  demoAdminId = (await users()).find((u) => u.email === 'admin@demo.local')!._id;
});
afterAll(async () => server?.close());

describe('a non-admin holding createUser / updateUser / updateRole cannot escalate', () => {
  it('createUser with the ADMIN role, or as an admin: 403 ADMIN_ONLY', async () => {
    expect(await as(manager)(ENDPOINTS.createUser, { body: newUser(adminRoleId) })).toMatchObject(forbidden('ADMIN_ONLY'));
    expect(await as(manager)(ENDPOINTS.createUser, { body: newUser(managerRoleId, { userType: 'admin' }) })).toMatchObject(
      forbidden('ADMIN_ONLY'),
    );
    const res = await as(manager)(ENDPOINTS.createUser, { body: newUser(adminRoleId) });
    expect(failureOf(res).message).toBe('Only an administrator can change administrators or the ADMIN role');
  });

  it('createUser with a role holding a permission the caller lacks: 403 GRANT_NOT_HELD', async () => {
    const strong = await as(admin)(ENDPOINTS.createRole, { body: { name: 'STRONG', permissions: ['readPoint', 'readUser'] } });
    expect(strong.status).toBe(200);
    expect(await as(manager)(ENDPOINTS.createUser, { body: newUser(strong.body._id) })).toMatchObject(
      forbidden('GRANT_NOT_HELD'),
    );
    // Its own role is fine.
    expect((await as(manager)(ENDPOINTS.createUser, { body: newUser(managerRoleId) })).status).toBe(200);
  });

  it('updateUser moving oneself onto the ADMIN role (or making oneself an admin): 403 ADMIN_ONLY', async () => {
    const me = (await users()).find((u) => u._id === managerId)!;
    expect(await edit(manager, me, { role: adminRoleId })).toMatchObject(forbidden('ADMIN_ONLY'));
    expect(await edit(manager, me, { userType: 'admin' })).toMatchObject(forbidden('ADMIN_ONLY'));
    const after = (await users()).find((u) => u._id === managerId)!;
    expect([after.role, after.userType]).toEqual([managerRoleId, 'user']);
  });

  it('updateRole giving one’s own role every permission: 403 GRANT_NOT_HELD, the role unchanged', async () => {
    const res = await as(manager)(ENDPOINTS.updateRole, {
      params: { id: managerRoleId },
      body: { name: 'MANAGER', permissions: [...PERMISSIONS] },
    });
    expect(res).toMatchObject(forbidden('GRANT_NOT_HELD'));
    expect(failureOf(res).message).toBe('You cannot grant permissions you do not hold yourself');
    expect((await roles()).find((r) => r._id === managerRoleId)!.permissions.sort()).toEqual([...MANAGER_PERMISSIONS].sort());
    expect(await as(manager)(ENDPOINTS.createRole, { body: { name: 'SNEAKY', permissions: ['deletePoint'] } })).toMatchObject(
      forbidden('GRANT_NOT_HELD'),
    );
  });

  it('emptying the ADMIN role or moving the admin onto a lesser role: 403 ADMIN_ONLY', async () => {
    expect(
      await as(manager)(ENDPOINTS.updateRole, {
        params: { id: adminRoleId },
        body: { name: 'ADMIN', permissions: [...PERMISSIONS], user: [] },
      }),
    ).toMatchObject(forbidden('ADMIN_ONLY'));
    expect(
      await as(manager)(ENDPOINTS.updateRole, {
        params: { id: managerRoleId },
        body: {
          name: 'MANAGER',
          permissions: MANAGER_PERMISSIONS,
          user: [managerId, demoAdminId],
        },
      }),
    ).toMatchObject(forbidden('ADMIN_ONLY'));
    expect(await as(manager)(ENDPOINTS.deleteRole, { params: { id: adminRoleId } })).toMatchObject(forbidden('ADMIN_ONLY'));
    expect((await roles()).find((r) => r._id === adminRoleId)!.user).toContain(demoAdminId);
  });

  it('deleting or editing the admin: 403 ADMIN_ONLY', async () => {
    const demoAdmin = (await users()).find((u) => u._id === demoAdminId)!;
    expect(await as(manager)(ENDPOINTS.deleteUser, { params: { id: demoAdminId } })).toMatchObject(forbidden('ADMIN_ONLY'));
    expect(await edit(manager, demoAdmin, { email: 'mine@demo.local' })).toMatchObject(forbidden('ADMIN_ONLY'));
  });
});

describe('the customer keeps an admin', () => {
  it('an admin cannot empty the ADMIN role, take its permissions, rename or delete it: 403 LAST_ADMIN', async () => {
    expect(
      await as(admin)(ENDPOINTS.updateRole, {
        params: { id: adminRoleId },
        body: { name: 'ADMIN', permissions: [...PERMISSIONS], user: [] },
      }),
    ).toMatchObject(forbidden('LAST_ADMIN'));
    expect(
      await as(admin)(ENDPOINTS.updateRole, { params: { id: adminRoleId }, body: { name: 'ADMIN', permissions: ['readUser'] } }),
    ).toMatchObject(forbidden('LAST_ADMIN'));
    expect(
      await as(admin)(ENDPOINTS.updateRole, {
        params: { id: adminRoleId },
        body: { name: 'BOSS', permissions: [...PERMISSIONS] },
      }),
    ).toMatchObject(forbidden('LAST_ADMIN'));
    expect(await as(admin)(ENDPOINTS.deleteRole, { params: { id: adminRoleId } })).toMatchObject(forbidden('LAST_ADMIN'));
    const adminRole = (await roles()).find((r) => r._id === adminRoleId)!;
    expect(adminRole.user).toContain(demoAdminId);
    expect(adminRole.permissions).toEqual(expect.arrayContaining([...PERMISSIONS]));
  });

  it('the last admin cannot be deleted or demoted (by another user of type admin, or themselves)', async () => {
    await insertUser(server, {
      email: 'deputy@demo.local',
      password: 'Deputy-Password-1',
      userType: 'admin',
      permissions: MANAGER_PERMISSIONS,
    });
    const deputy = await login(server.url, 'deputy@demo.local', 'Deputy-Password-1');
    const deleted = await as(deputy)(ENDPOINTS.deleteUser, { params: { id: demoAdminId } });
    expect(deleted).toMatchObject(forbidden('LAST_ADMIN'));
    expect(failureOf(deleted).message).toBe('The last administrator cannot be removed or demoted, nor the ADMIN role emptied');
    const demoAdmin = (await users()).find((u) => u._id === demoAdminId)!;
    expect(await edit(admin, demoAdmin, { userType: 'user' })).toMatchObject(forbidden('LAST_ADMIN'));
    expect(await edit(admin, demoAdmin, { role: managerRoleId })).toMatchObject(forbidden('LAST_ADMIN'));
    expect((await users()).find((u) => u._id === demoAdminId)).toMatchObject({ userType: 'admin', role: adminRoleId });
  });

  it('with a second admin on the ADMIN role, an admin may be demoted and deleted', async () => {
    const second = await as(admin)(ENDPOINTS.createUser, { body: newUser(adminRoleId, { userType: 'admin' }) });
    expect(second.status).toBe(200);
    const demoAdmin = (await users()).find((u) => u._id === demoAdminId)!;
    expect((await edit(admin, second.body, { userType: 'user' })).status).toBe(200);
    expect(await edit(admin, demoAdmin, { userType: 'user' })).toMatchObject(forbidden('LAST_ADMIN'));
    expect((await edit(admin, second.body, { userType: 'admin' })).status).toBe(200);
    expect((await as(admin)(ENDPOINTS.deleteUser, { params: { id: second.body._id } })).status).toBe(200);
  });
});
