-- Periodic and triggered measurement (issue 6; docs/scheduler.md).
--
-- scheduler_jobs: one row per point with a periodic setting. The row IS the durable schedule:
-- next_run_at is persisted, and a run is claimed by advancing next_run_at in one atomic UPDATE
-- (… WHERE next_run_at <= now … FOR UPDATE SKIP LOCKED … RETURNING), so that with several server
-- instances on one PostgreSQL database each run happens once.
CREATE TABLE scheduler_jobs (
  point_id      text PRIMARY KEY REFERENCES tree_nodes(id) ON DELETE CASCADE,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- sleep code 26…32: interval 2^(code − 15) s (senseway-gateway.md §8.1)
  sleep_amount  integer NOT NULL CHECK (sleep_amount BETWEEN 26 AND 32),
  next_run_at   timestamptz NOT NULL,
  last_run_at   timestamptz,
  failed_at     timestamptz,
  fail_reason   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scheduler_jobs_due ON scheduler_jobs (next_run_at);
CREATE INDEX scheduler_jobs_customer ON scheduler_jobs (customer_id);

-- point_triggers: a trigger device (MAC prefix CA:B8:25) assigned to a point; its events make the
-- point's sensor measure (TRIGGERED).
CREATE TABLE point_triggers (
  point_id      text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  trigger_mac   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (point_id, trigger_mac)
);
CREATE INDEX point_triggers_trigger ON point_triggers (trigger_mac);

-- trigger_events: one row per trigger event handled. Inserting (trigger_mac, event_key) first makes
-- a redelivered event, or the same event received by several server instances, run once.
CREATE TABLE trigger_events (
  trigger_mac   text NOT NULL,
  event_key     text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trigger_mac, event_key)
);
