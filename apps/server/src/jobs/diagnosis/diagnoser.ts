import type { MeasurementFeatures } from '@overtone/diagnosis';
import type { AppContext } from '../../context.ts';
import { pendingDiagnoses } from '../../modules/fault-reports/diagnosis-repo.ts';
import { diagnosisInputOf } from '../../modules/fault-reports/features-service.ts';
import type { DiagnosisInput } from '../../modules/fault-reports/diagnosis-repo.ts';
import { diagnoseMeasurement } from '../../modules/fault-reports/service.ts';
import { measurementDiagnosed } from '../../modules/maintenance/service.ts';

type Log = { warn(o: object, m?: string): void; error(o: object, m?: string): void };

/** Pending measurements read by one sweep query. */
const SWEEP_BATCH = 200;
/**
 * Notified measurements whose features are kept in memory while they wait (≈ 15 kB each): beyond,
 * a measurement waits with its id only and its features are read back from the database.
 */
const MAX_FEATURES_IN_MEMORY = 500;

/**
 * Longest a diagnosis waits for ingest to pause, ms: under sustained ingest the diagnosis still
 * advances, one measurement at least this often.
 */
export const MAX_YIELD_MS = 1000;
/** How often a waiting diagnosis looks whether ingest paused, ms. */
const YIELD_POLL_MS = 10;

/** Options of {@link startDiagnosis}. */
export interface DiagnosisOptions {
  /**
   * True while latency-sensitive work shares the database (ingest's `busy`): each diagnosis waits
   * until it is false, or {@link MAX_YIELD_MS} at most. Default: never busy.
   */
  busy?: () => boolean;
  /** Period of the sweep, ms (default 30 000); 0: no timer (tests tick by hand). */
  sweepIntervalMs?: number;
  /** Skip the start-up sweep (tests that inspect pending rows first). */
  noStartupSweep?: boolean;
  log?: Log;
}

/** The running diagnosis. */
export interface Diagnosis {
  /**
   * Queues a measurement whose diagnosis is pending (ingest calls it once the measurement is
   * stored), with its features when the caller has them (the demo history: not read back then).
   */
  notify(measurementId: string, features?: MeasurementFeatures): void;
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
 * evaluator (jobs/alarms/evaluator.ts): the statement that makes a measurement of a point final
 * queues it in `diagnosis_pending` (migration 0023); `notify` diagnoses it soon, and a sweep at
 * start-up and every `sweepIntervalMs` diagnoses whatever is left (a crash between persisting and
 * diagnosing, a missed notify, another instance). Each diagnosis first gets the measurement's
 * features (stored, handed over, or computed from the stored waveform in the DSP pool:
 * features-service.ts), then claims the measurement in the transaction that writes the reports
 * (service.ts `diagnoseMeasurement`), so a measurement notified and swept changes the reports once.
 * Work runs one measurement at a time, in notification order (the embedded database has one
 * connection; a point's reports change in the order its measurements are diagnosed), and yields to
 * ingest (`busy`): during a burst it waits, up to MAX_YIELD_MS a measurement, and catches up after.
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
  const inMemory = new Map<string, MeasurementFeatures>();
  const busy = opts.busy ?? (() => false);
  let running = false;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  let ticking: Promise<number> | null = null;

  /**
   * Inputs being read ahead: those of the next queued measurement (its features computed in the DSP
   * pool when not stored) while the current one is diagnosed (database), so the two overlap. At most
   * one ahead.
   */
  const ahead = new Map<string, Promise<DiagnosisInput | null>>();
  const inputOf = (id: string): Promise<DiagnosisInput | null> => {
    const known = inMemory.get(id);
    inMemory.delete(id);
    const early = ahead.get(id);
    ahead.delete(id);
    return early ?? diagnosisInputOf(ctx, id, log, known);
  };
  const prefetch = (id: string | undefined) => {
    if (!id || ahead.has(id) || inMemory.has(id) || stopped || busy()) return; // not during a burst
    ahead.clear(); // one not taken (its features are stored all the same)
    const p = diagnosisInputOf(ctx, id, log);
    p.catch(() => {}); // its error is seen by whoever awaits it (the measurement stays pending)
    ahead.set(id, p);
  };

  const one = async (id: string, next?: string): Promise<boolean> => {
    try {
      const input = await inputOf(id);
      prefetch(next);
      const diagnosed = (await diagnoseMeasurement(ctx.db, id, input)).diagnosed;
      // a pending maintenance verdict of the point is recomputed; its failure never fails the diagnosis
      if (diagnosed && input)
        await measurementDiagnosed(ctx.db, input.pointId, input.measuredAt).catch((e: unknown) =>
          log.error({ err: e, measurement: id }, 'maintenance verdict failed'),
        );
      return diagnosed;
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

  /** Waits while `busy`, up to MAX_YIELD_MS. */
  const yieldToIngest = async () => {
    const until = performance.now() + MAX_YIELD_MS;
    while (!stopped && busy() && performance.now() < until) await new Promise((r) => setTimeout(r, YIELD_POLL_MS));
  };

  const pump = async () => {
    if (running) return;
    running = true;
    while (!stopped && queue.length) {
      await yieldToIngest();
      const id = queue.shift()!;
      await one(id, queue[0]);
      queued.delete(id);
    }
    running = false;
    settleIdle();
  };

  const notify = (id: string, features?: MeasurementFeatures) => {
    if (stopped || queued.has(id)) return;
    queued.add(id);
    if (features && inMemory.size < MAX_FEATURES_IN_MEMORY) inMemory.set(id, features);
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
        for (const [i, id] of ids.entries()) {
          if (stopped) break;
          await yieldToIngest();
          if (await one(id, ids[i + 1])) done++;
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
