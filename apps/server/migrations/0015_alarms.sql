-- Alarms (spec 001 §2, §3, §5, §7; design in docs/alarms.md): metric alarms on telemetry values,
-- frequency-peak alarms on the spectrum, the active state of each, the transactions written when a
-- level changes, and the durable hand-over from ingest to the evaluator.

-- Metric alarms of a point (spec 001 §3 Metric alarm). `threshold` is {attention, hazard, critical}
-- each [lower, upper] (the unused side null). `built_in` names the default the row was created from
-- ('iso10816'), null for the user's own. `delay_count` consecutive measurements raise a higher level;
-- `hysteresis` (telemetry unit) is the margin a value must fall back past a threshold to clear it.
CREATE TABLE metric_alarms (
  id                   text PRIMARY KEY,
  customer_id          text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id             text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  name                 text NOT NULL,
  telemetry            text NOT NULL,
  source               text NOT NULL,
  threshold_direction  smallint NOT NULL CHECK (threshold_direction IN (-1, 0, 1)),
  calculated           boolean NOT NULL DEFAULT true,
  frequency_range      jsonb,
  threshold            jsonb NOT NULL,
  delay_count          integer NOT NULL DEFAULT 1,
  hysteresis           double precision NOT NULL DEFAULT 0,
  built_in             text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX metric_alarms_point ON metric_alarms (customer_id, point_id, created_at);

-- Frequency-peak alarms of a point (spec 001 §3). `half_band_hz` is the sensitivity halved (the band
-- is frequency ± half_band_hz); the API shows it doubled. Thresholds in g. `sort_order`: as sent.
CREATE TABLE frequency_peak_alarms (
  id            text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id      text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  name          text NOT NULL,
  axis          text NOT NULL,
  frequency_hz  double precision NOT NULL,
  half_band_hz  double precision NOT NULL,
  attention     double precision NOT NULL,
  hazard        double precision NOT NULL,
  critical      double precision NOT NULL,
  sort_order    integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX frequency_peak_alarms_point ON frequency_peak_alarms (customer_id, point_id, sort_order);

-- Active state of every alarm (metric, frequency-peak, or the point's no-data alarm whose alarm_id is
-- 'nodata:{point}'). Evaluations lock this row: one evaluation at a time per alarm, transactions
-- written once. `pending_*`: a higher level seen on `pending_count` consecutive measurements.
CREATE TABLE alarm_states (
  alarm_id          text PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN ('metric', 'frequencyPeak', 'noData')),
  customer_id       text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id          text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  level             smallint NOT NULL DEFAULT 0,
  pending_level     smallint,
  pending_count     integer NOT NULL DEFAULT 0,
  last_measured_at  timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alarm_states_point ON alarm_states (point_id, level);

-- Alarm transactions (spec 001 §3): one row per level change. `score`: the measured value that
-- decided the level (docs/alarms.md). `mail_state`: pending until the alarm mailer sent it in a mail
-- (or decided none is due: skipped).
CREATE TABLE alarm_transactions (
  id              text PRIMARY KEY,
  customer_id     text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id        text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  alarm_id        text NOT NULL,
  kind            text NOT NULL,
  name            text NOT NULL,
  telemetry       text NOT NULL,
  source          text NOT NULL,
  mac_address     text NOT NULL DEFAULT '',
  level           smallint NOT NULL,
  score           double precision NOT NULL,
  measurement_id  text REFERENCES measurements(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  mail_state      text NOT NULL DEFAULT 'pending' CHECK (mail_state IN ('pending', 'sent', 'skipped'))
);
CREATE INDEX alarm_transactions_customer_created ON alarm_transactions (customer_id, created_at DESC, id DESC);
CREATE INDEX alarm_transactions_point_created ON alarm_transactions (customer_id, point_id, created_at DESC);
CREATE INDEX alarm_transactions_mail_pending ON alarm_transactions (customer_id, created_at) WHERE mail_state = 'pending';
-- A measurement changes an alarm's level at most once, even when evaluated twice.
CREATE UNIQUE INDEX alarm_transactions_once ON alarm_transactions (alarm_id, measurement_id) WHERE measurement_id IS NOT NULL;

-- When each customer's last alarm digest mail went out (frequencyAlarmMail 6/12/18/24 h).
CREATE TABLE alarm_mail_digests (
  customer_id   text PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  last_sent_at  timestamptz NOT NULL
);

-- Points that were given the built-in default alarms (once: a deleted default stays deleted).
CREATE TABLE alarm_defaults_applied (
  point_id     text PRIMARY KEY REFERENCES tree_nodes(id) ON DELETE CASCADE,
  applied_at   timestamptz NOT NULL DEFAULT now()
);

-- The hand-over from ingest (docs/alarms.md "Evaluation"): a measurement that becomes final
-- (persisted or partial, from any other state or inserted so) is queued here by a trigger, in the
-- writer's transaction, whoever writes it; the evaluation deletes its row in the transaction that
-- writes the alarms' levels (the claim), and the evaluator sweeps what is left (a crash, a missed
-- notify, another instance). A small table rather than a column of measurements: marking a
-- measurement evaluated would rewrite its row and all ~13 of its index entries (no HOT update for a
-- column an index predicate reads), once more per measurement on the ingest path. Measurements
-- final before alarms existed are not queued: they count as evaluated.
CREATE TABLE alarm_evaluations_pending (
  measurement_id  text PRIMARY KEY REFERENCES measurements(id) ON DELETE CASCADE,
  queued_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alarm_evaluations_pending_queued ON alarm_evaluations_pending (queued_at, measurement_id);

CREATE FUNCTION alarm_evaluations_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_evaluations_pending (measurement_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER measurements_alarm_evaluation_insert
  AFTER INSERT ON measurements
  FOR EACH ROW WHEN (NEW.state IN ('persisted', 'partial'))
  EXECUTE FUNCTION alarm_evaluations_enqueue();
CREATE TRIGGER measurements_alarm_evaluation_update
  AFTER UPDATE OF state ON measurements
  FOR EACH ROW WHEN (NEW.state IN ('persisted', 'partial') AND OLD.state NOT IN ('persisted', 'partial'))
  EXECUTE FUNCTION alarm_evaluations_enqueue();
