import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/**
 * The periodic schedule of Ducks (docs/ducks.md "Periodic"): `ducks.repeat_interval_s` (set by
 * `PUT /ducks/{id}/periodic`) run by the scheduler, with the columns of migration 0012
 * (`next_run_at`, `scheduled_interval_s`, `last_run_at`, `failed_at`, `fail_reason`). Those columns
 * are not in the Kysely schema of infra/db, so this module speaks SQL.
 */

/** A claimed Duck run: the Duck as it was before the claim advanced its next run. */
export interface ClaimedDuckRun {
  duckId: string;
  customerId: string;
  mac: string;
  /** the interval, s (before the time factor) */
  intervalS: number;
  /** when it was due */
  dueAt: Date;
}

/**
 * Plans and claims the Ducks' periodic runs at `now`, in one atomic statement (the same
 * `UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED) … RETURNING` as the points' claim, so with several
 * instances on one PostgreSQL database each run is returned to one of them):
 * - a Duck whose interval has not been planned yet (new, or changed since: `scheduled_interval_s`
 *   differs) gets `next_run_at = now + interval` and does not run now: a new or changed interval is
 *   first due one interval later, as a point's periodic setting is;
 * - a Duck whose `next_run_at` has passed runs once (a run missed while no server was running is
 *   run once, not once per missed interval) and is next due at `now + interval`.
 * Ducks whose periodic measurement was switched off lose their plan first, so switching it on again
 * starts a fresh interval.
 * @param timeFactor SCHEDULER_TIME_FACTOR (each interval is divided by it)
 * @returns the runs to make now, oldest due first
 */
export async function claimDueDuckRuns(db: Kysely<DB>, now: Date, timeFactor: number, limit = 100): Promise<ClaimedDuckRun[]> {
  await sql`
    UPDATE ducks SET next_run_at = NULL, scheduled_interval_s = NULL
     WHERE repeat_interval_s IS NULL AND (next_run_at IS NOT NULL OR scheduled_interval_s IS NOT NULL)`.execute(db);
  const rows = await sql<{
    id: string;
    customer_id: string;
    mac: string;
    repeat_interval_s: number;
    run: boolean;
    due_at: Date | null;
  }>`
    UPDATE ducks d
       SET next_run_at = ${now}::timestamptz + make_interval(secs => d.repeat_interval_s / ${timeFactor}::float8),
           scheduled_interval_s = d.repeat_interval_s,
           last_run_at = CASE WHEN due.run THEN ${now}::timestamptz ELSE d.last_run_at END
      FROM (SELECT id, next_run_at,
                   (next_run_at IS NOT NULL AND scheduled_interval_s = repeat_interval_s) AS run
              FROM ducks
             WHERE repeat_interval_s IS NOT NULL
               AND (next_run_at IS NULL
                    OR scheduled_interval_s IS DISTINCT FROM repeat_interval_s
                    OR next_run_at <= ${now}::timestamptz)
             ORDER BY next_run_at NULLS FIRST
             LIMIT ${limit}
             FOR UPDATE SKIP LOCKED) due
     WHERE d.id = due.id
 RETURNING d.id, d.customer_id, d.mac, d.repeat_interval_s, due.run, due.next_run_at AS due_at`.execute(db);
  return rows.rows
    .filter((r) => r.run)
    .map((r) => ({
      duckId: r.id,
      customerId: r.customer_id,
      mac: r.mac,
      intervalS: r.repeat_interval_s,
      dueAt: new Date(r.due_at!),
    }))
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** Records the outcome of a Duck run: success clears the failure, a failure stores its time and reason. */
export async function recordDuckRun(db: Kysely<DB>, duckId: string, at: Date, failReason: string | null): Promise<void> {
  await sql`UPDATE ducks SET failed_at = ${failReason ? at : null}::timestamptz, fail_reason = ${failReason}
             WHERE id = ${duckId}`.execute(db);
}

/** The schedule of one Duck (tests, diagnostics). */
export async function duckSchedule(db: Kysely<DB>, duckId: string) {
  const r = await sql<{
    next_run_at: Date | null;
    scheduled_interval_s: number | null;
    last_run_at: Date | null;
    failed_at: Date | null;
    fail_reason: string | null;
  }>`SELECT next_run_at, scheduled_interval_s, last_run_at, failed_at, fail_reason FROM ducks WHERE id = ${duckId}`.execute(db);
  return r.rows[0];
}
