-- Issue 15 (fault reports): the features of every measurement, the durable post-persist diagnosis,
-- each point's baseline, the fault reports with their evaluations, and what evaluations taught.
-- Design: docs/fault-reports.md; the diagnosis itself: packages/diagnosis, docs/diagnosis.md.

-- The diagnosis' features of a measurement (packages/diagnosis MeasurementFeatures, a few kB),
-- computed in the DSP pool from the one decode of its waveform and written in the SAME statement
-- that makes the measurement final (jobs/ingest/persist-measurement.ts): a measurement is
-- diagnosable exactly when its row here exists. `measured_at`: the measurement's time (its start
-- time when plausible, else its creation), the order a point's measurements are diagnosed in.
CREATE TABLE measurement_features (
  measurement_id  text PRIMARY KEY REFERENCES measurements(id) ON DELETE CASCADE,
  customer_id     text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id        text REFERENCES tree_nodes(id) ON DELETE SET NULL,
  measured_at     timestamptz NOT NULL,
  version         integer NOT NULL,
  features        jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX measurement_features_point ON measurement_features (point_id, measured_at) WHERE point_id IS NOT NULL;

-- The hand-over to the diagnosis (jobs/diagnosis), as alarm_evaluations_pending is to the alarms:
-- features of a measurement of a point, written or rewritten (a partial measurement completed
-- later), queue it by a trigger in the writer's transaction; the diagnosis deletes the row in the
-- transaction that writes the reports (the claim) and sweeps what is left at start-up and
-- periodically (a crash, a missed notify, another instance).
CREATE TABLE diagnosis_pending (
  measurement_id  text PRIMARY KEY REFERENCES measurements(id) ON DELETE CASCADE,
  queued_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diagnosis_pending_queued ON diagnosis_pending (queued_at, measurement_id);

CREATE FUNCTION diagnosis_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO diagnosis_pending (measurement_id) VALUES (NEW.measurement_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER measurement_features_diagnosis_insert
  AFTER INSERT ON measurement_features
  FOR EACH ROW WHEN (NEW.point_id IS NOT NULL)
  EXECUTE FUNCTION diagnosis_enqueue();
CREATE TRIGGER measurement_features_diagnosis_update
  AFTER UPDATE OF features ON measurement_features
  FOR EACH ROW WHEN (NEW.point_id IS NOT NULL)
  EXECUTE FUNCTION diagnosis_enqueue();

-- One diagnosed measurement: the report codes found (`fault` or `fault:component`) and whether its
-- diagnosis under absolute criteria (no baseline) found a machine fault (a measurement without one
-- may be learnt into the point's baseline). Closing a report reads the last ones of the point.
CREATE TABLE measurement_diagnoses (
  measurement_id          text PRIMARY KEY REFERENCES measurements(id) ON DELETE CASCADE,
  customer_id             text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id                text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  measured_at             timestamptz NOT NULL,
  codes                   text[] NOT NULL,
  absolute_machine_fault  boolean NOT NULL,
  diagnosed_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX measurement_diagnoses_point ON measurement_diagnoses (point_id, measured_at DESC);

-- A point's baseline (packages/diagnosis Baseline) cached: learnt from the features of its first
-- BASELINE_MAX_MEASUREMENTS measurements after `start_at` (null: from the first) whose absolute
-- diagnosis found no machine fault; relearnt while missing or incomplete. `start_at` is moved by
-- the completed-maintenance hook (issue 16), which empties the baseline.
CREATE TABLE point_baselines (
  point_id      text PRIMARY KEY REFERENCES tree_nodes(id) ON DELETE CASCADE,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  start_at      timestamptz,
  baseline      jsonb,
  measurements  integer NOT NULL DEFAULT 0,
  complete      boolean NOT NULL DEFAULT false,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Fault reports (spec 001 §3 Fault report, §4, §5). `code`: `fault` or `fault:component`, the
-- report's identity on its point; one OPEN report per (point, code). `evidence`: the evidence
-- lines (contract evidenceLine) with their measurement ids; `severity_history`: [{severity, at,
-- measurementId}]; `answers`: {code: answer}; `max_score`: the strongest finding's score (what a
-- "not confirmed" answer stores as a known false positive).
CREATE TABLE fault_reports (
  id                    text PRIMARY KEY,
  customer_id           text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id              text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  fault                 text NOT NULL,
  bearing_component     text,
  code                  text NOT NULL,
  detection_type        text NOT NULL CHECK (detection_type IN ('machine', 'sensor')),
  severity              text NOT NULL CHECK (severity IN ('healthy', 'attention', 'hazard', 'critical')),
  severity_history      jsonb NOT NULL DEFAULT '[]',
  status                text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_at             timestamptz,
  closed_reason         text CHECK (closed_reason IN ('healthy', 'maintenance')),
  confidence            double precision NOT NULL,
  max_score             double precision NOT NULL,
  rule                  text NOT NULL,
  evidence              jsonb NOT NULL DEFAULT '[]',
  measurement_id        text NOT NULL,
  last_seen_at          timestamptz NOT NULL,
  is_answered           boolean NOT NULL DEFAULT false,
  answers               jsonb,
  answered_at           timestamptz,
  answered_by           text,
  confirmed             boolean,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fault_reports_one_open ON fault_reports (point_id, code) WHERE status = 'open';
CREATE INDEX fault_reports_point_created ON fault_reports (customer_id, point_id, created_at DESC, id DESC);
CREATE INDEX fault_reports_unanswered ON fault_reports (customer_id, point_id) WHERE NOT is_answered;

-- Patterns an evaluation marked "not confirmed" on a point (packages/diagnosis KnownFalsePositive),
-- one per report: answering "yes" later removes it.
CREATE TABLE fault_false_positives (
  report_id          text PRIMARY KEY REFERENCES fault_reports(id) ON DELETE CASCADE,
  customer_id        text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id           text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  fault              text NOT NULL,
  bearing_component  text,
  score              double precision NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fault_false_positives_point ON fault_false_positives (point_id);
