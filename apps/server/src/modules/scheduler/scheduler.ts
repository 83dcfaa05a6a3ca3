import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { sendDuckMeasureCommand } from '../ducks/measure.ts';
import { sendMeasureCommand } from '../iot/measure-command.ts';
import { claimDueDuckRuns, recordDuckRun } from './duck-jobs.ts';
import { claimDueJobs, recordRun, type Clock } from './repo.ts';

type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

export interface Scheduler {
  /** Claims and runs every due job once now (the timer calls it; tests may too). @returns runs started */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/** The failure reason stored for an error: its AppError code, else INTERNAL. */
const reasonOf = (e: unknown) => (e instanceof AppError ? e.code : 'INTERNAL');

/**
 * The durable periodic-measurement scheduler (docs/scheduler.md). Every `schedulerPollMs` it claims
 * the due jobs of `scheduler_jobs` (see {@link claimDueJobs}: atomic, once per run across instances,
 * a run missed while down runs once on start) and sends each point's measure command as PERIODIC.
 * A failure (NO_DEVICE, NO_ROUTING, BROKER_UNAVAILABLE, POINT_NOT_FOUND …) is stored on the job
 * (failed_at, fail_reason); the job stays scheduled and is retried at the next interval.
 * Ducks with a periodic interval (`ducks.repeat_interval_s`) are claimed the same way
 * ({@link claimDueDuckRuns}) and measured as PERIODIC through the Duck measure command
 * (DUCK_NOT_CONFIGURED, BROKER_UNAVAILABLE … stored on the Duck).
 * @param opts.clock the time source (default `new Date()`); intervals are divided by `config.schedulerTimeFactor`
 */
export function startScheduler(ctx: AppContext, log: Log, opts: { clock?: Clock } = {}): Scheduler {
  const clock = opts.clock ?? (() => new Date());
  let stopped = false;
  let running: Promise<number> | null = null;

  const runOnce = async (): Promise<number> => {
    const now = clock();
    const runs = await claimDueJobs(ctx.db, now, ctx.config.schedulerTimeFactor);
    const duckRuns = await claimDueDuckRuns(ctx.db, now, ctx.config.schedulerTimeFactor);
    await Promise.all([
      ...runs.map(async (run) => {
        let reason: string | null = null;
        try {
          await sendMeasureCommand(ctx, { customerId: run.customerId, pointId: run.pointId, type: 'PERIODIC', userId: null });
        } catch (e) {
          reason = reasonOf(e);
          log.warn({ point: run.pointId, reason }, 'periodic measurement failed');
        }
        await recordRun(ctx.db, run.pointId, now, reason);
      }),
      ...duckRuns.map(async (run) => {
        let reason: string | null = null;
        try {
          await sendDuckMeasureCommand(ctx, { customerId: run.customerId, duck: run.duckId, type: 'PERIODIC', userId: null });
        } catch (e) {
          reason = reasonOf(e);
          log.warn({ duck: run.mac, reason }, 'periodic duck measurement failed');
        }
        await recordDuckRun(ctx.db, run.duckId, now, reason);
      }),
    ]);
    return runs.length + duckRuns.length;
  };
  const tick = () => {
    // One pass at a time in this process; other processes are kept apart by the claim.
    running ??= runOnce().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch((err: unknown) => log.error({ err }, 'scheduler tick failed'));
  }, ctx.config.schedulerPollMs);
  // The first pass right away: a run that fell due while the server was down runs once now.
  void tick().catch((err: unknown) => log.error({ err }, 'scheduler tick failed'));
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
