-- Issue 6: ducks on triggers and the ducks' periodic schedule (docs/ducks.md, docs/scheduler.md).
--
-- A Duck is assigned to (at most) one trigger with POST /trigger/{id}/duck: `ducks.trigger_id`
-- (migration 0008) holds the trigger's device id; an event of that trigger makes the Duck measure
-- (TRIGGERED), as it makes the sensors of the trigger's points measure.
CREATE INDEX ducks_trigger ON ducks (trigger_id) WHERE trigger_id IS NOT NULL;

-- The Duck's periodic interval (`repeat_interval_s`, PUT /ducks/{id}/periodic) is run by the
-- scheduler (modules/scheduler/duck-jobs.ts), durably like a point's scheduler job:
--   next_run_at           the next run; NULL until the scheduler has planned the interval
--   scheduled_interval_s  the interval next_run_at was planned with: when repeat_interval_s no longer
--                         equals it (changed, or switched off and on again), the scheduler plans the
--                         next run one interval from then instead of running
--   last_run_at, failed_at, fail_reason   the latest run and its failure (NULL after a success)
-- A run is claimed by advancing next_run_at in one UPDATE … FOR UPDATE SKIP LOCKED … RETURNING, so
-- with several server instances on one PostgreSQL database each run happens once.
ALTER TABLE ducks ADD COLUMN next_run_at timestamptz;
ALTER TABLE ducks ADD COLUMN scheduled_interval_s integer;
ALTER TABLE ducks ADD COLUMN last_run_at timestamptz;
ALTER TABLE ducks ADD COLUMN failed_at timestamptz;
ALTER TABLE ducks ADD COLUMN fail_reason text;
CREATE INDEX ducks_due ON ducks (next_run_at) WHERE repeat_interval_s IS NOT NULL;
