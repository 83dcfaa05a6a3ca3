-- Ingest's writes per measurement made cheaper (docs/architecture.md "Ingest profile (issue 18)";
-- bench: `npm run bench -- ingest.bench`). EXPLAIN ANALYZE of the statement that creates a final
-- measurement (PGlite, 60 telemetry rows): 13 ms, of which 3.1 ms in 120 foreign-key checks of
-- telemetry_values and 1.5 ms in refreshing the point's last values twice.
--
-- 1. Several measurements in one statement (jobs/ingest/persist-batch.ts): the writer of
--    measurement_values lists every measurement it wrote, comma-separated (ids never hold a comma:
--    infra/ids.ts), in overtone.measurement_values_written; 0014's trigger skips the recomputation
--    when every inserted row belongs to one of them. One id is the list of one: 0014's writers
--    (persist-measurement.ts) are unchanged.
-- 2. The point's last values (0004) were refreshed twice by ingest's statement: by the row trigger
--    of the measurement made persisted, and again by the statement trigger of its telemetry. A
--    writer that creates or updates the measurements in the same statement as their telemetry lists
--    them in overtone.last_values_by_measurement: the measurements' own trigger refreshes their
--    points at the end of that statement, with the telemetry there, so the telemetry trigger skips
--    them (and clears the setting). Anyone else still gets the telemetry trigger's refresh.
-- 3. telemetry_values.customer_id loses its foreign key: every writer copies it from the
--    measurement, whose own key (measurements.customer_id, ON DELETE CASCADE) removes the
--    measurement and with it its telemetry (telemetry_values.measurement_id, ON DELETE CASCADE) when
--    the customer goes. The check cost one query per telemetry row (60 a measurement) and guarded
--    nothing the measurement's key does not.

CREATE OR REPLACE FUNCTION measurement_values_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ms text[];
  ts text[];
  written text := current_setting('overtone.measurement_values_written', true);
BEGIN
  IF written IS NOT NULL AND written <> '' THEN
    PERFORM set_config('overtone.measurement_values_written', '', true);
    IF TG_OP = 'INSERT'
       AND NOT EXISTS (SELECT 1 FROM changed WHERE measurement_id <> ALL (string_to_array(written, ','))) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT array_agg(measurement_id), array_agg(telemetry) INTO ms, ts
  FROM (SELECT DISTINCT measurement_id, telemetry FROM changed WHERE NOT device_reported) p;
  IF ms IS NOT NULL THEN PERFORM measurement_values_refresh(ms, ts); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION tree_last_values_on_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p text;
  refreshed text := current_setting('overtone.last_values_by_measurement', true);
BEGIN
  IF refreshed IS NOT NULL AND refreshed <> '' THEN
    PERFORM set_config('overtone.last_values_by_measurement', '', true);
    IF NOT EXISTS (SELECT 1 FROM new_values WHERE measurement_id <> ALL (string_to_array(refreshed, ','))) THEN
      RETURN NULL;
    END IF;
  END IF;
  FOR p IN
    SELECT DISTINCT m.point_id FROM new_values nv JOIN measurements m ON m.id = nv.measurement_id
    WHERE m.point_id IS NOT NULL AND m.state = 'persisted'
  LOOP
    PERFORM tree_refresh_last_values(p);
  END LOOP;
  RETURN NULL;
END $$;

ALTER TABLE telemetry_values DROP CONSTRAINT IF EXISTS telemetry_values_customer_id_fkey;
