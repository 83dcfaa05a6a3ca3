import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AXIS_KEYS, aiModelList, aiPredictionList, senseway, type AiPrediction } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import type { DspTask } from '../src/infra/dsp-tasks.ts';
import { startPredictionWarmer } from '../src/jobs/ai-predictions/warmer.ts';
import { shippedModels } from '../src/modules/ai-models/model.ts';
import { aiDb, predictRecord, PREDICTIONS_PER_REQUEST, type PointContext } from '../src/modules/ai-models/service.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { insertPoint } from './support/points.ts';
import { recordingBytes } from './support/recordings.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId, insertUser } from './support/users.ts';

/**
 * `GET /ai-model` and `GET /ai-model/{id}/predictions` (spec 001 §3, §7) against the real embedded
 * database and object storage, on measurements that are REAL recordings (CWRU, the repository's
 * copy of data/vibration) stored exactly as ingest stores them: int16 counts of the ±4 g range,
 * interleaved X,Y,Z, drive-end accelerometer on X, fan-end on Y, Z silent (a constant axis).
 */
const MODEL = 'bearing-condition-cwru';
const RANGE_INDEX = 2;
const MISSING = '0123456789abcdef01234567';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let otherToken: string;
let demoId: string;
let otherCustomerId: string;
let bearingId: string;

const newPoint = (customerId: string, data: Record<string, unknown>) => insertPoint(server, customerId, { point: data });

const cwruPoint = (customerId: string) =>
  newPoint(customerId, { type: ['Bearing'], referenceFrequency: 29.95, referenceFrequencyVariable: false, bearingId });

/** Stores waveforms as persisted measurements of `point` (one INSERT per 200); returns their ids in order. */
async function storeWaveforms(point: string, list: { bytes: Uint8Array; fsHz: number; at: Date }[], customer = demoId) {
  const rows = [];
  for (const w of list) {
    const id = newId();
    const key = waveformKey(customer, id);
    await server.ctx.storage.put(key, w.bytes);
    rows.push({
      id,
      customer_id: customer,
      object_id: id,
      point_id: point,
      device_mac: 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: null,
      measurement_type: 'PERIODIC' as const,
      state: 'persisted' as const,
      range_index: RANGE_INDEX,
      rate_index: 9,
      sample_size: w.bytes.length / 6,
      calibrated_sampling_rate: w.fsHz,
      waveform_key: key,
      created_at: w.at,
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await server.ctx.db
      .insertInto('measurements')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.map((r) => r.id);
}

/**
 * Stores `seconds` of a recording from `startS` as a persisted measurement of `point` at `at`:
 * X = drive end, Y = fan end, Z = 0.
 */
async function storeRecording(r: { point: string; stem: string; fsHz: number; startS: number; at: string; customer?: string }) {
  const [id] = await storeWaveforms(
    r.point,
    [{ bytes: recordingBytes(r.stem, r.fsHz, r.startS), fsHz: r.fsHz, at: new Date(r.at) }],
    r.customer,
  );
  return id;
}

const predictions = (point: string, tok = token, extra = '', host?: string) =>
  api<AiPrediction[]>(server.url, tok, 'GET', `/ai-model/${MODEL}/predictions?point=${point}${extra}`, undefined, { host });

const tokenWith = async (email: string, permissions: string[]) => {
  await insertUser(server, { email, password: 'Ai-Model-Password-1', permissions });
  return login(server.url, email, 'Ai-Model-Password-1');
};

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  const other = await createSecondTenant(server);
  otherCustomerId = other.customerId;
  otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
  const b = await server.ctx.db
    .selectFrom('bearings')
    .select('id')
    .where('customer_id', 'is', null)
    .where('brand', '=', 'SKF')
    .where('bearing_number', '=', '6205-2RS')
    .executeTakeFirstOrThrow();
  bearingId = b.id;
});
afterAll(async () => server?.close());

describe('GET /ai-model', () => {
  it('lists the shipped bearing-condition model with class0 unknown first', async () => {
    const res = await api(server.url, token, 'GET', '/ai-model');
    expect(res.status).toBe(200);
    const list = aiModelList.parse(res.body);
    const m = list.find((x) => x._id === MODEL)!;
    expect(m.classes.map((c) => [c.key, c.labelKey])).toEqual([
      ['class0', 'bearingCondition.unknown'],
      ['class1', 'bearingCondition.normal'],
      ['class2', 'bearingCondition.innerRace'],
      ['class3', 'bearingCondition.ball'],
      ['class4', 'bearingCondition.outerRace'],
    ]);
  });

  it('needs a session (401) and Readtrend or readMeasurement (403 without either)', async () => {
    expect((await api(server.url, null, 'GET', '/ai-model')).status).toBe(401);
    const none = await tokenWith('ai-none@demo.local', ['readPoint']);
    expect((await api(server.url, none, 'GET', '/ai-model')).status).toBe(403);
    const trend = await tokenWith('ai-trend@demo.local', ['Readtrend']);
    expect((await api(server.url, trend, 'GET', '/ai-model')).status).toBe(200);
  });
});

describe('GET /ai-model/{id}/predictions', () => {
  let point: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    point = await cwruPoint(demoId);
    // oldest first in the answer: normal (native 48 kHz), inner race, ball, outer race (12 kHz)
    ids.normal = await storeRecording({ point, stem: 'cwru_097_Normal_0HP', fsHz: 48000, startS: 0, at: '2025-03-01T08:00:00Z' });
    ids.inner = await storeRecording({ point, stem: 'cwru_105_IR007_0HP', fsHz: 12000, startS: 3, at: '2025-03-02T08:00:00Z' });
    ids.ball = await storeRecording({ point, stem: 'cwru_118_B007_0HP', fsHz: 12000, startS: 6, at: '2025-03-03T08:00:00Z' });
    ids.outer = await storeRecording({
      point,
      stem: 'cwru_130_OR007at6_0HP',
      fsHz: 12000,
      startS: 9,
      at: '2025-03-04T08:00:00Z',
    });
  });

  it('predicts the recordings: normal → class1, inner race → class2, ball → class3, outer race → class4', async () => {
    const res = await predictions(point);
    expect(res.status).toBe(200);
    const list = aiPredictionList.parse(res.body);
    expect(list.map((p) => [p.measurement, p.prediction])).toEqual([
      [ids.normal, 'class1'],
      [ids.inner, 'class2'],
      [ids.ball, 'class3'],
      [ids.outer, 'class4'],
    ]);
    expect(list[0].createdAt).toBe('2025-03-01T08:00:00.000Z');
    const inner = list[1];
    expect(inner.probability).toBeGreaterThan(0.9);
    expect(['accelerometer_x', 'accelerometer_y']).toContain(inner.source);
  });

  it('bounds the measurements with startDate/endDate (YYYY-MM-DD HH:mm:ss, inclusive)', async () => {
    const res = await predictions(point, token, '&startDate=2025-03-01 20:00:00&endDate=2025-03-03 20:00:00');
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.measurement)).toEqual([ids.inner, ids.ball]);
    const bad = await api<{ errors: { msg: string }[] }>(
      server.url,
      token,
      'GET',
      `/ai-model/${MODEL}/predictions?point=${point}&startDate=2025-03-01`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].msg).toMatch(/YYYY-MM-DD HH:mm:ss/);
  });

  it('caches predictions per measurement and model, and recomputes when the point’s bearing context changes', async () => {
    const p = await cwruPoint(demoId);
    const id = await storeRecording({ point: p, stem: 'cwru_105_IR007_0HP', fsHz: 12000, startS: 1, at: '2025-04-01T08:00:00Z' });
    expect((await predictions(p)).body.map((x) => x.prediction)).toEqual(['class2']);
    const db = aiDb(server.ctx.db);
    const row = await db.selectFrom('ai_predictions').selectAll().where('measurement_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      model_id: MODEL,
      customer_id: demoId,
      prediction: 'class2',
      context_key: expect.stringMatching(/^bearing-condition-cwru@1\|3\.5848,5\.4152,2\.3567\d*\|29\.95$/),
    });
    // the second answer comes from the table (a row altered there is what is answered)
    await db.updateTable('ai_predictions').set({ prediction: 'class4' }).where('measurement_id', '=', id).execute();
    expect((await predictions(p)).body.map((x) => x.prediction)).toEqual(['class4']);
    // another reference frequency is another context: the cached row does not apply. Without a
    // speed every record is class0, known from the point alone: answered without computing or caching
    const setSpeed = (hz: number) =>
      server.ctx.db
        .updateTable('tree_nodes')
        .set({ point: JSON.stringify({ type: ['Bearing'], referenceFrequency: hz, bearingId }) })
        .where('id', '=', p)
        .execute();
    await setSpeed(0);
    expect((await predictions(p)).body.map((x) => x.prediction)).toEqual(['class0']);
    const after = await db.selectFrom('ai_predictions').selectAll().where('measurement_id', '=', id).execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ prediction: 'class4', context_key: row.context_key });
    // another non-zero speed: recomputed and replaced under the new key
    await setSpeed(30.5);
    const recomputed = (await predictions(p)).body;
    expect(recomputed.map((x) => x.prediction)).toEqual(['class2']);
    const replaced = await db.selectFrom('ai_predictions').selectAll().where('measurement_id', '=', id).execute();
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({
      prediction: 'class2',
      probability: recomputed[0].probability,
      context_key: expect.stringMatching(/^bearing-condition-cwru@1\|3\.5848,5\.4152,2\.3567\d*\|30\.5$/),
    });
  });

  it('answers class0 (unknown) for a point without bearing or reference frequency', async () => {
    const bare = await newPoint(demoId, { type: ['None'], referenceFrequency: 0 });
    const id = await storeRecording({
      point: bare,
      stem: 'cwru_105_IR007_0HP',
      fsHz: 12000,
      startS: 0,
      at: '2025-03-05T08:00:00Z',
    });
    const noSpeed = await newPoint(demoId, { type: ['Bearing'], referenceFrequency: 0, bearingId });
    const id2 = await storeRecording({
      point: noSpeed,
      stem: 'cwru_105_IR007_0HP',
      fsHz: 12000,
      startS: 0,
      at: '2025-03-05T08:00:00Z',
    });
    expect((await predictions(bare)).body).toEqual([
      { measurement: id, prediction: 'class0', createdAt: '2025-03-05T08:00:00.000Z', probability: null, source: null },
    ]);
    expect((await predictions(noSpeed)).body.map((p) => p.prediction)).toEqual(['class0']);
    expect((await predictions(noSpeed)).body[0].measurement).toBe(id2);
  });

  it('answers class0 for a record sampled below 10 kHz', async () => {
    const p = await cwruPoint(demoId);
    await storeRecording({ point: p, stem: 'cwru_105_IR007_0HP', fsHz: 6400, startS: 0, at: '2025-03-06T08:00:00Z' });
    expect((await predictions(p)).body.map((x) => x.prediction)).toEqual(['class0']);
  });

  it('an empty list for a point without measurements', async () => {
    const p = await cwruPoint(demoId);
    expect(await predictions(p)).toMatchObject({ status: 200, body: [] });
  });

  it('isolates tenants: another customer’s point answers 404 like a missing one', async () => {
    const foreign = await cwruPoint(otherCustomerId);
    await storeRecording({
      point: foreign,
      stem: 'cwru_105_IR007_0HP',
      fsHz: 12000,
      startS: 0,
      at: '2025-03-07T08:00:00Z',
      customer: otherCustomerId,
    });
    const fromDemo = await predictions(foreign);
    const missing = await predictions(MISSING);
    expect(fromDemo).toEqual(missing);
    expect(fromDemo).toMatchObject({ status: 404, body: { code: 'POINT_NOT_FOUND' } });
    // the other tenant sees its own point, and not the demo one
    expect((await predictions(foreign, otherToken, '', OTHER_HOST)).body.map((x) => x.prediction)).toEqual(['class2']);
    expect((await predictions(point, otherToken, '', OTHER_HOST)).status).toBe(404);
  });

  it('unknown model: 404 with a message; missing point parameter: 400', async () => {
    const res = await api<{ message: string }>(server.url, token, 'GET', `/ai-model/no-such-model/predictions?point=${point}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('AI model not found');
    const noPoint = await api<{ errors: { msg: string }[] }>(server.url, token, 'GET', `/ai-model/${MODEL}/predictions`);
    expect(noPoint.status).toBe(400);
  });

  it('permissions: readMeasurement or Readtrend; neither → 403; no session → 401', async () => {
    expect((await predictions(point, await tokenWith('ai-meas@demo.local', ['readMeasurement']))).status).toBe(200);
    expect((await predictions(point, await tokenWith('ai-trend2@demo.local', ['Readtrend']))).status).toBe(200);
    expect((await predictions(point, await tokenWith('ai-point@demo.local', ['readPoint']))).status).toBe(403);
    expect((await api(server.url, null, 'GET', `/ai-model/${MODEL}/predictions?point=${point}`)).status).toBe(401);
  });
});

/** Counts the `aiPrediction` tasks given to the server's DSP pool until `restore()`. */
function countPoolTasks() {
  const pool = server.ctx.dsp;
  let n = 0;
  server.ctx.dsp = {
    ...pool,
    run: <T>(task: DspTask) => {
      if (task.kind === 'aiPrediction') n++;
      return pool.run<T>(task);
    },
  };
  return {
    take: () => {
      const c = n;
      n = 0;
      return c;
    },
    restore: () => void (server.ctx.dsp = pool),
  };
}

describe('serving: DSP pool, request cap, warmer (docs/ai-model.md "Serving")', () => {
  /** The shipped model and the CWRU point's context, as the synchronous path computed them. */
  const shipped = () => shippedModels().get(MODEL)!.file;
  const pointCtx = async (): Promise<PointContext> => {
    const b = await server.ctx.db
      .selectFrom('bearings')
      .select(['bpfo', 'bpfi', 'bsf'])
      .where('id', '=', bearingId)
      .executeTakeFirstOrThrow();
    return { bearing: b, shaftHz: 29.95 };
  };
  /** The old synchronous path: decode and predictRecord on this thread. */
  const synchronous = (bytes: Uint8Array, fsHz: number, pc: PointContext) => {
    const w = senseway.decodeTriaxial(bytes, RANGE_INDEX);
    return predictRecord(shipped(), { [AXIS_KEYS[0]]: w.x, [AXIS_KEYS[1]]: w.y, [AXIS_KEYS[2]]: w.z }, fsHz, pc);
  };

  it('a measurement notified to the warmer gets its cached row; a point without bearing gets none', async () => {
    const warmer = server.ctx.aiPredictions!;
    const p = await cwruPoint(demoId);
    const bytes = recordingBytes('cwru_130_OR007at6_0HP', 12000, 4);
    const [id] = await storeWaveforms(p, [{ bytes, fsHz: 12000, at: new Date('2025-05-01T08:00:00Z') }]);
    const bare = await newPoint(demoId, { type: ['None'], referenceFrequency: 0 });
    const [bareId] = await storeWaveforms(bare, [{ bytes, fsHz: 12000, at: new Date('2025-05-01T08:00:00Z') }]);
    warmer.notify(id);
    warmer.notify(bareId);
    await warmer.idle();
    const db = aiDb(server.ctx.db);
    const rows = await db.selectFrom('ai_predictions').selectAll().where('measurement_id', 'in', [id, bareId]).execute();
    const expected = synchronous(bytes, 12000, await pointCtx());
    expect(expected.prediction).toBe('class4');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      measurement_id: id,
      model_id: MODEL,
      customer_id: demoId,
      prediction: 'class4',
      source: expected.source,
    });
    expect(Math.abs(rows[0].probability! - expected.probability!)).toBeLessThanOrEqual(1e-12);
    // the endpoint answers from that row (altered here to prove it is read, not recomputed)
    await db.updateTable('ai_predictions').set({ probability: 0.5 }).where('measurement_id', '=', id).execute();
    expect((await predictions(p)).body).toEqual([
      { measurement: id, prediction: 'class4', createdAt: '2025-05-01T08:00:00.000Z', probability: 0.5, source: expected.source },
    ]);
  });

  it('start-up sweep: caches measurements of the last 30 days without a row, newest first, up to its limit', async () => {
    const p = await cwruPoint(demoId);
    const now = Date.parse('2026-02-01T12:00:00Z');
    const day = 86_400_000;
    const bytes = recordingBytes('cwru_105_IR007_0HP', 12000, 6);
    const [old, recent1, recent2, recent3, cached] = await storeWaveforms(
      p,
      [40, 3, 2, 1, 1.5].map((d) => ({ bytes, fsHz: 12000, at: new Date(now - d * day) })),
    );
    const db = aiDb(server.ctx.db);
    await db
      .insertInto('ai_predictions')
      .values({
        measurement_id: cached,
        model_id: MODEL,
        customer_id: demoId,
        context_key: 'kept',
        prediction: 'class3',
        probability: 1,
        source: null,
      })
      .execute();
    // limit 2: the two newest uncached of the window (recent3, recent2); not the 40-day-old one
    const warmer = startPredictionWarmer(server.ctx, { clock: () => new Date(now), sweepLimit: 2 });
    await warmer.idle();
    await warmer.stop();
    const rows = await db
      .selectFrom('ai_predictions')
      .select(['measurement_id', 'prediction', 'context_key'])
      .where('measurement_id', 'in', [old, recent1, recent2, recent3, cached])
      .execute();
    const by = new Map(rows.map((r) => [r.measurement_id, r]));
    expect([...by.keys()].sort()).toEqual([recent2, recent3, cached].sort());
    expect(by.get(recent3)!.prediction).toBe('class2');
    expect(by.get(cached)).toMatchObject({ prediction: 'class3', context_key: 'kept' }); // has a row: not swept
    expect(warmer.stats()).toMatchObject({ computed: 2, cachedRows: 2, queued: 0 });
    // stopped: notifications are ignored
    warmer.notify(old);
    await warmer.idle();
    expect(warmer.stats().computed).toBe(2);
  });

  it('computes at most PREDICTIONS_PER_REQUEST (newest first) in the pool without blocking the API; the rest is pending, then completed; equal to the synchronous path', async () => {
    const pc = await pointCtx();
    const p = await cwruPoint(demoId);
    // 8 distinct real waveforms (4 conditions × 2 windows; normal at its native 48 kHz), cycled
    const waves = [
      { stem: 'cwru_097_Normal_0HP', fsHz: 48000, startS: 0 },
      { stem: 'cwru_105_IR007_0HP', fsHz: 12000, startS: 2 },
      { stem: 'cwru_118_B007_0HP', fsHz: 12000, startS: 4 },
      { stem: 'cwru_130_OR007at6_0HP', fsHz: 12000, startS: 5 },
      { stem: 'cwru_097_Normal_0HP', fsHz: 48000, startS: 1 },
      { stem: 'cwru_105_IR007_0HP', fsHz: 12000, startS: 7 },
      { stem: 'cwru_118_B007_0HP', fsHz: 12000, startS: 8 },
      { stem: 'cwru_130_OR007at6_0HP', fsHz: 12000, startS: 1 },
    ].map((w) => ({ ...w, bytes: recordingBytes(w.stem, w.fsHz, w.startS) }));
    const expected = waves.map((w) => synchronous(w.bytes, w.fsHz, pc));
    expect(new Set(expected.map((e) => e.prediction))).toEqual(new Set(['class1', 'class2', 'class3', 'class4']));
    const n = PREDICTIONS_PER_REQUEST + 20;
    const t0 = Date.parse('2025-06-01T00:00:00Z');
    const ids = await storeWaveforms(
      p,
      Array.from({ length: n }, (_, i) => ({
        bytes: waves[i % 8].bytes,
        fsHz: waves[i % 8].fsHz,
        at: new Date(t0 + i * 1_800_000),
      })),
    );

    // Cold request; meanwhile the API answers /health and its event loop stays mostly idle.
    await server.ctx.aiPredictions?.idle(); // (the warmer done with earlier tests' measurements)
    const tasks = countPoolTasks();
    onTestFinished(tasks.restore);
    const elu0 = performance.eventLoopUtilization();
    let done = false;
    const cold = predictions(p).finally(() => (done = true));
    const health: { status: number; ms: number }[] = [];
    while (!done) {
      const h0 = performance.now();
      const h = await api(server.url, null, 'GET', '/health');
      health.push({ status: h.status, ms: performance.now() - h0 });
      await new Promise((r) => setTimeout(r, 20));
    }
    const first = await cold;
    const elu = performance.eventLoopUtilization(elu0);
    expect(first.status).toBe(200);
    expect(tasks.take()).toBe(PREDICTIONS_PER_REQUEST);
    expect(health.length).toBeGreaterThanOrEqual(5);
    expect(health.every((h) => h.status === 200)).toBe(true);
    // The synchronous path kept this thread busy (utilisation ≈ 1): now it only moves bytes.
    expect(elu.utilization).toBeLessThan(0.5);

    const list = aiPredictionList.parse(first.body);
    expect(list.map((x) => x.measurement)).toEqual(ids);
    const pendingAt = list.flatMap((x, i) => (x.pending ? [i] : []));
    expect(pendingAt).toEqual(Array.from({ length: 20 }, (_, i) => i)); // the 20 oldest
    for (const i of pendingAt)
      expect(list[i]).toMatchObject({ prediction: 'class0', probability: null, source: null, pending: true });
    const check = (x: AiPrediction, i: number) => {
      const e = expected[i % 8];
      expect(x.pending).toBeUndefined();
      expect([x.prediction, x.source]).toEqual([e.prediction, e.source]);
      expect(Math.abs(x.probability! - e.probability!)).toBeLessThanOrEqual(1e-12);
    };
    list.forEach((x, i) => i >= 20 && check(x, i));

    // The next request computes the rest; the one after is all from the cache.
    const second = aiPredictionList.parse((await predictions(p)).body);
    second.forEach(check);
    expect(tasks.take()).toBe(20);
    const cachedRows = await aiDb(server.ctx.db)
      .selectFrom('ai_predictions')
      .select('measurement_id')
      .where('measurement_id', 'in', ids)
      .execute();
    expect(cachedRows).toHaveLength(n);
    expect((await predictions(p)).body).toEqual(second);
    expect(tasks.take()).toBe(0);
  }, 120_000);

  it('concurrent requests for the same uncached measurements share one pool task each', async () => {
    const p = await cwruPoint(demoId);
    const bytes = recordingBytes('cwru_118_B007_0HP', 12000, 2);
    const t0 = Date.parse('2025-07-01T00:00:00Z');
    await storeWaveforms(
      p,
      Array.from({ length: 12 }, (_, i) => ({ bytes, fsHz: 12000, at: new Date(t0 + i * 60_000) })),
    );
    // the server's warmer may still be computing earlier tests' measurements: let it finish first
    await server.ctx.aiPredictions?.idle();
    const tasks = countPoolTasks();
    onTestFinished(tasks.restore);
    const [a, b] = await Promise.all([predictions(p), predictions(p)]);
    expect(tasks.take()).toBe(12);
    expect(a.body).toEqual(b.body);
    expect(a.body.every((x) => x.prediction === 'class3' && !x.pending)).toBe(true);
  });
});
