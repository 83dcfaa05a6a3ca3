import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, LANGUAGES, PERMISSIONS, user, userList, type EndpointBody, type Role, type User } from '@overtone/contract';
import { LOCALES } from '../src/infra/i18n.ts';
import { caller, letters, loginOn, passwordChosen, validationText, type Call, startTwoTenants } from './admin-client.ts';
import { failureOf } from './support/endpoint-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;

beforeAll(async () => {
  ({ server, call, other } = await startTwoTenants());
});
afterAll(async () => server?.close());

const as = (token: string) => caller(server, token);
const login = (email: string, password: string) => loginOn(server, email, password);

let seq = 0;
let roles = 0;
/** A role through the API (all permissions unless given). */
async function newRole(permissions: readonly string[] = PERMISSIONS): Promise<Role> {
  const res = await call.endpoint(ENDPOINTS.createRole, {
    body: { name: `USERS TEST ROLE ${letters(roles++)}`, permissions: [...permissions] },
  });
  expect(res.status).toBe(200);
  return res.body;
}
const body = (role: string, over: Partial<EndpointBody<typeof ENDPOINTS.createUser>> = {}) => ({
  name: 'Ayşe',
  surname: 'Yılmaz',
  email: `user${++seq}@demo.local`,
  phone: { country: 'DE', number: '1511234567' },
  role,
  password: 'Strong-Pass-1',
  ...over,
});

describe('GET /users', () => {
  it('lists the customer’s users in the contract shape, with role name and phone', async () => {
    const res = await call.endpoint(ENDPOINTS.listUsers);
    expect(res.status).toBe(200);
    const users = userList.parse(res.body);
    expect(users.find((u) => u.email === 'admin@demo.local')).toMatchObject({
      name: 'Demo',
      userType: 'admin',
      roleName: 'ADMIN',
      phone: null,
      passwordChanged: true,
    });
  });
});

describe('POST /users', () => {
  let roleId: string;
  beforeAll(async () => {
    roleId = (await newRole(['readPoint']))._id;
  });

  it('creates a user who must choose a password, with the second step on by default', async () => {
    const b = body(roleId, { email: 'New.User@Demo.local' });
    const res = await call.endpoint(ENDPOINTS.createUser, { body: b });
    expect(res.status).toBe(200);
    const created = user.parse(res.body);
    expect(created).toMatchObject({
      name: 'Ayşe',
      surname: 'Yılmaz',
      email: 'New.User@Demo.local',
      phone: { country: 'DE', number: '1511234567' },
      userType: 'user',
      role: roleId,
      roleName: 'USERS TEST ROLE A',
      mfaEnabled: true,
      passwordChanged: false,
      isMobile: false,
    });
    const row = await server.ctx.db.selectFrom('users').selectAll().where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '1511234567', phone_country: 'DE', mfa_enabled: true, password_changed: false });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(row.password_hash, b.password)).toBe(true);
    expect((await call.endpoint(ENDPOINTS.listUsers)).body.map((u) => u._id)).toContain(created._id);
  });

  it('keeps the second step off when asked, and stores no phone when none is given', async () => {
    const res = await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { mfaEnabled: false, phone: null }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mfaEnabled: false, phone: null });
  });

  it('answers the spec’s messages for missing fields', async () => {
    const res = await call<{ errors: { msg: string; param?: string }[] }>('POST', '/users', {
      name: ' ',
      surname: '',
      email: 'x',
      role: null,
      password: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.msg)).toEqual(
      expect.arrayContaining(
        ['requirename', 'requiresurname', 'requireemail', 'requirerole', 'requirepassword'].map(validationText),
      ),
    );
  });

  it('refuses a password that fails the customer’s policy (400 Weak Password)', async () => {
    for (const password of ['strong-pass-1', 'STRONG-PASS-1', 'Strong-Pass', 'Sh0rt-x']) {
      const res = await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { password }) });
      expect(res.status, password).toBe(400);
      expect(failureOf(res).errors).toEqual([{ msg: 'Weak Password', param: 'password' }]);
    }
  });

  it('refuses a common password that passes the policy (400), on create and on an admin’s reset', async () => {
    const created = await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { password: 'Password123' }) });
    expect(created.status).toBe(400);
    expect(failureOf(created).errors).toEqual([
      { msg: 'This password is too common, please choose another one', param: 'password' },
    ]);
    const me = (await call.endpoint(ENDPOINTS.listUsers)).body.find((u) => u.email === 'admin@demo.local')!;
    const reset = await call.endpoint(ENDPOINTS.setUserPassword, { params: { id: me._id }, body: { password: 'Passw0rd' } });
    expect(reset.status).toBe(400);
  });

  it('follows a changed policy, but never below the global floor of 8 characters', async () => {
    const db = server.ctx.db;
    const setPolicy = (p: object) =>
      db
        .updateTable('customers')
        .set((eb) => ({
          preferences: eb.fn('jsonb_set', ['preferences', eb.val('{passwordPolicy}'), eb.val(JSON.stringify(p))]),
        }))
        .where((eb) => eb(eb.val('localhost'), '=', eb.fn.any('hosts')))
        .execute();
    const lax = {
      minCharacter: 4,
      requiresUpperCaseLetters: false,
      requiresLowerCaseLetters: true,
      requiresNumbers: false,
      requiresSpecialCharacters: false,
    };
    await setPolicy(lax);
    const create = (password: string) => call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { password }) });
    expect((await create('abcdefg')).status).toBe(400);
    expect((await create('abcdefgh')).status).toBe(200);
    await setPolicy({ ...lax, minCharacter: 12, requiresSpecialCharacters: true });
    expect((await create('abcdefghijk!')).status).toBe(200);
    expect((await create('abcdefghijkl')).status).toBe(400);
    expect((await create('abcdefgh!')).status).toBe(400);
    await setPolicy({ ...lax, minCharacter: 8, requiresUpperCaseLetters: true, requiresNumbers: true });
  });

  it('refuses an e-mail the customer already has, whatever its case (409)', async () => {
    const res = await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { email: 'ADMIN@demo.LOCAL' }) });
    expect(res.status).toBe(409);
    expect(failureOf(res)).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('refuses an unknown role, and another customer’s role (404)', async () => {
    const foreign = await other.endpoint(ENDPOINTS.listRoles);
    expect(foreign.status).toBe(200);
    for (const role of ['0123456789abcdef01234567', foreign.body[0]!._id]) {
      const res = await call.endpoint(ENDPOINTS.createUser, { body: body(role) });
      expect(res.status).toBe(404);
      expect(failureOf(res)).toMatchObject({ code: 'ROLE_NOT_FOUND' });
    }
  });
});

describe('PUT /users/{id}', () => {
  let target: User;
  let roleId: string;
  beforeAll(async () => {
    roleId = (await newRole(['readPoint']))._id;
    target = (await call.endpoint(ENDPOINTS.createUser, { body: body(roleId) })).body;
  });

  it('replaces the fields and answers the user', async () => {
    const role2 = (await newRole(['readUser']))._id;
    const res = await call.endpoint(ENDPOINTS.updateUser, {
      params: { id: target._id },
      body: {
        _id: target._id,
        name: 'Zeynep',
        surname: 'Kaya',
        email: 'Zeynep@Demo.local',
        phone: { country: 'TR', number: '5321234567' },
        userType: 'user',
        role: role2,
        mfaEnabled: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: target._id,
      name: 'Zeynep',
      surname: 'Kaya',
      email: 'Zeynep@Demo.local',
      phone: { country: 'TR', number: '5321234567' },
      role: role2,
      mfaEnabled: false,
      createdAt: target.createdAt,
    });
  });

  it('refuses another user’s e-mail in any case (409), but keeps its own in another case', async () => {
    const base = { name: 'Z', surname: 'K', role: roleId, userType: 'user' as const };
    const params = { id: target._id };
    const taken = await call.endpoint(ENDPOINTS.updateUser, { params, body: { ...base, email: 'Admin@Demo.Local' } });
    expect(taken.status).toBe(409);
    expect(failureOf(taken)).toMatchObject({ code: 'EMAIL_TAKEN' });
    const own = await call.endpoint(ENDPOINTS.updateUser, { params, body: { ...base, email: 'ZEYNEP@demo.local' } });
    expect(own.status).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await call.endpoint(ENDPOINTS.updateUser, {
      params: { id: '0123456789abcdef01234567' },
      body: { name: 'a', surname: 'b', email: 'a@demo.local', role: roleId },
    });
    expect(res.status).toBe(404);
    expect(failureOf(res)).toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});

describe('only an admin deals with admins', () => {
  it('a non-admin with createUser/updateUser/deleteUser cannot create, promote, edit or delete an admin (403)', async () => {
    const roleId = (await newRole(['readUser', 'createUser', 'updateUser', 'deleteUser']))._id;
    const manager = (
      await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { email: 'manager@demo.local', mfaEnabled: false }) })
    ).body;
    await passwordChosen(server, manager._id);
    const m = as(await login('manager@demo.local', 'Strong-Pass-1'));
    expect((await m.endpoint(ENDPOINTS.createUser, { body: body(roleId, { userType: 'admin' }) })).status).toBe(403);
    const plain = await m.endpoint(ENDPOINTS.createUser, { body: body(roleId) });
    expect(plain.status).toBe(200);
    const { _id: _, createdAt: __, ...fields } = plain.body;
    expect(
      (await m.endpoint(ENDPOINTS.updateUser, { params: { id: plain.body._id }, body: { ...fields, userType: 'admin' } })).status,
    ).toBe(403);
    const demoAdmin = (await call.endpoint(ENDPOINTS.listUsers)).body.find((u) => u.email === 'admin@demo.local')!;
    const { _id: id, createdAt: ___, ...adminFields } = demoAdmin;
    expect((await m.endpoint(ENDPOINTS.updateUser, { params: { id }, body: { ...adminFields, name: 'Hacked' } })).status).toBe(
      403,
    );
    expect((await m.endpoint(ENDPOINTS.deleteUser, { params: { id } })).status).toBe(403);
    expect((await m.endpoint(ENDPOINTS.deleteUser, { params: { id: plain.body._id } })).status).toBe(200);
  });
});

describe('DELETE /users/{id}', () => {
  it('deletes the user, ends their sessions and takes them off the alarm receivers', async () => {
    const roleId = (await newRole(['readPoint']))._id;
    const u = (
      await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { email: 'leaver@demo.local', mfaEnabled: false }) })
    ).body;
    const customerOfDemo = () => call.endpoint(ENDPOINTS.getCustomerByHost, { params: { host: '127.0.0.1' } });
    const customer = (await customerOfDemo()).body;
    const receivers = (await call.endpoint(ENDPOINTS.listUsers)).body.slice(0, 2).map((x) => x._id);
    const { logo: _logo, ...prefs } = customer.preferences;
    const saved = await call.endpoint(ENDPOINTS.updatePreferences, {
      body: { ...prefs, alarm: { ...prefs.alarm, notificationReceivers: [...receivers, u._id] } },
    });
    expect(saved.status).toBe(200);
    await passwordChosen(server, u._id);
    const token = await login('leaver@demo.local', 'Strong-Pass-1');
    expect((await as(token).endpoint(ENDPOINTS.getTree)).status).toBe(200);
    const res = await call.endpoint(ENDPOINTS.deleteUser, { params: { id: u._id } });
    expect(res.status).toBe(200);
    expect((await as(token).endpoint(ENDPOINTS.getTree)).status).toBe(401);
    expect((await server.ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u._id).execute()).length).toBe(
      0,
    );
    expect((await call.endpoint(ENDPOINTS.listUsers)).body.map((x) => x._id)).not.toContain(u._id);
    expect((await call.endpoint(ENDPOINTS.deleteUser, { params: { id: u._id } })).status).toBe(404);
    const after = (await customerOfDemo()).body.preferences.alarm.notificationReceivers;
    expect(after).toEqual(receivers);
  });

  it('refuses to delete the caller’s own account (409)', async () => {
    const me = (await call.endpoint(ENDPOINTS.listUsers)).body.find((u) => u.email === 'admin@demo.local')!;
    const res = await call.endpoint(ENDPOINTS.deleteUser, { params: { id: me._id } });
    expect(res.status).toBe(409);
    expect(failureOf(res)).toMatchObject({ code: 'CANNOT_DELETE_SELF' });
  });
});

describe('POST /user/{id}/password', () => {
  it('sets the password, makes the user choose a new one and ends their sessions', async () => {
    const roleId = (await newRole(['readPoint']))._id;
    const u = (
      await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { email: 'forgetful@demo.local', mfaEnabled: false }) })
    ).body;
    await passwordChosen(server, u._id);
    const token = await login('forgetful@demo.local', 'Strong-Pass-1');
    const res = await call.endpoint(ENDPOINTS.setUserPassword, { params: { id: u._id }, body: { password: 'Given-By-Admin-2' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.message.length).toBeGreaterThan(5);
    expect((await as(token).endpoint(ENDPOINTS.getTree)).status).toBe(401);
    const row = await server.ctx.db.selectFrom('users').selectAll().where('id', '=', u._id).executeTakeFirstOrThrow();
    expect(row.password_changed).toBe(false);
    expect(await argon2.verify(row.password_hash, 'Given-By-Admin-2')).toBe(true);
    await expect(login('forgetful@demo.local', 'Strong-Pass-1')).rejects.toThrow(/401/);
  });

  it('answers its confirmation in the request’s language (messages.userPasswordSet in the server locales)', async () => {
    const roleId = (await newRole(['readPoint']))._id;
    const u = (await call.endpoint(ENDPOINTS.createUser, { body: body(roleId) })).body;
    for (const language of LANGUAGES) {
      const res = await call.endpoint(ENDPOINTS.setUserPassword, {
        params: { id: u._id },
        body: { password: 'Given-By-Admin-2' },
        language,
      });
      expect(res.status).toBe(200);
      expect(LOCALES[language].messages.userPasswordSet, language).toBeTypeOf('string');
      expect(res.body.message).toBe(LOCALES[language].messages.userPasswordSet);
    }
  });

  it('refuses a weak password (400) and an unknown user (404)', async () => {
    const me = (await call.endpoint(ENDPOINTS.listUsers)).body[0]!;
    const weak = await call.endpoint(ENDPOINTS.setUserPassword, { params: { id: me._id }, body: { password: 'weak' } });
    expect(weak.status).toBe(400);
    expect(failureOf(weak)).toEqual({ errors: [{ msg: 'Weak Password', param: 'password' }] });
    const unknown = await call.endpoint(ENDPOINTS.setUserPassword, {
      params: { id: '0123456789abcdef01234567' },
      body: { password: 'Given-By-Admin-2' },
    });
    expect(unknown.status).toBe(404);
  });

  it('needs the caller to be an admin as well as deleteUser (403)', async () => {
    const roleId = (await newRole(PERMISSIONS))._id;
    const u = (
      await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { email: 'not-admin@demo.local', mfaEnabled: false }) })
    ).body;
    await passwordChosen(server, u._id);
    const token = await login('not-admin@demo.local', 'Strong-Pass-1');
    const res = await as(token).endpoint(ENDPOINTS.setUserPassword, {
      params: { id: u._id },
      body: { password: 'Given-By-Admin-2' },
    });
    expect(res.status).toBe(403);
    expect(failureOf(res)).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('tenant isolation of users', () => {
  it('neither customer sees, edits, deletes or resets the other’s users', async () => {
    const theirs = await other.endpoint(ENDPOINTS.listUsers);
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((u) => u.email)).toEqual(['admin@other.test']);
    const foreignId = theirs.body[0]!._id;
    const ours = (await call.endpoint(ENDPOINTS.listUsers)).body;
    expect(ours.map((u) => u._id)).not.toContain(foreignId);
    const roleId = ours.find((u) => u.email === 'admin@demo.local')!.role!;
    const fields = { name: 'X', surname: 'Y', email: 'x@demo.local', role: roleId };
    const params = { id: foreignId };
    expect(failureOf(await call.endpoint(ENDPOINTS.updateUser, { params, body: fields }))).toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(failureOf(await call.endpoint(ENDPOINTS.deleteUser, { params }))).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect(
      failureOf(await call.endpoint(ENDPOINTS.setUserPassword, { params, body: { password: 'Given-By-Admin-2' } })),
    ).toMatchObject({ code: 'USER_NOT_FOUND' });
    const demoAdminId = ours.find((u) => u.email === 'admin@demo.local')!._id;
    expect((await other.endpoint(ENDPOINTS.deleteUser, { params: { id: demoAdminId } })).status).toBe(404);
    const stillThere = await server.ctx.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', foreignId)
      .executeTakeFirstOrThrow();
    expect(stillThere.name).toBe('Other');
  });

  it('e-mails are unique per customer only', async () => {
    const roleId = (await newRole(['readPoint']))._id;
    const res = await call.endpoint(ENDPOINTS.createUser, { body: body(roleId, { email: 'admin@other.test' }) });

    expect(res.status).toBe(200);
  });
});
