import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/modules/auth/access.ts';
import { newId } from '../src/infra/ids.ts';
import { login, startTestServer } from './support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const methodsOf = (m: string | string[]) => (Array.isArray(m) ? m : [m]).filter((x) => x !== 'HEAD');
const sample = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'host' ? 'localhost' : '0123456789abcdef01234567'));

describe('access is declared on every API route and enforced by the server', () => {
  it('every API route declares its access', () => {
    expect(server.app.routeTable.length).toBeGreaterThan(10);
    for (const r of server.app.routeTable)
      expect((r.config as { access?: Access })?.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('every non-public route answers 401 without a session', async () => {
    const guarded = server.app.routeTable.filter((r) => !('public' in (r.config as { access: Access }).access));
    expect(guarded.length).toBeGreaterThan(5);
    for (const r of guarded)
      for (const method of methodsOf(r.method)) {
        const res = await server.app.inject({
          method: method as 'GET',
          url: sample(r.url),
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${r.url}`).toBe(401);
      }
  });

  it('a user whose role lacks the permission gets 403 on every route that needs one', async () => {
    const db = server.ctx.db;
    const customer = await db.selectFrom('customers').select('id').where('name', '=', 'Demo Plant').executeTakeFirstOrThrow();
    const roleId = newId();
    await db
      .insertInto('roles')
      .values({ id: roleId, customer_id: customer.id, name: 'NOTHING', display_name: 'No rights', permissions: [] })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: newId(),
        customer_id: customer.id,
        email: 'nobody@demo.local',
        password_hash: await argon2.hash('Nobody-Password-1'),
        name: 'No',
        surname: 'Body',
        phone: null,
        user_type: 'user',
        role_id: roleId,
      })
      .execute();
    const token = await login(server.url, 'nobody@demo.local', 'Nobody-Password-1');
    const needing = server.app.routeTable.filter((r) => 'permission' in (r.config as { access: Access }).access);
    expect(needing.length).toBeGreaterThan(5);
    for (const r of needing)
      for (const method of methodsOf(r.method)) {
        const res = await server.app.inject({
          method: method as 'GET',
          url: sample(r.url),
          headers: { token },
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
  });
});
