import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type MePasswordBody } from '@overtone/contract';
import { insertMeasurement } from './support/points.ts';
import { login, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { ACCOUNT_MAX_FAILURES } from '../src/modules/auth/throttle.ts';

/**
 * Issue 14: changing one's own password asks for the current one; a read-only role cannot write a
 * measurement's note or favourite star (they need updateMeasurementTags, the measurement's
 * annotation permission).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
const change = (token: string, body: MePasswordBody, language = 'en') =>
  callApi(server.url, token, ENDPOINTS.setMyPassword, { body, language });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('POST /me/password asks for the current password', () => {
  it('refuses a missing or wrong current password (400, translated) and accepts the right one', async () => {
    await insertUser(server, { email: 'changer@demo.local', password: 'Changer-Password-1' });
    const token = await login(server.url, 'changer@demo.local', 'Changer-Password-1');
    expect(await change(token, { password: 'Brand-New-Pass-2' })).toEqual({
      status: 400,
      body: { errors: [{ msg: 'Please enter your current password', param: 'currentPassword' }] },
    });
    expect(await change(token, { password: 'Brand-New-Pass-2', currentPassword: 'not-it' })).toEqual({
      status: 400,
      body: { errors: [{ msg: 'The current password is incorrect', param: 'currentPassword' }] },
    });
    const de = await change(token, { password: 'Brand-New-Pass-2', currentPassword: 'not-it' }, 'de');
    expect(failureOf(de).errors?.[0]?.msg).toBe('Das aktuelle Passwort ist falsch');
    const ok = await change(token, { password: 'Brand-New-Pass-2', currentPassword: 'Changer-Password-1' });
    expect(ok.status).toBe(200);
    expect(await login(server.url, 'changer@demo.local', 'Brand-New-Pass-2')).toBeTruthy();
  });

  it(`wrong current passwords count as failed logins: after ${ACCOUNT_MAX_FAILURES}, 429`, async () => {
    await insertUser(server, { email: 'guesser@demo.local', password: 'Guesser-Password-1' });
    const token = await login(server.url, 'guesser@demo.local', 'Guesser-Password-1');
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      expect((await change(token, { password: 'Brand-New-Pass-2', currentPassword: `guess-${i}` })).status).toBe(400);
    const blocked = await change(token, { password: 'Brand-New-Pass-2', currentPassword: 'Guesser-Password-1' });
    expect(blocked).toMatchObject({ status: 429, body: { code: 'TOO_MANY_ATTEMPTS' } });
  });

  it('a user who must choose their password first (given by an admin) needs no current password', async () => {
    await insertUser(server, { email: 'fresh@demo.local', password: 'Given-By-Admin-1', passwordChanged: false });
    const token = await login(server.url, 'fresh@demo.local', 'Given-By-Admin-1');
    expect((await change(token, { password: 'Chosen-By-Me-22' })).status).toBe(200);
  });
});

describe('a read-only role cannot write notes or favourites', () => {
  it('PUT /measurement/{id}/note and /favorite need updateMeasurementTags (403 FORBIDDEN without)', async () => {
    const customerId = await demoCustomerId(server);
    const id = await insertMeasurement(server, { customerId });
    const reader = await insertUser(server, {
      email: 'viewer@demo.local',
      password: 'Viewer-Password-1',
      permissions: ['readMeasurement'],
    });
    const token = await login(server.url, 'viewer@demo.local', 'Viewer-Password-1');
    const note = await callApi(server.url, token, ENDPOINTS.setMeasurementNote, { params: { id }, body: { note: 'mine now' } });
    const favorite = await callApi(server.url, token, ENDPOINTS.setMeasurementFavorite, {
      params: { id },
      body: { favorite: true },
    });
    expect(note).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(favorite).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const row = await server.ctx.db
      .selectFrom('measurements')
      .select(['note', 'favorite'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ favorite: false });
    expect(row.note ?? '').toBe('');
    await server.ctx.db
      .updateTable('roles')
      .set({ permissions: ['readMeasurement', 'updateMeasurementTags'] })
      .where('id', '=', reader.roleId)
      .execute();
    const annotated = await callApi(server.url, token, ENDPOINTS.setMeasurementNote, {
      params: { id },
      body: { note: 'annotated' },
    });
    expect(annotated.status).toBe(200);
    const starred = await callApi(server.url, token, ENDPOINTS.setMeasurementFavorite, {
      params: { id },
      body: { favorite: true },
    });
    expect(starred.status).toBe(200);
  });
});
