import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { contextRefusal } from '../../modules/ai-models/features.ts';
import type { AiPredictionsTable } from '../../infra/db/schema.ts';
import { shippedModels, type ModelFile } from '../../modules/ai-models/model.ts';
import {
  cachePredictions,
  contextKeyOf,
  pointContext,
  predictStored,
  type PointContext,
} from '../../modules/ai-models/service.ts';

type Log = { warn(o: object, m?: string): void; error(o: object, m?: string): void };

/** Measurements read from the database together (one query for their rows, one for their cache). */
const READ_BATCH = 50;

/** Options of {@link startPredictionWarmer}. */
export interface PredictionWarmerOptions {
  /** Models to warm; default every shipped model. */
  models?: ModelFile[];
  /** Start-up sweep over measurements of the last `sweepDays` days (default 30); 0: no sweep. */
  sweepDays?: number;
  /** Measurements the start-up sweep queues at most, newest first (default 10 000). */
  sweepLimit?: number;
  /** Notified measurements waiting at most; beyond, the oldest waiting are dropped (default 20 000). */
  queueLimit?: number;
  /** Computed rows buffered before one INSERT (default 100). */
  flushRows?: number;
  /** …or after this long, ms (default 2000). */
  flushIntervalMs?: number;
  /**
   * Share of ONE pool thread the warmer may use, 0–1 (default 0.5): after a task that computed
   * t ms it waits t·(1 − d)/d ms.
   */
  dutyCycle?: number;
  /**
   * Notifications per second above which ingest counts as busy: the warmer then waits until a
   * second passes below it (default 5; Infinity: never waits). Ingest comes first: during a burst
   * the predictions wait, and a request for them computes what is still missing.
   */
  busyNotifyRate?: number;
  /** The warmer's clock (the sweep's window); default the system time. */
  clock?: () => Date;
  log?: Log;
}

/** Counters of a running warmer (tests, logs). */
export interface PredictionWarmerStats {
  /** Measurements whose predictions were computed in the pool. */
  computed: number;
  /** Prediction rows written to ai_predictions. */
  cachedRows: number;
  /** Measurements looked at and left alone (no model context, already cached, not stored). */
  skipped: number;
  /** Notifications dropped because the queue was full. */
  dropped: number;
  /** Measurements waiting. */
  queued: number;
}

/** The running warmer (`ctx.aiPredictions`). */
export interface PredictionWarmer {
  /** Queues a persisted measurement (ingest calls it once the measurement is stored); never blocks. */
  notify(measurementId: string): void;
  /** Resolves once every queued measurement (notified and swept) is computed and its rows written. */
  idle(): Promise<void>;
  /** Stops: the task under way finishes, computed rows are written, the rest is left to the next start. */
  stop(): Promise<void>;
  stats(): PredictionWarmerStats;
}

/**
 * Starts the AI prediction warmer (docs/ai-model.md "Serving"): computes and caches in
 * `ai_predictions` the predictions of every model for each notified measurement, and at start-up
 * for the measurements of the last `sweepDays` days without a cached row (newest first, at most
 * `sweepLimit`), so `GET /ai-model/{id}/predictions` finds them ready.
 *
 * Low priority by construction: one DSP-pool task at a time (the other threads stay free for ingest
 * and the API), paced to `dutyCycle` of one thread, and backing off (up to 1 s between tasks) when
 * its task waited in the pool's queue behind other work; rows are written `flushRows` at a time.
 * Notified measurements go before swept ones.
 *
 * Only measurements of a point with a bearing (non-zero BPFO, BPFI, BSF) and a reference
 * frequency are computed: for the others every model answers class0 from the point alone, which
 * the endpoint does without a waveform and without a row, so nothing is written for them.
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * opts : PredictionWarmerOptions
 *
 * Returns
 * -------
 * PredictionWarmer
 *     `{ notify, idle, stop, stats }`.
 */
export function startPredictionWarmer(ctx: AppContext, opts: PredictionWarmerOptions = {}): PredictionWarmer {
  const models = opts.models ?? [...shippedModels().values()].map((m) => m.file);
  const log: Log = opts.log ?? { warn: () => {}, error: () => {} };
  const clock = opts.clock ?? (() => new Date());
  const queueLimit = Math.max(1, opts.queueLimit ?? 20_000);
  const flushRows = Math.max(1, opts.flushRows ?? 100);
  const flushIntervalMs = opts.flushIntervalMs ?? 2000;
  const duty = Math.min(1, Math.max(0.05, opts.dutyCycle ?? 0.5));
  const stats: PredictionWarmerStats = { computed: 0, cachedRows: 0, skipped: 0, dropped: 0, queued: 0 };

  // Insertion-ordered sets: FIFO queues without duplicates.
  const notified = new Set<string>();
  const swept = new Set<string>();
  let buffer: Insertable<AiPredictionsTable>[] = [];
  let lastFlush = performance.now();
  let backoffMs = 0;
  const busyRate = opts.busyNotifyRate ?? 5;
  /** Notifications counted in the current one-second window, and until when ingest counts as busy. */
  let windowStart = 0;
  let windowCount = 0;
  let busyUntil = 0;
  let stopped = false;
  let runner: Promise<void> | null = null;
  let sweeping: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let idleWaiters: (() => void)[] = [];

  const take = (q: Set<string>, n: number) => {
    const out: string[] = [];
    for (const id of q) {
      if (out.length === n) break;
      out.push(id);
    }
    for (const id of out) q.delete(id);
    return out;
  };

  /** Waits `ms`, or less when stopped. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        resolve();
      };
    });

  const flush = async () => {
    const rows = buffer;
    buffer = [];
    lastFlush = performance.now();
    if (rows.length) stats.cachedRows += await cachePredictions(ctx.db, rows);
  };

  /** Computes what is missing for a batch of measurements. */
  const warm = async (ids: string[]) => {
    const db = ctx.db;
    const rows = await db
      .selectFrom('measurements')
      .select([
        'id',
        'customer_id',
        'point_id',
        'waveform_key',
        'range_index',
        'calibrated_sampling_rate',
        'device_mac',
        'duck_config',
      ])
      .where('id', 'in', ids)
      .where('state', 'in', ['persisted', 'partial'])
      .execute();
    stats.skipped += ids.length - rows.length;
    if (!rows.length) return;
    const have = new Set(
      (
        await db
          .selectFrom('ai_predictions')
          .select(['measurement_id', 'model_id', 'context_key'])
          .where(
            'measurement_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      ).map((a) => `${a.measurement_id} ${a.model_id} ${a.context_key}`),
    );
    const contexts = new Map<string, Promise<PointContext | null>>();
    for (const r of rows) {
      if (stopped) return;
      const pc = r.point_id
        ? await (contexts.get(r.point_id) ??
            contexts.set(r.point_id, pointContext(ctx.db, r.customer_id, r.point_id)).get(r.point_id)!)
        : null;
      if (!pc || contextRefusal(pc.shaftHz, pc.bearing)) {
        stats.skipped++;
        continue;
      }
      const todo = models.filter((m) => !have.has(`${r.id} ${m.id} ${contextKeyOf(m, pc)}`));
      if (!todo.length) {
        stats.skipped++;
        continue;
      }
      while (!stopped && Date.now() < busyUntil) await pause(busyUntil - Date.now());
      if (stopped) break;
      const t0 = performance.now();
      const res = await predictStored(ctx, todo, r, pc);
      const wallMs = performance.now() - t0;
      if (res.verdicts) {
        res.verdicts.forEach((v, i) =>
          buffer.push({
            measurement_id: r.id,
            model_id: todo[i].id,
            customer_id: r.customer_id,
            context_key: contextKeyOf(todo[i], pc),
            ...v,
          }),
        );
        if (res.pooled) stats.computed++;
      }
      if (buffer.length >= flushRows || performance.now() - lastFlush >= flushIntervalMs) await flush();
      if (res.pooled) {
        // Waited in the pool's queue (ingest, analyses, a predictions request): yield more, up to 1 s.
        const queuedMs = wallMs - res.computeMs;
        backoffMs = queuedMs > Math.max(5, res.computeMs) ? Math.min(1000, Math.max(25, 2 * backoffMs)) : 0;
        const rest = (res.computeMs * (1 - duty)) / duty + backoffMs;
        if (rest >= 1 && !stopped) await pause(rest);
      }
    }
  };

  const settleIdle = () => {
    if (runner || sweeping || (!stopped && (notified.size || swept.size))) return;
    const w = idleWaiters;
    idleWaiters = [];
    w.forEach((f) => f());
  };

  const run = async () => {
    while (!stopped) {
      const ids = notified.size ? take(notified, READ_BATCH) : take(swept, READ_BATCH);
      if (!ids.length) break;
      try {
        await warm(ids);
      } catch (e) {
        // Left uncached: the endpoint computes them when asked, the next start-up sweep retries.
        log.error({ err: e, measurements: ids }, 'AI prediction warming failed');
      }
    }
    await flush().catch((e: unknown) => log.error({ err: e }, 'AI prediction cache write failed'));
  };

  const kick = () => {
    if (runner || stopped) return;
    runner = run().finally(() => {
      runner = null;
      if (!stopped && (notified.size || swept.size)) kick();
      else settleIdle();
    });
  };

  const notify = (id: string) => {
    if (stopped || notified.has(id)) return;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      windowCount = 0;
    }
    if (++windowCount > busyRate) busyUntil = now + 1000;
    swept.delete(id); // notified go first
    notified.add(id);
    if (notified.size > queueLimit) {
      take(notified, notified.size - queueLimit);
      stats.dropped++;
    }
    kick();
  };

  /** Start-up sweep: measurements of the last `sweepDays` days of points with a model context, missing a row. */
  const sweep = async () => {
    const days = opts.sweepDays ?? 30;
    if (!(days > 0) || !models.length) return;
    const since = new Date(clock().getTime() - days * 86_400_000);
    const ids = models.map((m) => m.id);
    const res = await sql<{ id: string }>`
      SELECT m.id FROM measurements m
        JOIN tree_nodes t ON t.id = m.point_id AND t.customer_id = m.customer_id
       WHERE m.created_at >= ${since}
         AND m.state IN ('persisted', 'partial')
         AND t.point->>'bearingId' IS NOT NULL
         AND jsonb_typeof(t.point->'referenceFrequency') = 'number'
         AND (t.point->>'referenceFrequency')::double precision > 0
         AND (SELECT count(*) FROM ai_predictions a
               WHERE a.measurement_id = m.id AND a.model_id IN (${sql.join(ids)})) < ${ids.length}
       ORDER BY m.created_at DESC, m.id DESC
       LIMIT ${Math.max(0, opts.sweepLimit ?? 10_000)}`.execute(ctx.db);
    for (const r of res.rows) if (!notified.has(r.id)) swept.add(r.id);
  };
  sweeping = sweep()
    .catch((e: unknown) => log.error({ err: e }, 'AI prediction sweep failed'))
    .finally(() => {
      sweeping = null;
      kick();
      settleIdle();
    });

  return {
    notify,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    async stop() {
      stopped = true;
      wake?.();
      await sweeping;
      await runner;
      settleIdle();
    },
    stats: () => ({ ...stats, queued: notified.size + swept.size }),
  };
}
