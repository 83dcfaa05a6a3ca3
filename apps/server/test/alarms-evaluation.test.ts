import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPreferences, ENDPOINTS, type MetricAlarmInput } from '@overtone/contract';
import { insertTelemetryValues } from '../src/jobs/ingest/persist-measurement.ts';
import { startAlarmEvaluator, type AlarmEvaluator } from '../src/jobs/alarms/evaluator.ts';
import { evaluateMeasurement, evaluateMeasurements } from '../src/jobs/alarms/evaluate.ts';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { insertPoint } from './support/points.ts';
import { insertPersistedMeasurement, storeRecordingMeasurement } from './support/stored-measurements.ts';
import { readOutbox } from './support/mail.ts';
import { demoCustomerId } from './support/users.ts';

/**
 * Alarm evaluation (docs/alarms.md) against the real server, database and object storage: REAL
 * CWRU recordings stored exactly as ingest stores them (int16 counts of the ±4 g range, X = drive
 * end, Y = fan end, Z silent) with the telemetry ingest computes (DSP pool), and measurements with
 * given telemetry values for the state machine (delay, hysteresis), no-data and mail. The
 * evaluator runs with a clock the tests move and no timer; the server's own evaluator is stopped.
 */
const MAIL_TO = 'alarm-desk@demo.local';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let demoId: string;
let ev: AlarmEvaluator;
let now = new Date();

async function newPoint(point: Record<string, unknown> = {}): Promise<string> {
  const parent = await server.ctx.db
    .selectFrom('tree_nodes')
    .select('parent_id')
    .where('customer_id', '=', demoId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  return insertPoint(server, demoId, { parentId: parent.parent_id, point });
}

const target = (pointId: string) => ({
  customerId: demoId,
  pointId,
  deviceMac: 'CA:B8:31:00:00:02',
  gatewayMac: 'CA:B8:28:00:00:01',
});
const insertMeasurement = (point: string, at: Date) =>
  insertPersistedMeasurement(server.ctx, target(point), at, { key: null, fsHz: 12800, n: 0 });

/**
 * Stores 0.5 s of a recording as a persisted measurement of `point` at `at`, with the per-axis
 * telemetry ingest computes (the DSP pool's `measurementTelemetry`, as jobs/ingest/finalize.ts).
 */
const storeRecording = (point: string, stem: string, fsHz: number, at: Date) =>
  storeRecordingMeasurement(server.ctx, target(point), stem, fsHz, at);

/** A persisted measurement of `point` at `at` with given telemetry values on accelerometer_x, no waveform. */
async function storeValues(point: string, at: Date, values: Record<string, number>): Promise<string> {
  const id = await insertMeasurement(point, at);
  await insertTelemetryValues(
    server.ctx.db,
    { id, customer_id: demoId, point_id: point },
    at,
    Object.entries(values).map(([telemetry, value]) => ({
      telemetry,
      source: 'accelerometer_x',
      value,
      unit: 'g',
      device_reported: false,
    })),
  );
  return id;
}

const evaluate = async (id: string) => {
  ev.notify(id);
  await ev.idle();
};
const transactionsOf = (point: string) =>
  server.ctx.db
    .selectFrom('alarm_transactions')
    .select(['alarm_id', 'kind', 'name', 'telemetry', 'source', 'level', 'score', 'measurement_id'])
    .where('point_id', '=', point)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const healthOf = async (point: string) => {
  const tree = await callApi(server.url, token, ENDPOINTS.getTree);
  return tree.body.find((n) => n._id === point)?.health;
};
const addAlarm = async (point: string, body: Partial<MetricAlarmInput>) => {
  const res = await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
    params: { id: point },
    body: {
      name: 'alarm',
      telemetry: 'GRMS',
      source: 'accelerometer_x',
      thresholdDirection: 1,
      threshold: { attention: [null, 1], hazard: [null, 2], critical: [null, 3] },
      ...body,
    },
  });
  expect(res.status).toBe(200);
  return res.body;
};
const t0 = Date.parse('2025-06-01T00:00:00Z');
const at = (minutes: number) => new Date(t0 + minutes * 60e3);

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  await (server.ctx.alarms as AlarmEvaluator).stop();
  ev = startAlarmEvaluator(server.ctx, { clock: () => now, sweepIntervalMs: 0 });
  server.ctx.alarms = ev;
  await ev.idle();
});
afterAll(async () => {
  await ev?.stop();
  await server?.close();
});

describe('evaluation on real recordings (CWRU 105 inner race 0.007", CWRU 097 normal)', () => {
  let inner: string;
  let normal: string;
  const innerIds: string[] = [];
  beforeAll(async () => {
    inner = await newPoint();
    normal = await newPoint();
    for (const p of [inner, normal]) {
      // Impulsiveness of the drive-end signal: Pearson kurtosis (3 for Gaussian noise).
      await addAlarm(p, {
        name: 'Kurtosis DE',
        telemetry: 'KURTOSIS',
        threshold: { attention: [null, 4], hazard: [null, 5], critical: [null, 8] },
      });
      // Envelope alarm at the inner-race fault frequency of the SKF 6205 at 1797 r/min:
      // BPFI = 5.4152 × 29.95 Hz = 162.2 Hz. Its envelope line (band 500…5950 Hz, the page's
      // default) is 0.134 g RMS with the fault and 0.001 g without (numpy, the same chain).
      const fp = await callApi(server.url, token, ENDPOINTS.replaceFrequencyPeakAlarms, {
        params: { id: p },
        body: {
          alarms: [
            {
              name: 'BPFI envelope',
              axis: 'accelerometer_x',
              frequency: 162.2,
              sensitivity: 4,
              threshold: { attention: 0.02, hazard: 0.05, critical: 0.2 },
            },
          ],
        },
      });
      expect(fp.status).toBe(200);
    }
    innerIds.push(await storeRecording(inner, 'cwru_105_IR007_0HP', 12000, at(0)));
    await storeRecording(normal, 'cwru_097_Normal_0HP', 48000, at(0));
  });

  it('the inner-race point raises hazard on kurtosis and on its BPFI envelope line; the normal point stays healthy', async () => {
    expect(await ev.tick()).toBe(2);
    const tx = await transactionsOf(inner);
    expect(tx.map((t) => [t.kind, t.name, t.level])).toEqual(
      expect.arrayContaining([
        ['metric', 'Kurtosis DE', 2],
        ['frequencyPeak', 'BPFI envelope', 2],
      ]),
    );
    expect(tx).toHaveLength(2);
    const kurt = tx.find((t) => t.kind === 'metric')!;
    expect(kurt.score).toBeCloseTo(5.49, 1);
    expect(kurt.measurement_id).toBe(innerIds[0]);
    const peak = tx.find((t) => t.kind === 'frequencyPeak')!;
    expect(peak.score).toBeGreaterThan(0.12);
    expect(peak.score).toBeLessThan(0.15);
    expect(await transactionsOf(normal)).toEqual([]);
    expect(await healthOf(inner)).toBe('hazard');
    expect(await healthOf(normal)).toBe('healthy');
    const alarms = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: inner } });
    expect(alarms.body.find((a) => a.name === 'Kurtosis DE')!.level).toEqual({ name: 'hazard', order: 2 });
    // The built-in ISO 10816 alarms were created and evaluated too: 0.22 mm/s is zone A of class II.
    expect(alarms.body.filter((a) => a.builtIn === 'iso10816').map((a) => a.level.name)).toEqual([
      'healthy',
      'healthy',
      'healthy',
    ]);
    const fp = await callApi(server.url, token, ENDPOINTS.listFrequencyPeakAlarms, { params: { id: inner } });
    expect(fp.body.alarms[0]!.level.name).toBe('hazard');
  });

  it('evaluating the same measurement again writes nothing (idempotent); the same level again writes nothing', async () => {
    await evaluate(innerIds[0]!);
    expect(await evaluateMeasurement(server.ctx, innerIds[0]!, now)).toEqual({ evaluated: false, transactions: 0 });
    await server.ctx.db.insertInto('alarm_evaluations_pending').values({ measurement_id: innerIds[0]! }).execute();
    // Even when the claim is lost (a crash after commit is impossible, but a reset is not): one row per (alarm, measurement).
    await ev.tick();
    expect(await transactionsOf(inner)).toHaveLength(2);
    const second = await storeRecording(inner, 'cwru_105_IR007_0HP', 12000, at(10));
    await evaluate(second);
    expect(await transactionsOf(inner)).toHaveLength(2);
  });

  it('the transactions page lists them with the point and measurement', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.listAlarmTransactions, {
      query: { points: inner, levelName: 'hazard' },
    });
    expect(res.body.total).toBe(2);
    expect(res.body.transactions.every((t) => t.point?._id === inner && t.measurementId === innerIds[0])).toBe(true);
  });
});

describe('durable hand-over: the sweep evaluates what was never notified', () => {
  it('a measurement persisted without notify is evaluated by the next tick', async () => {
    const p = await newPoint();
    await addAlarm(p, {});
    const id = await storeValues(p, at(0), { GRMS: 2.5 });
    expect((await transactionsOf(p)).length).toBe(0);
    await ev.tick();
    expect((await transactionsOf(p)).map((t) => [t.level, t.measurement_id])).toEqual([[2, id]]);
    const pending = await server.ctx.db
      .selectFrom('alarm_evaluations_pending')
      .select('measurement_id')
      .where('measurement_id', '=', id)
      .execute();
    expect(pending).toEqual([]);
  });
});

describe('delay and hysteresis (docs/alarms.md)', () => {
  it('delay 3: hazard is raised on the third consecutive measurement above, with exactly one transaction', async () => {
    const p = await newPoint();
    await addAlarm(p, { delay: 3 });
    await evaluate(await storeValues(p, at(1), { GRMS: 2.5 }));
    await evaluate(await storeValues(p, at(2), { GRMS: 2.5 }));
    expect(await transactionsOf(p)).toEqual([]);
    expect(await healthOf(p)).toBe('healthy');
    await evaluate(await storeValues(p, at(3), { GRMS: 2.5 }));
    await evaluate(await storeValues(p, at(4), { GRMS: 2.5 }));
    expect((await transactionsOf(p)).map((t) => [t.level, t.score])).toEqual([[2, 2.5]]);
    expect(await healthOf(p)).toBe('hazard');
  });

  it('a measurement below in between restarts the delay', async () => {
    const p = await newPoint();
    await addAlarm(p, { delay: 2 });
    for (const [m, v] of [
      [1, 1.5],
      [2, 0.5],
      [3, 1.5],
    ] as const)
      await evaluate(await storeValues(p, at(m), { GRMS: v }));
    expect(await transactionsOf(p)).toEqual([]);
    await evaluate(await storeValues(p, at(4), { GRMS: 1.5 }));
    expect((await transactionsOf(p)).map((t) => t.level)).toEqual([1]);
  });

  it('hysteresis 0.5: attention holds at 1.8 (inside the margin) and clears at 1.4', async () => {
    const p = await newPoint();
    await addAlarm(p, { threshold: { attention: [null, 2], hazard: [null, 5], critical: [null, 8] }, hysteresis: 0.5 });
    await evaluate(await storeValues(p, at(1), { GRMS: 3 }));
    expect(await healthOf(p)).toBe('attention');
    await evaluate(await storeValues(p, at(2), { GRMS: 1.8 }));
    expect((await transactionsOf(p)).map((t) => t.level)).toEqual([1]);
    await evaluate(await storeValues(p, at(3), { GRMS: 1.4 }));
    expect((await transactionsOf(p)).map((t) => [t.level, t.score])).toEqual([
      [1, 3],
      [0, 1.4],
    ]);
    expect(await healthOf(p)).toBe('healthy');
  });

  it('a batch (measurements notified meanwhile) is applied in measured order and writes what one-by-one evaluation writes', async () => {
    const values = [0.5, 2.5, 2.5, 1.5, 3.5, 0.2, 0.2, 2.2];
    const oneByOne = await newPoint();
    const batched = await newPoint();
    for (const p of [oneByOne, batched]) await addAlarm(p, { delay: 2, hysteresis: 0.3 });
    for (const [i, v] of values.entries()) await evaluate(await storeValues(oneByOne, at(100 + i), { GRMS: v }));
    // stored newest first, evaluated as one batch (as the evaluator takes those notified meanwhile):
    // the batch applies them in measured order
    const ids: string[] = [];
    for (const [i, v] of [...values.entries()].reverse()) ids.push(await storeValues(batched, at(100 + i), { GRMS: v }));
    const results = await evaluateMeasurements(server.ctx, ids, now);
    expect([...results.values()].every((r) => r.evaluated)).toBe(true);
    const levels = async (p: string) => (await transactionsOf(p)).map((t) => [t.level, t.score]);
    expect(await levels(oneByOne)).toEqual([
      [2, 2.5],
      [1, 1.5],
      [0, 0.2],
    ]);
    expect(await levels(batched)).toEqual(await levels(oneByOne));
    expect(await healthOf(batched)).toBe(await healthOf(oneByOne));
    expect(
      await server.ctx.db
        .selectFrom('alarm_evaluations_pending')
        .select('measurement_id')
        .where('measurement_id', 'in', ids)
        .execute(),
    ).toEqual([]);
  });

  it('a late (older) measurement does not move the level back', async () => {
    const p = await newPoint();
    await addAlarm(p, {});
    await evaluate(await storeValues(p, at(10), { GRMS: 3.5 }));
    await evaluate(await storeValues(p, at(5), { GRMS: 0.1 }));
    expect((await transactionsOf(p)).map((t) => t.level)).toEqual([3]);
  });

  it('a value on the built-in ISO 10816 alarm follows the standard’s zones (3 mm/s, class II → zone C → hazard)', async () => {
    const p = await newPoint({ motorPower: 30 });
    await evaluate(await storeValues(p, at(1), { VRMS_ISO10816: 3 }));
    const tx = await transactionsOf(p);
    expect(tx.map((t) => [t.telemetry, t.source, t.level, t.score])).toEqual([['VRMS_ISO10816', 'accelerometer_x', 2, 3]]);
  });
});

describe('no-data alarm (periodic measurements stop)', () => {
  it('raises attention after 3 missed periodic intervals and clears on the next measurement', async () => {
    const p = await newPoint();
    const created = new Date();
    now = created;
    await server.ctx.db
      .insertInto('scheduler_jobs')
      .values({
        point_id: p,
        customer_id: demoId,
        sleep_amount: 26,
        next_run_at: new Date(Date.now() + 365 * 86400e3),
        created_at: created,
      })
      .execute();
    const interval = 2048e3; // sleepAmount 26 → 2^11 s
    now = new Date(created.getTime() + 2 * interval);
    await ev.tick();
    expect(await transactionsOf(p)).toEqual([]);
    now = new Date(created.getTime() + 3 * interval + 60e3);
    await ev.tick();
    await ev.tick();
    const raised = await transactionsOf(p);
    expect(raised.map((t) => [t.kind, t.telemetry, t.level, t.measurement_id])).toEqual([['noData', 'NO_DATA', 1, null]]);
    expect(raised[0]!.score).toBeCloseTo((3 * interval + 60e3) / 3600e3, 2);
    expect(await healthOf(p)).toBe('attention');
    now = new Date(now.getTime() + 2000);
    const m = await storeValues(p, new Date(now.getTime() - 1000), { GRMS: 0.1 });
    await evaluate(m);
    expect((await transactionsOf(p)).map((t) => [t.kind, t.level])).toEqual([
      ['noData', 1],
      ['noData', 0],
    ]);
    expect(await healthOf(p)).toBe('healthy');
    now = new Date();
  });
});

describe('alarm mail (customer preferences alarm: receivers, frequencyAlarmMail, alarmLevel)', () => {
  it('mails the first change at once, then at most one digest per 6 h, in the customer’s language, from the minimum level', async () => {
    const c = await server.ctx.db
      .selectFrom('customers')
      .select('preferences')
      .where('id', '=', demoId)
      .executeTakeFirstOrThrow();
    const prefs = customerPreferences.parse(c.preferences);
    prefs.alarm = { ...prefs.alarm, mailReceivers: [MAIL_TO], frequencyAlarmMail: 6, alarmLevel: 2 };
    prefs.localization = { ...prefs.localization, preferedLanguage: 'de', timeZone: 'GMT+3' };
    await server.ctx.db
      .updateTable('customers')
      .set({ preferences: JSON.stringify(prefs) })
      .where('id', '=', demoId)
      .execute();
    await ev.tick(); // older pending transactions go out first
    const p = await newPoint();
    const mails = () => readOutbox(server.dataDir).filter((m) => m.to.includes(MAIL_TO));
    const before = mails().length;
    const start = Date.now() + 7 * 3600e3; // past any mail the first tick sent
    now = new Date(start);
    await addAlarm(p, { name: 'GRMS DE' });

    await evaluate(await storeValues(p, at(1), { GRMS: 2.5 }));
    expect(mails()).toHaveLength(before + 1);
    const first = mails().at(-1)!;
    expect(first.subject).toContain('Alarmänderung');
    expect(first.text).toContain('Die folgenden Alarmstufen haben sich geändert:');
    expect(first.text).toMatch(/GRMS DE: gefährlich \(GRMS accelerometer_x = 2\.5\)/);

    now = new Date(start + 3600e3);
    await evaluate(await storeValues(p, at(2), { GRMS: 3.5 })); // critical: waits for the digest
    await evaluate(await storeValues(p, at(3), { GRMS: 1.5 })); // attention: below alarmLevel 2, never mailed
    expect(mails()).toHaveLength(before + 1);

    now = new Date(start + 6 * 3600e3 + 1000);
    await ev.tick();
    expect(mails()).toHaveLength(before + 2);
    const digest = mails().at(-1)!;
    expect(digest.text).toMatch(/GRMS DE: kritisch \(GRMS accelerometer_x = 3\.5\)/);
    expect(digest.text).not.toContain('Achtung');
    await ev.tick();
    expect(mails()).toHaveLength(before + 2);

    // 9999999: never mailed; the change is marked skipped.
    prefs.alarm = { ...prefs.alarm, frequencyAlarmMail: 9999999 };
    await server.ctx.db
      .updateTable('customers')
      .set({ preferences: JSON.stringify(prefs) })
      .where('id', '=', demoId)
      .execute();
    now = new Date(start + 24 * 3600e3);
    await evaluate(await storeValues(p, at(4), { GRMS: 3.5 }));
    await ev.tick();
    expect(mails()).toHaveLength(before + 2);
    const states = await server.ctx.db
      .selectFrom('alarm_transactions')
      .select(['level', 'mail_state'])
      .where('point_id', '=', p)
      .orderBy('created_at')
      .execute();
    expect(states).toEqual([
      { level: 2, mail_state: 'sent' },
      { level: 3, mail_state: 'sent' },
      { level: 1, mail_state: 'skipped' },
      { level: 3, mail_state: 'skipped' },
    ]);
    now = new Date();
  });
});
