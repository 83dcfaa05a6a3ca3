import { beforeAll, describe, expect, it } from 'vitest';
import { aiModelList, aiPredictionList, ENDPOINTS } from '@overtone/contract';
import { api } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { OTHER_HOST } from './support/second-tenant.ts';
import {
  MISSING,
  MODEL,
  bearingId,
  cwruPoint,
  demoId,
  newPoint,
  otherCustomerId,
  otherToken,
  predictions,
  server,
  storeRecording,
  token,
  tokenWith,
  useAiModelsFixture,
} from './support/ai-models-fixture.ts';

/**
 * `GET /ai-model` and `GET /ai-model/{id}/predictions` (spec 001 §3, §7) against the real embedded
 * database and object storage, on measurements that are REAL recordings (CWRU, the repository's
 * copy of data/vibration) stored exactly as ingest stores them: int16 counts of the ±4 g range,
 * interleaved X,Y,Z, drive-end accelerometer on X, fan-end on Y, Z silent (a constant axis).
 */
useAiModelsFixture();

describe('GET /ai-model', () => {
  it('lists the shipped bearing-condition model with class0 unknown first', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.listAiModels);
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
    expect((await callApi(server.url, null, ENDPOINTS.listAiModels)).status).toBe(401);
    const none = await tokenWith('ai-none@demo.local', ['readPoint']);
    expect((await callApi(server.url, none, ENDPOINTS.listAiModels)).status).toBe(403);
    const trend = await tokenWith('ai-trend@demo.local', ['Readtrend']);
    expect((await callApi(server.url, trend, ENDPOINTS.listAiModels)).status).toBe(200);
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
    const res = await predictions(point, token, { startDate: '2025-03-01 20:00:00', endDate: '2025-03-03 20:00:00' });
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
    const db = server.ctx.db;
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
    expect((await predictions(foreign, otherToken, {}, OTHER_HOST)).body.map((x) => x.prediction)).toEqual(['class2']);
    expect((await predictions(point, otherToken, {}, OTHER_HOST)).status).toBe(404);
  });

  it('unknown model: 404 with a message; missing point parameter: 400', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.getAiModelPredictions, {
      params: { id: 'no-such-model' },
      query: { point },
    });
    expect(res.status).toBe(404);
    expect((res.body as unknown as { message: string }).message).toBe('AI model not found');
    const noPoint = await api<{ errors: { msg: string }[] }>(server.url, token, 'GET', `/ai-model/${MODEL}/predictions`);
    expect(noPoint.status).toBe(400);
  });

  it('permissions: readMeasurement or Readtrend; neither → 403; no session → 401', async () => {
    expect((await predictions(point, await tokenWith('ai-meas@demo.local', ['readMeasurement']))).status).toBe(200);
    expect((await predictions(point, await tokenWith('ai-trend2@demo.local', ['Readtrend']))).status).toBe(200);
    expect((await predictions(point, await tokenWith('ai-point@demo.local', ['readPoint']))).status).toBe(403);
    expect((await predictions(point, null)).status).toBe(401);
  });
});
