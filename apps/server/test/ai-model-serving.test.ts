import { performance } from 'node:perf_hooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AXIS_KEYS, ENDPOINTS, aiPredictionList, senseway, type AiPrediction } from '@overtone/contract';
import type { DspTask } from '../src/jobs/dsp/dsp-tasks.ts';
import { startPredictionWarmer } from '../src/jobs/ai-predictions/warmer.ts';
import { shippedModels } from '../src/modules/ai-models/model.ts';
import { predictRecord, PREDICTIONS_PER_REQUEST, type PointContext } from '../src/modules/ai-models/service.ts';
import { callApi } from './support/endpoint-client.ts';
import { recordingBytes } from './support/recordings.ts';
import {
  MODEL,
  RANGE_INDEX,
  bearingId,
  cwruPoint,
  demoId,
  newPoint,
  predictions,
  server,
  storeWaveforms,
  useAiModelsFixture,
} from './support/ai-models-fixture.ts';

/**
 * `GET /ai-model` and `GET /ai-model/{id}/predictions` (spec 001 §3, §7) against the real embedded
 * database and object storage, on measurements that are REAL recordings (CWRU, the repository's
 * copy of data/vibration) stored exactly as ingest stores them: int16 counts of the ±4 g range,
 * interleaved X,Y,Z, drive-end accelerometer on X, fan-end on Y, Z silent (a constant axis).
 */
useAiModelsFixture();

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
    const db = server.ctx.db;
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
    const db = server.ctx.db;
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
      const h = await callApi(server.url, null, ENDPOINTS.getHealth);
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
    const cachedRows = await server.ctx.db
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
