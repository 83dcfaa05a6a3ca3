import os from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import { isDuckMac, predictionClass, type AiPrediction } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { AiPredictionsTable, DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { createLimiter } from '../../infra/limiter.ts';
import { findBearing } from '../bearings/repo.ts';
import { defaultPointData, type PointData } from '../points/repo.ts';
import { contextRefusal } from './features.ts';
import type { ModelFile } from './model.ts';
import type { PointContext, RecordVerdict } from './predict.ts';
import { modelRef, type AiPredictionTask, type AiPredictionTaskResult } from './worker-task.ts';
import { PREDICTIONS_PER_REQUEST } from '@overtone/contract';

export { combineAxes, predictRecord, type PointContext, type RecordVerdict } from './predict.ts';

/** Rows written per INSERT when caching computed predictions. */
const INSERT_BATCH = 200;

/**
 * The cache key of a prediction: model id and version, the point's bearing multipliers (BPFO,
 * BPFI, BSF) and reference frequency. A cached row holds only under the key it was computed with.
 */
export const contextKeyOf = (m: Pick<ModelFile, 'id' | 'version'>, pc: PointContext) =>
  `${m.id}@${m.version}|${pc.bearing ? `${pc.bearing.bpfo},${pc.bearing.bpfi},${pc.bearing.bsf}` : '-'}|${pc.shaftHz}`;

/**
 * The model context of a point of the customer: its bearing's multipliers (the catalogue's or the
 * customer's own custom bearing; another customer's reads as none) and its reference frequency.
 *
 * @returns null for a missing point or one of another customer.
 */
export async function pointContext(db: Kysely<DB>, customerId: string, pointId: string): Promise<PointContext | null> {
  const node = await db
    .selectFrom('tree_nodes')
    .select('point')
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirst();
  if (!node) return null;
  const data = { ...defaultPointData(), ...(node.point as Partial<PointData>) };
  const b = data.bearingId ? await findBearing(db, customerId, data.bearingId) : null;
  return { bearing: b ? { bpfo: b.bpfo, bpfi: b.bpfi, bsf: b.bsf } : null, shaftHz: data.referenceFrequency };
}

/** Threads of the DSP pool (the server's `DSP_WORKERS`, default one per core; 0 = inline counts as 1). */
export const dspThreads = (ctx: AppContext) => Math.max(1, ctx.config.dspWorkers || os.availableParallelism());

/** What {@link predictStored} needs of a measurement row. */
export interface StoredRecord {
  waveform_key: string | null;
  range_index: number;
  calibrated_sampling_rate: number | null;
  device_mac: string;
  duck_config: unknown;
}

/** Outcome of {@link predictStored}. */
export interface StoredPrediction {
  /** One verdict per model; null: a transient failure (storage, worker), answer class0 and do not cache. */
  verdicts: RecordVerdict[] | null;
  /** Worker compute time, ms (0 when the pool was not used). */
  computeMs: number;
  /** Whether a DSP-pool task ran. */
  pooled: boolean;
}

/**
 * The predictions of stored measurement for each model, computed in the DSP pool (task
 * `aiPrediction`, worker-task.ts): the API's thread only reads the waveform's bytes. Measurements
 * without a waveform, without a sampling rate, or from a Duck (another unit than g) get class0
 * without a task.
 */
export async function predictStored(
  ctx: AppContext,
  models: ModelFile[],
  r: StoredRecord,
  pc: PointContext,
): Promise<StoredPrediction> {
  const unknown = models.map((m): RecordVerdict => ({ prediction: m.decision.unknownClass, probability: null, source: null }));
  const fs = r.calibrated_sampling_rate;
  if (isDuckMac(r.device_mac) || r.duck_config != null || !r.waveform_key || !fs)
    return { verdicts: unknown, computeMs: 0, pooled: false };
  let bytes: Uint8Array | null;
  try {
    bytes = await ctx.storage.get(r.waveform_key);
  } catch {
    return { verdicts: null, computeMs: 0, pooled: false };
  }
  if (!bytes) return { verdicts: unknown, computeMs: 0, pooled: false };
  const task: AiPredictionTask = {
    kind: 'aiPrediction',
    bytes,
    rangeIndex: r.range_index,
    samplingRateHz: fs,
    point: pc,
    models: models.map(modelRef),
  };
  try {
    const res = await ctx.dsp.run<AiPredictionTaskResult>(task);
    return { verdicts: res.verdicts, computeMs: res.computeMs, pooled: true };
  } catch {
    return { verdicts: null, computeMs: 0, pooled: true };
  }
}

/**
 * Writes computed predictions to `ai_predictions`, {@link INSERT_BATCH} rows per INSERT, replacing
 * a row of another context. Best effort: a batch failing (a measurement deleted meanwhile fails the
 * foreign key) is skipped; its predictions are computed again when next needed.
 *
 * @returns rows written.
 */
export async function cachePredictions(db: Kysely<DB>, rows: Insertable<AiPredictionsTable>[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const ok = await db
      .insertInto('ai_predictions')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['measurement_id', 'model_id']).doUpdateSet((eb) => ({
          context_key: eb.ref('excluded.context_key'),
          prediction: eb.ref('excluded.prediction'),
          probability: eb.ref('excluded.probability'),
          source: eb.ref('excluded.source'),
          computed_at: new Date(),
        })),
      )
      .execute()
      .then(
        () => true,
        () => false,
      );
    if (ok) written += batch.length;
  }
  return written;
}

/** Predictions being computed by requests of this process, by measurement id and context key. */
const inFlight = new Map<string, Promise<StoredPrediction>>();
/** One limiter per running server (its DSP pool). */
const limiters = new WeakMap<AppContext, ReturnType<typeof createLimiter>>();
const limiterOf = (ctx: AppContext, n: number) => {
  let l = limiters.get(ctx);
  if (!l) limiters.set(ctx, (l = createLimiter(n)));
  return l;
};

/** Options of {@link predictionsForPoint}. */
export interface PredictionsOptions {
  /** Uncached measurements computed at most (the newest); default {@link PREDICTIONS_PER_REQUEST}. */
  cap?: number;
  /** Pool tasks under way at once; default the pool's thread count. */
  concurrency?: number;
}

/**
 * `GET /ai-model/{id}/predictions`: the prediction of every stored (persisted or partial) measurement
 * of a point of the customer, oldest first, optionally within [start, end] on createdAt.
 *
 * Predictions are pure functions of (model version, waveform, point bearing and reference
 * frequency): they are cached in `ai_predictions` under {@link contextKeyOf}, filled ahead by the
 * prediction warmer (jobs/ai-predictions) and by this call. Uncached measurements are computed in
 * the DSP pool, `concurrency` at once, at most `cap` of them (the newest); the others are answered
 * `{prediction: 'class0', probability: null, source: null, pending: true}` and computed by a later
 * request. Concurrent requests share the computation of a measurement (one pool task). A point
 * without bearing or reference frequency answers class0 for every measurement
 * without reading a waveform and without caching.
 *
 * @throws AppError POINT_NOT_FOUND for a missing point or one of another customer.
 */
export async function predictionsForPoint(
  ctx: AppContext,
  m: ModelFile,
  customerId: string,
  pointId: string,
  range: { start: Date | null; end: Date | null },
  opts: PredictionsOptions = {},
): Promise<AiPrediction[]> {
  const pc = await pointContext(ctx.db, customerId, pointId);
  if (!pc) throw new AppError('POINT_NOT_FOUND');
  const contextKey = contextKeyOf(m, pc);
  let q = ctx.db
    .selectFrom('measurements as m')
    .leftJoin('ai_predictions as a', (j) =>
      j.onRef('a.measurement_id', '=', 'm.id').on('a.model_id', '=', m.id).on('a.context_key', '=', contextKey),
    )
    .select([
      'm.id',
      'm.created_at',
      'm.waveform_key',
      'm.range_index',
      'm.calibrated_sampling_rate',
      'm.device_mac',
      'm.duck_config',
    ])
    .select(['a.prediction', 'a.probability', 'a.source'])
    .where('m.customer_id', '=', customerId)
    .where('m.point_id', '=', pointId)
    .where('m.state', 'in', ['persisted', 'partial']);
  if (range.start) q = q.where('m.created_at', '>=', range.start);
  if (range.end) q = q.where('m.created_at', '<=', range.end);
  const rows = await q.orderBy('m.created_at').orderBy('m.id').execute();

  const unknown = { prediction: m.decision.unknownClass, probability: null, source: null };
  const out: AiPrediction[] = rows.map((r) => {
    const cached = r.prediction ? predictionClass.safeParse(r.prediction) : null;
    const verdict = cached?.success
      ? { prediction: cached.data, probability: r.probability ?? null, source: r.source ?? null }
      : unknown;
    return { measurement: r.id, createdAt: r.created_at.toISOString(), ...verdict };
  });
  const uncached: number[] = [];
  rows.forEach((r, i) => {
    if (!(r.prediction && predictionClass.safeParse(r.prediction).success)) uncached.push(i);
  });
  // No bearing or speed: every record is class0, known from the point alone.
  if (!uncached.length || contextRefusal(pc.shaftHz, pc.bearing)) return out;

  const cap = Math.max(0, opts.cap ?? PREDICTIONS_PER_REQUEST);
  const todo = uncached.reverse().slice(0, cap); // newest first: what the trend shows first
  for (const i of uncached.slice(cap)) out[i] = { ...out[i], pending: true };
  const fresh: Insertable<AiPredictionsTable>[] = [];
  // Every computation this request needs is registered before any starts, and stays registered
  // until its result is cached, so a concurrent request (two tabs, a poll overlapping the previous
  // one) finds and shares each of them; they run through one limiter per server, as many at once
  // as the pool has threads.
  const run = limiterOf(ctx, Math.max(1, opts.concurrency ?? dspThreads(ctx)));
  const mine: string[] = [];
  const computations = todo.map((i) => {
    const r = rows[i];
    const key = `${r.id}|${contextKey}`;
    let computing = inFlight.get(key);
    if (!computing) {
      computing = run(() => predictStored(ctx, [m], r, pc));
      inFlight.set(key, computing);
      mine.push(key);
    }
    return computing;
  });
  try {
    await Promise.all(
      todo.map(async (i, k) => {
        const r = rows[i];
        const { verdicts } = await computations[k];
        if (!verdicts) return; // storage or worker failure: class0 now, computed again next time
        out[i] = { ...out[i], ...verdicts[0] };
        fresh.push({ measurement_id: r.id, model_id: m.id, customer_id: customerId, context_key: contextKey, ...verdicts[0] });
      }),
    );
    await cachePredictions(ctx.db, fresh);
  } finally {
    for (const key of mine) inFlight.delete(key);
  }
  return out;
}

export { PREDICTIONS_PER_REQUEST };
