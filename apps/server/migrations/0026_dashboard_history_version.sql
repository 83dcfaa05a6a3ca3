-- Dashboard level history (issue 16; docs/dashboard.md "The level history cache").
-- System health and health progress read every alarm's and every machine report's level history of a
-- customer. The server keeps that history in memory (modules/dashboard/history-cache.ts) and reads
-- only what arrived since; this table says when the kept copy is no longer true: its version goes up
-- whenever a write changes the past, i.e. anything more than an hour old (SETTLE in the cache: a
-- write stamped within the last hour is read by the cache's next call anyway). The triggers below
-- are the one place that decides it, so no code path (services, seeds, another server process) can
-- forget to.
CREATE TABLE dashboard_history_versions (
  customer_id text PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  version     bigint NOT NULL DEFAULT 1,
  changed_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE FUNCTION dashboard_history_bump(customers text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_history_versions (customer_id)
  SELECT DISTINCT c FROM unnest(customers) AS c WHERE c IS NOT NULL
  ON CONFLICT (customer_id) DO UPDATE
    SET version = dashboard_history_versions.version + 1, changed_at = clock_timestamp()
$$;

-- Alarm transactions: one stamped more than an hour ago (a late upload), any deletion, any rewrite.
CREATE FUNCTION dashboard_history_alarm_transactions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(
    SELECT DISTINCT customer_id FROM new_rows WHERE created_at < clock_timestamp() - interval '1 hour'));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_alarm_transactions_insert AFTER INSERT ON alarm_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_alarm_transactions_inserted();

CREATE FUNCTION dashboard_history_old_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(SELECT DISTINCT customer_id FROM old_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_alarm_transactions_delete AFTER DELETE ON alarm_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_old_rows_changed();

CREATE FUNCTION dashboard_history_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY[OLD.customer_id, NEW.customer_id]);
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_alarm_transactions_update AFTER UPDATE ON alarm_transactions FOR EACH ROW
  WHEN (OLD.level IS DISTINCT FROM NEW.level OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.alarm_id IS DISTINCT FROM NEW.alarm_id OR OLD.point_id IS DISTINCT FROM NEW.point_id
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION dashboard_history_row_changed();

-- Alarms: one added or deleted changes which histories a point has, over the whole past.
CREATE FUNCTION dashboard_history_new_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(SELECT DISTINCT customer_id FROM new_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_alarm_states_insert AFTER INSERT ON alarm_states
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_new_rows_changed();
CREATE TRIGGER dashboard_history_alarm_states_delete AFTER DELETE ON alarm_states
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_old_rows_changed();
CREATE TRIGGER dashboard_history_alarm_states_update AFTER UPDATE ON alarm_states FOR EACH ROW
  WHEN (OLD.point_id IS DISTINCT FROM NEW.point_id OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION dashboard_history_row_changed();

-- Measurements: only a point's first persisted measurement matters (when it became monitored); it
-- changes when an earlier one is persisted more than an hour late, or when the first is deleted,
-- moved or unpersisted.
CREATE FUNCTION dashboard_history_measurements_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(
    SELECT DISTINCT n.customer_id FROM new_rows n
    WHERE n.state = 'persisted' AND n.point_id IS NOT NULL AND n.created_at < clock_timestamp() - interval '1 hour'
      AND NOT EXISTS (SELECT 1 FROM measurements m
        WHERE m.point_id = n.point_id AND m.state = 'persisted' AND m.created_at < n.created_at)));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_measurements_insert AFTER INSERT ON measurements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_measurements_inserted();

CREATE FUNCTION dashboard_history_measurements_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(
    SELECT DISTINCT o.customer_id FROM old_rows o
    WHERE o.state = 'persisted' AND o.point_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM measurements m
        WHERE m.point_id = o.point_id AND m.state = 'persisted' AND m.created_at < o.created_at)));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_measurements_delete AFTER DELETE ON measurements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_measurements_deleted();

CREATE FUNCTION dashboard_history_measurement_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.state = 'persisted' AND NEW.point_id IS NOT NULL AND NEW.created_at < clock_timestamp() - interval '1 hour'
      AND NOT EXISTS (SELECT 1 FROM measurements m
        WHERE m.point_id = NEW.point_id AND m.state = 'persisted' AND m.created_at < NEW.created_at))
    OR (OLD.state = 'persisted' AND OLD.point_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM measurements m
        WHERE m.point_id = OLD.point_id AND m.state = 'persisted' AND m.created_at < OLD.created_at AND m.id <> OLD.id))
  THEN
    PERFORM dashboard_history_bump(ARRAY[OLD.customer_id, NEW.customer_id]);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_measurements_update AFTER UPDATE ON measurements FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.point_id IS DISTINCT FROM NEW.point_id OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION dashboard_history_measurement_updated();

-- Machine fault reports: one created, closed or changed in severity more than an hour back, any
-- deletion, any move; a change stamped (updated_at) more than an hour back, which the cache's
-- "updated since" read would miss.
CREATE FUNCTION dashboard_history_fault_reports_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(
    SELECT DISTINCT customer_id FROM new_rows
    WHERE detection_type = 'machine'
      AND (created_at < clock_timestamp() - interval '1 hour' OR updated_at < clock_timestamp() - interval '1 hour'
        OR closed_at < clock_timestamp() - interval '1 hour')));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_fault_reports_insert AFTER INSERT ON fault_reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_fault_reports_inserted();

CREATE FUNCTION dashboard_history_fault_reports_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_history_bump(ARRAY(SELECT DISTINCT customer_id FROM old_rows WHERE detection_type = 'machine'));
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_fault_reports_delete AFTER DELETE ON fault_reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_fault_reports_deleted();

CREATE FUNCTION dashboard_history_fault_report_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settled timestamptz := clock_timestamp() - interval '1 hour';
  earliest timestamptz;
BEGIN
  IF OLD.detection_type <> 'machine' AND NEW.detection_type <> 'machine' THEN RETURN NULL; END IF;
  IF OLD.detection_type IS DISTINCT FROM NEW.detection_type OR OLD.point_id IS DISTINCT FROM NEW.point_id
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR NEW.updated_at < settled
    OR (OLD.closed_at IS DISTINCT FROM NEW.closed_at
      AND least(coalesce(OLD.closed_at, 'infinity'), coalesce(NEW.closed_at, 'infinity')) < settled)
    OR (OLD.severity IS DISTINCT FROM NEW.severity AND jsonb_array_length(coalesce(NEW.severity_history, '[]')) = 0)
  THEN
    PERFORM dashboard_history_bump(ARRAY[OLD.customer_id, NEW.customer_id]);
    RETURN NULL;
  END IF;
  IF OLD.severity_history IS DISTINCT FROM NEW.severity_history THEN
    -- the earliest entry added or removed
    SELECT min((e ->> 'at')::timestamptz) INTO earliest FROM (
      SELECT e FROM jsonb_array_elements(coalesce(NEW.severity_history, '[]')) e
        WHERE NOT coalesce(OLD.severity_history, '[]') @> jsonb_build_array(e)
      UNION ALL
      SELECT e FROM jsonb_array_elements(coalesce(OLD.severity_history, '[]')) e
        WHERE NOT coalesce(NEW.severity_history, '[]') @> jsonb_build_array(e)) changed;
    IF earliest < settled THEN PERFORM dashboard_history_bump(ARRAY[NEW.customer_id]); END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_history_fault_reports_update AFTER UPDATE ON fault_reports FOR EACH ROW
  WHEN (OLD.detection_type IS DISTINCT FROM NEW.detection_type OR OLD.point_id IS DISTINCT FROM NEW.point_id
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.closed_at IS DISTINCT FROM NEW.closed_at OR OLD.severity IS DISTINCT FROM NEW.severity
    OR OLD.severity_history IS DISTINCT FROM NEW.severity_history)
  EXECUTE FUNCTION dashboard_history_fault_report_updated();
