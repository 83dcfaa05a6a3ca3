import type { AppContext } from '../../context.ts';
import { pendingDiagnoses } from '../../modules/fault-reports/diagnosis-repo.ts';
import { diagnoseMeasurement } from '../../modules/fault-reports/service.ts';

type Log = { warn(o: object, m?: string): void; error(o: object, m?: string): void };

/** Pending measurements read by one sweep query. */
const SWEEP_BATCH = 200;

/** Options of {@link startDiagnosis}. */
export interface DiagnosisOptions {
  /** Period of the sweep, ms (default 30 000); 0: no timer (tests tick by hand). */
  sweepIntervalMs?: number;
  /** Skip the start-up sweep (tests that inspect pending rows first). */
  noStartupSweep?: boolean;
  log?: Log;
}

/** The running diagnosis. */
export interface Diagnosis {
  /** Queues a measurement whose features were stored (ingest calls it after the measurement is stored). */
  notify(measurementId: string): void;
  /**
   * One full pass over every pending measurement (`diagnosis_pending`, oldest measured first).
   * @returns measurements diagnosed
   */
  tick(): Promise<number>;
  /** Resolves when the notified measurements are diagnosed. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the post-persist diagnosis (docs/fault-reports.md "Diagnosis"), durable as the alarm
 * evaluator (jobs/alarms/evaluator.ts): a measurement's features, written with its final state,
 * queue it in `diagnosis_pending` by a trigger (migration 0022); `notify` diagnoses it at once, and
 * a sweep at start-up and every `sweepIntervalMs` diagnoses whatever is left (a crash between
 * persisting and diagnosing, a missed notify, another instance). Each diagnosis claims its
 * measurement in the transaction that writes the reports (service.ts `diagnoseMeasurement`), so a
 * measurement notified and swept changes the reports once. Work runs one measurement at a time, in
 * notification order (the embedded database has one connection; a point's reports change in the
 * order its measurements are diagnosed).
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * opts : DiagnosisOptions
 *
 * Returns
 * -------
 * Diagnosis
 *     `{ notify, tick, idle, stop }`; `stop` waits for the measurement under way (the queue stays
 *     pending in the database for the next start).
 */
export function startDiagnosis(ctx: AppContext, opts: DiagnosisOptions = {}): Diagnosis {
  const log: Log = opts.log ?? { warn: () => {}, error: () => {} };
  const queue: string[] = [];
  const queued = new Set<string>();
  let running = false;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  let ticking: Promise<number> | null = null;

  const one = async (id: string): Promise<boolean> => {
    try {
      return (await diagnoseMeasurement(ctx.db, id)).diagnosed;
    } catch (e) {
      // Left pending: the next sweep retries it.
      log.error({ err: e, measurement: id }, 'diagnosis failed');
      return false;
    }
  };

  const settleIdle = () => {
    if (running || queue.length || ticking) return;
    const w = idleWaiters;
    idleWaiters = [];
    w.forEach((f) => f());
  };

  const pump = async () => {
    if (running) return;
    running = true;
    while (!stopped && queue.length) {
      const id = queue.shift()!;
      await one(id);
      queued.delete(id);
    }
    running = false;
    settleIdle();
  };

  const notify = (id: string) => {
    if (stopped || queued.has(id)) return;
    queued.add(id);
    queue.push(id);
    void pump();
  };

  const tickOnce = async (): Promise<number> => {
    let diagnosed = 0;
    for (;;) {
      if (stopped) break;
      // wait for the notified ones first: one writer at a time
      while (running) await new Promise((r) => setTimeout(r, 5));
      running = true;
      const { read, progressed } = await (async () => {
        const ids = await pendingDiagnoses(ctx.db, SWEEP_BATCH);
        let done = 0;
        for (const id of ids) {
          if (stopped) break;
          if (await one(id)) done++;
        }
        return { read: ids.length, progressed: done };
      })().finally(() => {
        running = false;
      });
      diagnosed += progressed;
      if (read < SWEEP_BATCH || !progressed) break;
    }
    return diagnosed;
  };
  const tick = () =>
    (ticking ??= tickOnce().finally(() => {
      ticking = null;
      void pump();
      settleIdle();
    }));

  const interval = opts.sweepIntervalMs ?? 30_000;
  const timer = interval > 0 ? setInterval(() => void tick().catch(() => {}), interval) : null;
  timer?.unref();
  const startup = opts.noStartupSweep
    ? Promise.resolve(0)
    : tick().catch((e: unknown) => log.error({ err: e }, 'diagnosis sweep failed'));

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
      await startup;
      await ticking;
      while (running) await new Promise((r) => setTimeout(r, 10));
      settleIdle();
    },
  };
}
