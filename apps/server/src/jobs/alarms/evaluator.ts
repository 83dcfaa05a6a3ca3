import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { evaluateMeasurements } from './evaluate.ts';
import { flushAlarmMail } from './mail.ts';
import { checkNoData } from './no-data.ts';
import { checkGatewaysDisconnected } from './gateway-disconnected.ts';
import { ensureCrestStarAlarms } from '../../modules/alarms/repo.ts';

/** Measurements evaluated together at most (one read and one database transaction). */
const BATCH = 25;
/**
 * How long a notification waits for others to join its batch, ms: during a burst of ingest the
 * batches fill (one transaction for up to {@link BATCH} measurements instead of one each); alone, a
 * measurement's alarms are evaluated this much later.
 */
const BATCH_WAIT_MS = 100;

type Log = { warn(o: object, m?: string): void; error(o: object, m?: string): void };

/** Options of {@link startAlarmEvaluator}. */
export interface AlarmEvaluatorOptions {
  /** The evaluator's clock (tests move it); default the system time. */
  clock?: () => Date;
  /** Period of the sweep, no-data check and mail flush, ms (default 30 000); 0: no timer (tests tick by hand). */
  sweepIntervalMs?: number;
  /** Missed periodic intervals before the no-data alarm (default NO_DATA_INTERVALS of no-data.ts: 3). */
  noDataIntervals?: number;
  /** Batches evaluated at once (default 1: the embedded database has one connection). */
  concurrency?: number;
  log?: Log;
}

/** The running alarm evaluator. */
export interface AlarmEvaluator {
  /** Queues a persisted measurement for evaluation (ingest calls it after the measurement is stored). */
  notify(measurementId: string): void;
  /**
   * One full pass: every persisted measurement not yet evaluated (oldest first), then the no-data
   * check and the due mails. The timer calls it; tests may too.
   * @returns measurements evaluated
   */
  tick(): Promise<number>;
  /** Resolves when the notified measurements are evaluated and their mails sent. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the alarm evaluator (docs/alarms.md "Evaluation"): evaluates measurements on `notify`,
 * and sweeps those left unevaluated (a crash between persisting and evaluating, a missed notify, a
 * second server instance) at start-up and every `sweepIntervalMs`, where it also raises no-data
 * alarms and sends due alarm mails. Every evaluation is idempotent (evaluate.ts), so a measurement
 * notified and swept, or evaluated by two instances, changes levels once.
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * opts : AlarmEvaluatorOptions
 *
 * Returns
 * -------
 * AlarmEvaluator
 *     `{ notify, tick, idle, stop }`. `stop` waits for the work under way.
 */
export function startAlarmEvaluator(ctx: AppContext, opts: AlarmEvaluatorOptions = {}): AlarmEvaluator {
  const clock = opts.clock ?? (() => new Date());
  const log: Log = opts.log ?? { warn: () => {}, error: () => {} };
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const queue: string[] = [];
  const queued = new Set<string>();
  let active = 0;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  let mailRun: Promise<unknown> = Promise.resolve();
  let mailAgain = false;

  const flushMail = () => {
    if (mailAgain) return mailRun;
    mailAgain = true;
    mailRun = mailRun.then(async () => {
      mailAgain = false;
      await flushAlarmMail(ctx, clock()).catch((e: unknown) => log.error({ err: e }, 'alarm mail failed'));
    });
    return mailRun;
  };

  /** Evaluates a batch (one read, one transaction); returns how many were evaluated. */
  const evaluate = async (ids: string[]): Promise<number> => {
    try {
      const results = [...(await evaluateMeasurements(ctx, ids, clock())).values()];
      if (results.some((r) => r.transactions)) void flushMail();
      return results.filter((r) => r.evaluated).length;
    } catch (e) {
      // Left unevaluated: the next sweep retries them.
      log.error({ err: e, measurements: ids }, 'alarm evaluation failed');
      return 0;
    }
  };

  const settleIdle = () => {
    if (active || queue.length) return;
    const w = idleWaiters;
    idleWaiters = [];
    void mailRun.then(() => w.forEach((f) => f()));
  };

  const pump = () => {
    while (!stopped && active < concurrency && queue.length) {
      // Those notified meanwhile go together: one read and one transaction for the batch.
      const ids = queue.splice(0, BATCH);
      active++;
      void evaluate(ids).finally(() => {
        for (const id of ids) queued.delete(id);
        active--;
        schedule();
        settleIdle();
      });
    }
  };

  /** A full batch goes at once; a partial one waits up to BATCH_WAIT_MS for more. */
  let batchTimer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped || !queue.length) return;
    if (queue.length >= BATCH) {
      clearTimeout(batchTimer);
      batchTimer = undefined;
      pump();
    } else
      batchTimer ??= setTimeout(() => {
        batchTimer = undefined;
        pump();
      }, BATCH_WAIT_MS);
  };
  const notify = (id: string) => {
    if (stopped || queued.has(id)) return;
    queued.add(id);
    queue.push(id);
    schedule();
  };

  let ticking: Promise<number> | null = null;
  const tickOnce = async (): Promise<number> => {
    let evaluated = 0;
    for (;;) {
      if (stopped) break;
      const batch = await sql<{ id: string }>`
        SELECT measurement_id AS id FROM alarm_evaluations_pending
         ORDER BY queued_at, measurement_id LIMIT 200`.execute(ctx.db);
      let progressed = 0;
      for (let i = 0; i < batch.rows.length; i += BATCH)
        progressed += await evaluate(batch.rows.slice(i, i + BATCH).map((r) => r.id));
      evaluated += progressed;
      if (batch.rows.length < 200 || !progressed) break;
    }
    if (!stopped)
      await checkNoData(ctx, clock(), opts.noDataIntervals).catch((e: unknown) => log.error({ err: e }, 'no-data check failed'));
    if (!stopped)
      await checkGatewaysDisconnected(ctx, clock()).catch((e: unknown) => log.error({ err: e }, 'gateway alarm check failed'));
    if (!stopped) await ensureCrestStarAlarms(ctx.db).catch((e: unknown) => log.error({ err: e }, 'crest* alarms failed'));
    if (!stopped) await flushMail();
    return evaluated;
  };
  const tick = () => (ticking ??= tickOnce().finally(() => (ticking = null)));

  const interval = opts.sweepIntervalMs ?? 30_000;
  const timer = interval > 0 ? setInterval(() => void tick(), interval) : null;
  timer?.unref();
  // Start-up sweep: measurements persisted while no evaluator ran.
  const startup = tick().catch((e: unknown) => log.error({ err: e }, 'alarm sweep failed'));

  return {
    notify,
    tick,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      clearTimeout(batchTimer); // those waiting stay queued in the database for the next sweep
      await startup;
      await ticking;
      while (active) await new Promise((r) => setTimeout(r, 10));
      await mailRun;
    },
  };
}
