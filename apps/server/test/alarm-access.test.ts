import { beforeAll, describe, expect, it } from 'vitest';
import { alarmTransactionsDetailResponse, ENDPOINTS } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { login } from './support/test-server.ts';
import { OTHER_HOST } from './support/second-tenant.ts';
import { insertUser } from './support/users.ts';
import { failureOf } from './support/endpoint-client.ts';
import {
  MISSING,
  TOP,
  call,
  callAs,
  demoId,
  newPoint,
  otherId,
  otherPointId,
  otherToken,
  pointId,
  server,
  useAlarmsFixture,
  type Bad,
} from './support/alarms-fixture.ts';

/**
 * Metric alarms, frequency-peak alarms and the alarm-transactions list (spec 001 §3, §5, §6, §7):
 * validation (400 `errors: [{msg, param}]`), what is stored, permissions, tenant isolation and the
 * built-in ISO 10816 defaults, against the real server on the embedded database. Evaluation is in
 * alarms-evaluation.test.ts.
 */
useAlarmsFixture();

describe('permissions (spec 001 §6) and tenant isolation', () => {
  let readOnly: string;
  let none: string;
  beforeAll(async () => {
    await insertUser(server, {
      email: 'alarm-reader@demo.local',
      password: 'Alarm-Reader-Pass-1',
      permissions: ['readAlarm', 'readPoint'],
    });
    await insertUser(server, { email: 'no-alarms@demo.local', password: 'No-Alarms-Pass-1', permissions: ['readPoint'] });
    readOnly = await login(server.url, 'alarm-reader@demo.local', 'Alarm-Reader-Pass-1');
    none = await login(server.url, 'no-alarms@demo.local', 'No-Alarms-Pass-1');
  });

  it('without readAlarm: 403 on every read', async () => {
    for (const p of [`/point/${pointId}/alarm`, `/point/${pointId}/frequencyPeakAlarm`, '/alarm-transactions'])
      expect((await call<{ message: string }>('GET', p, undefined, none)).status, p).toBe(403);
  });

  it('readAlarm only: reads, but 403 on create, update, delete and the frequency-peak save', async () => {
    const list = await callAs(ENDPOINTS.listMetricAlarms, { params: { id: pointId } }, readOnly);
    expect(list.status).toBe(200);
    const alarm = { id: pointId, alarmId: list.body[0]!._id };
    expect((await callAs(ENDPOINTS.createMetricAlarm, { params: { id: pointId }, body: TOP }, readOnly)).status).toBe(403);
    expect((await callAs(ENDPOINTS.updateMetricAlarm, { params: alarm, body: TOP }, readOnly)).status).toBe(403);
    expect((await callAs(ENDPOINTS.deleteMetricAlarm, { params: alarm }, readOnly)).status).toBe(403);
    expect(
      (await callAs(ENDPOINTS.replaceFrequencyPeakAlarms, { params: { id: pointId }, body: { alarms: [] } }, readOnly)).status,
    ).toBe(403);
    const denied = await callAs(ENDPOINTS.createMetricAlarm, { params: { id: pointId }, body: TOP }, readOnly);
    expect(failureOf(denied).message).toBe('Access Denied');
  });

  it("another tenant's point and alarms answer 404, like missing ones", async () => {
    const mine = (await callAs(ENDPOINTS.listMetricAlarms, { params: { id: pointId } })).body[0]!._id;
    const asOther = (method: string, p: string, body?: unknown) => call(method, p, body, otherToken, OTHER_HOST);
    expect((await asOther('GET', `/point/${pointId}/alarm`)).status).toBe(404);
    expect((await asOther('POST', `/point/${pointId}/alarm`, TOP)).status).toBe(404);
    expect((await asOther('GET', `/point/${pointId}/alarm/${mine}`)).status).toBe(404);
    expect((await asOther('PUT', `/point/${pointId}/alarm/${mine}`, TOP)).status).toBe(404);
    expect((await asOther('DELETE', `/point/${pointId}/alarm/${mine}`)).status).toBe(404);
    expect((await asOther('GET', `/point/${pointId}/frequencyPeakAlarm`)).status).toBe(404);
    expect((await asOther('POST', `/point/${pointId}/frequencyPeakAlarm`, { alarms: [] })).status).toBe(404);
    // Its own point with my alarm's id: still 404 (the alarm is looked up on that point only).
    expect((await asOther('GET', `/point/${otherPointId}/alarm/${mine}`)).status).toBe(404);
    expect((await asOther('DELETE', `/point/${otherPointId}/alarm/${mine}`)).status).toBe(404);
    expect((await callAs(ENDPOINTS.listMetricAlarms, { params: { id: MISSING } })).status).toBe(404);
    // My alarm is untouched.
    expect((await callAs(ENDPOINTS.getMetricAlarm, { params: { id: pointId, alarmId: mine } })).status).toBe(200);
  });

  it('alarm transactions are listed only for the caller’s customer, filtered by points and level, paged', async () => {
    const row = (customer: string, point: string, level: number, at: string) => ({
      id: newId(),
      customer_id: customer,
      point_id: point,
      alarm_id: newId(),
      kind: 'metric' as const,
      name: `tx ${level}`,
      telemetry: 'GRMS',
      source: 'accelerometer_x',
      level,
      score: level * 1.5,
      measurement_id: null,
      created_at: new Date(at),
      mail_state: 'skipped' as const,
    });
    await server.ctx.db
      .insertInto('alarm_transactions')
      .values([
        row(demoId, pointId, 1, '2025-01-01T00:00:00Z'),
        row(demoId, pointId, 3, '2025-01-02T00:00:00Z'),
        row(demoId, pointId, 0, '2025-01-03T00:00:00Z'),
        row(otherId, otherPointId, 2, '2025-01-04T00:00:00Z'),
      ])
      .execute();
    const page = await callAs(ENDPOINTS.listAlarmTransactions, { query: { pageSize: 10, pageNumber: 1, points: pointId } });
    const body = alarmTransactionsDetailResponse.parse(page.body);
    expect(body.total).toBe(3);
    expect(body.transactions.map((t) => [t.level.name, t.score])).toEqual([
      ['healthy', 0],
      ['critical', 4.5],
      ['attention', 1.5],
    ]);
    expect(body.transactions[0]).toMatchObject({
      point: { _id: pointId },
      telemetry: 'GRMS',
      source: 'accelerometer_x',
      kind: 'metric',
    });
    const critical = alarmTransactionsDetailResponse.parse(
      (await callAs(ENDPOINTS.listAlarmTransactions, { query: { levelName: 'critical', points: pointId } })).body,
    );
    expect(critical.transactions.map((t) => t.level)).toEqual([{ name: 'critical', order: 3 }]);
    const all = alarmTransactionsDetailResponse.parse(
      (await callAs(ENDPOINTS.listAlarmTransactions, { query: { levelName: 'all', points: pointId } })).body,
    );
    expect(all.total).toBe(3);
    // Another customer's point id in the filter matches nothing of theirs.
    const leak = alarmTransactionsDetailResponse.parse(
      (await callAs(ENDPOINTS.listAlarmTransactions, { query: { points: otherPointId } })).body,
    );
    expect(leak.total).toBe(0);
    const theirs = alarmTransactionsDetailResponse.parse(
      (await callAs(ENDPOINTS.listAlarmTransactions, { host: OTHER_HOST }, otherToken)).body,
    );
    expect(theirs.transactions.map((t) => t.level.name)).toEqual(['hazard']);
    expect((await call<Bad>('GET', '/alarm-transactions?pageSize=7')).status).toBe(400);
    const page2 = alarmTransactionsDetailResponse.parse(
      (await callAs(ENDPOINTS.listAlarmTransactions, { query: { pageSize: 10, pageNumber: 2, points: pointId } })).body,
    );
    expect(page2).toMatchObject({ total: 3, pageNumber: 2, transactions: [] });
  });
});

describe('the evaluator the server starts (server.ts)', () => {
  it('evaluates a measurement it is notified of and the point’s tree health follows', async () => {
    const p = await newPoint(demoId);
    await callAs(ENDPOINTS.createMetricAlarm, { params: { id: p }, body: { ...TOP, name: 'wired' } });
    const id = newId();
    const at = new Date('2025-05-01T00:00:00Z');
    await server.ctx.db
      .insertInto('measurements')
      .values({
        id,
        customer_id: demoId,
        object_id: id,
        point_id: p,
        device_mac: 'CA:B8:31:00:00:02',
        gateway_mac: null,
        user_id: null,
        measurement_type: 'MANUAL',
        state: 'persisted',
        range_index: 2,
        rate_index: 9,
        sample_size: 0,
        calibrated_sampling_rate: 12800,
        waveform_key: null,
        created_at: at,
        persisted_at: at,
      })
      .execute();
    await server.ctx.db
      .insertInto('telemetry_values')
      .values({
        measurement_id: id,
        customer_id: demoId,
        point_id: p,
        telemetry: 'GRMS',
        source: 'accelerometer_x',
        device_reported: false,
        value: 9,
        unit: 'g',
        measured_at: at,
      })
      .execute();
    server.ctx.alarms!.notify(id);
    const deadline = Date.now() + 10_000;
    let health = '';
    while (Date.now() < deadline && health !== 'critical') {
      await new Promise((r) => setTimeout(r, 50));
      health = (await server.ctx.db.selectFrom('tree_nodes').select('health').where('id', '=', p).executeTakeFirstOrThrow())
        .health;
    }
    expect(health).toBe('critical');
    const page = alarmTransactionsDetailResponse.parse(
      (await callAs(ENDPOINTS.listAlarmTransactions, { query: { points: p } })).body,
    );
    expect(page.transactions.map((t) => [t.name, t.level.name, t.score, t.measurementId])).toEqual([
      ['wired', 'critical', 9, id],
    ]);
  });
});
