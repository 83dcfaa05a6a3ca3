import { sql, type Kysely, type Selectable } from 'kysely';
import { sleepSeconds, type SchedulerJob } from '@overtone/contract';
import type { DB, SchedulerJobsTable } from '../../infra/db/schema.ts';

/** A clock the scheduler reads (injectable in tests). */
export type Clock = () => Date;

/**
 * Real milliseconds between runs of a sleep code.
 * @param sleepAmount sleep code 25…32 (interval 2^(code − 15) s, senseway-gateway.md §8.1)
 * @param timeFactor SCHEDULER_TIME_FACTOR (> 0); 1000 turns 2048 s into 2048 ms
 */
export const intervalMs = (sleepAmount: number, timeFactor: number): number => (sleepSeconds(sleepAmount) * 1000) / timeFactor;

/** A claimed run: the job row as it was before the claim advanced it. */
export interface ClaimedRun {
  pointId: string;
  customerId: string;
  sleepAmount: number;
  /** when it was due */
  dueAt: Date;
}

/**
 * Claims every job due at `now` (next_run_at <= now), at most `limit`, and in the same statement
 * advances each one's next_run_at to `now + interval` and sets last_run_at = now. One atomic
 * `UPDATE … WHERE point_id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`: with several server
 * instances on one PostgreSQL database a due run is returned to exactly one of them (the others skip
 * the locked rows, and after the commit the row is no longer due). A run that fell due while no
 * server was running is claimed once, not once per missed interval: the next one is `now + interval`.
 * At-most-once: a process that dies between the claim and the publish loses that run (its failure
 * is not recorded); the next interval runs normally.
 * @param now the clock's current time
 * @param timeFactor SCHEDULER_TIME_FACTOR
 * @returns the claimed runs, oldest due first
 */
export async function claimDueJobs(db: Kysely<DB>, now: Date, timeFactor: number, limit = 100): Promise<ClaimedRun[]> {
  const factor = timeFactor;
  // interval in ms = 2^(code − 15) · 1000 / factor, computed in SQL so the claim is one statement.
  const rows = await sql<{ point_id: string; customer_id: string; sleep_amount: number; due_at: Date }>`
    UPDATE scheduler_jobs j
       SET next_run_at = ${now}::timestamptz + make_interval(secs => power(2, j.sleep_amount - 15) / ${factor}::float8),
           last_run_at = ${now}::timestamptz,
           updated_at = now()
      FROM (SELECT point_id, next_run_at FROM scheduler_jobs
             WHERE next_run_at <= ${now}::timestamptz
             ORDER BY next_run_at
             LIMIT ${limit}
             FOR UPDATE SKIP LOCKED) due
     WHERE j.point_id = due.point_id
 RETURNING j.point_id, j.customer_id, j.sleep_amount, due.next_run_at AS due_at`.execute(db);
  return rows.rows
    .map((r) => ({ pointId: r.point_id, customerId: r.customer_id, sleepAmount: r.sleep_amount, dueAt: new Date(r.due_at) }))
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** Records the outcome of a run: success clears the failure, a failure stores its time and reason. */
export async function recordRun(db: Kysely<DB>, pointId: string, at: Date, failReason: string | null): Promise<void> {
  await db
    .updateTable('scheduler_jobs')
    .set({ failed_at: failReason ? at : null, fail_reason: failReason, updated_at: new Date() })
    .where('point_id', '=', pointId)
    .execute();
}

/**
 * Creates or changes a point's periodic setting. A new job, or one whose sleep code changes, is
 * next due one interval from now; saving the same code again keeps the persisted next_run_at.
 */
export async function upsertJob(
  db: Kysely<DB>,
  customerId: string,
  pointId: string,
  sleepAmount: number,
  now: Date,
  timeFactor: number,
): Promise<Selectable<SchedulerJobsTable>> {
  const next = new Date(now.getTime() + intervalMs(sleepAmount, timeFactor));
  return db
    .insertInto('scheduler_jobs')
    .values({ point_id: pointId, customer_id: customerId, sleep_amount: sleepAmount, next_run_at: next })
    .onConflict((oc) =>
      oc.column('point_id').doUpdateSet((eb) => ({
        sleep_amount: eb.ref('excluded.sleep_amount'),
        next_run_at: sql<Date>`CASE WHEN scheduler_jobs.sleep_amount = excluded.sleep_amount THEN scheduler_jobs.next_run_at ELSE excluded.next_run_at END`,
        updated_at: new Date(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findJob(db: Kysely<DB>, customerId: string, pointId: string) {
  return db
    .selectFrom('scheduler_jobs')
    .selectAll()
    .where('point_id', '=', pointId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function deleteJob(db: Kysely<DB>, customerId: string, pointId: string): Promise<void> {
  await db.deleteFrom('scheduler_jobs').where('point_id', '=', pointId).where('customer_id', '=', customerId).execute();
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The wire shape of a job (contract `schedulerJob`). */
export function toSchedulerJob(
  j: Pick<SchedulerJobsTable, 'next_run_at' | 'last_run_at' | 'failed_at' | 'fail_reason'>,
): SchedulerJob {
  return {
    nextRunAt: new Date(j.next_run_at).toISOString(),
    lastRunAt: iso(j.last_run_at),
    failedAt: iso(j.failed_at),
    failReason: j.fail_reason,
  };
}

/** The trigger devices assigned to a point, oldest assignment first. */
export async function pointTriggerRows(db: Kysely<DB>, customerId: string, pointId: string) {
  return db
    .selectFrom('point_triggers')
    .select(['trigger_mac', 'created_at'])
    .where('point_id', '=', pointId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('trigger_mac')
    .execute();
}

/**
 * Assigns one of the customer's devices as a trigger of the point (idempotent).
 * @returns false when the customer has no device of that MAC
 */
export async function assignPointTrigger(
  db: Kysely<DB>,
  customerId: string,
  pointId: string,
  triggerMac: string,
): Promise<boolean> {
  const device = await db
    .selectFrom('devices')
    .select('mac')
    .where('mac', '=', triggerMac)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!device) return false;
  await db
    .insertInto('point_triggers')
    .values({ point_id: pointId, customer_id: customerId, trigger_mac: device.mac })
    .onConflict((oc) => oc.columns(['point_id', 'trigger_mac']).doNothing())
    .execute();
  return true;
}

/** Unassigns a trigger (or, without a MAC, every trigger) from the point (idempotent). */
export async function unassignPointTriggers(db: Kysely<DB>, customerId: string, pointId: string, triggerMac?: string) {
  let q = db.deleteFrom('point_triggers').where('point_id', '=', pointId).where('customer_id', '=', customerId);
  if (triggerMac) q = q.where('trigger_mac', '=', triggerMac);
  await q.execute();
}
