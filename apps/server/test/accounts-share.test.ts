import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS, type CreateShareBody } from '@overtone/contract';
import { insertMeasurement } from './support/points.ts';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { demoCustomerId, insertUser } from './support/users.ts';

/**
 * A share link grants no more than its creator may read (issue 14): its extras need the creator's
 * permissions when it is created (403 SHARE_FLAG_NOT_HELD, our choice over silently clearing them:
 * the dialog disables what the user may not share, so a 403 only meets a hand-made request), and
 * at every use the link stops (401 SHARE_LINK_INVALID, as an unknown link) once its creator is
 * deleted or loses readMeasurement, and an extra whose permission the creator lost is not granted.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let admin: string;
let customerId: string;
let measurementId: string;

const setPermissions = (roleId: string, permissions: string[]) =>
  server.ctx.db.updateTable('roles').set({ permissions }).where('id', '=', roleId).execute();
const create = (token: string, flags: Omit<CreateShareBody, 'measurementId'>) =>
  callApi(server.url, token, ENDPOINTS.createShareLink, { body: { measurementId, ...flags } });
const scope = (shareToken: string) => callApi(server.url, shareToken, ENDPOINTS.getShareScope);

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url);
  customerId = await demoCustomerId(server);
  measurementId = await insertMeasurement(server, { customerId });
});
afterAll(async () => server?.close());

/** A logged-in user of a role of its own holding `permissions`. */
async function sharer(email: string, permissions: string[]) {
  const u = await insertUser(server, { email, password: 'Sharer-Password-1', permissions });
  return { ...u, token: await login(server.url, email, 'Sharer-Password-1') };
}

describe('share link extras are limited to the creator’s permissions', () => {
  it('at creation: an extra whose permission the creator lacks answers 403 SHARE_FLAG_NOT_HELD, no link', async () => {
    const s = await sharer('reader@demo.local', ['readMeasurement']);
    for (const flag of ['allowTrend', 'allowImage', 'allowAlarmTransactions']) {
      const res = await create(s.token, { [flag]: true });
      expect(res.status, flag).toBe(403);
      expect(res.body, flag).toEqual({
        code: 'SHARE_FLAG_NOT_HELD',
        message: 'You cannot share a part of the measurement you are not allowed to see',
      });
    }
    expect((await create(s.token, {})).status).toBe(200);
    const rows = await server.ctx.db.selectFrom('share_tokens').select('id').where('created_by', '=', s.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('a creator holding the permissions shares every extra', async () => {
    const res = await create(admin, { allowTrend: true, allowImage: true, allowAlarmTransactions: true });
    expect(res.status).toBe(200);
    expect(await scope(res.body.token)).toMatchObject({
      status: 200,
      body: { allowTrend: true, allowImage: true, allowAlarmTransactions: true },
    });
  });
});

describe('a link follows its creator', () => {
  it('an extra the creator lost is no longer granted; losing readMeasurement stops the link', async () => {
    const s = await sharer('fickle@demo.local', ['readMeasurement', 'Readtrend', 'readPoint', 'readAlarm']);
    const link = await create(s.token, { allowTrend: true, allowImage: true, allowAlarmTransactions: true });
    expect(link.status).toBe(200);
    await setPermissions(s.roleId, ['readMeasurement', 'readPoint']);
    expect((await scope(link.body.token)).body).toMatchObject({
      allowTrend: false,
      allowImage: true,
      allowAlarmTransactions: false,
    });
    const trend = await callApi(server.url, link.body.token, ENDPOINTS.getSharedPointTrend, { params: { id: measurementId } });
    expect(trend).toMatchObject({ status: 403, body: { code: 'SHARE_NOT_ALLOWED' } });
    await setPermissions(
      s.roleId,
      PERMISSIONS.filter((p) => p !== 'readMeasurement'),
    );
    expect(await scope(link.body.token)).toMatchObject({ status: 401, body: { code: 'SHARE_LINK_INVALID' } });
    const detail = await callApi(server.url, link.body.token, ENDPOINTS.getSharedMeasurement, { params: { id: measurementId } });
    expect(detail).toMatchObject({ status: 401, body: { code: 'SHARE_LINK_INVALID' } });
    // Given back, the link works again (it was never deleted: the creator's right decides).
    await setPermissions(s.roleId, ['readMeasurement']);
    expect((await scope(link.body.token)).status).toBe(200);
  });

  it('a link whose creator is deleted stops working', async () => {
    const s = await sharer('leaving@demo.local', ['readMeasurement']);
    const link = await create(s.token, {});
    expect((await scope(link.body.token)).status).toBe(200);
    expect((await callApi(server.url, admin, ENDPOINTS.deleteUser, { params: { id: s.userId } })).status).toBe(200);
    expect(await scope(link.body.token)).toMatchObject({ status: 401, body: { code: 'SHARE_LINK_INVALID' } });
  });
});
