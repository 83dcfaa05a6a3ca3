-- The measurement list's row filters on measurement_values (docs/measurement-list.md, "Value filter
-- with row filters"). A value filter combined with a row filter that is not selective (type
-- PERIODIC, only mine, a device, a point, a common tag) intersected two large sets: tens of
-- thousands of probes from one side into the other (PGlite 130–330 ms, PostgreSQL 35–115 ms for
-- 1,000,000 measurements). Each value row now carries the measurement's filterable columns, so the
-- count and the page of any filter combination read one range of the value index per week and test
-- the row filters on the index entry itself (INCLUDE columns), without visiting measurements.
--
-- Kept equal to the measurement by the writers of measurement_values (0011's refresh, ingest's own
-- insert, 0014) and by the trigger on measurements, which now also follows these columns. Only the
-- rows that differ are updated: a finalization that writes the rows with the final state touches
-- none of them again.

ALTER TABLE measurement_values
  ADD COLUMN point_id text,
  ADD COLUMN device_mac text,
  ADD COLUMN user_id text,
  ADD COLUMN measurement_type text,
  ADD COLUMN state text,
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN favorite boolean NOT NULL DEFAULT false,
  ADD COLUMN upload boolean NOT NULL DEFAULT false;

LOCK TABLE measurements IN SHARE MODE;

UPDATE measurement_values mv
   SET point_id = m.point_id, device_mac = m.device_mac, user_id = m.user_id,
       measurement_type = m.measurement_type, state = m.state, tags = m.tags,
       favorite = m.favorite, upload = m.upload
  FROM measurements m
 WHERE m.id = mv.measurement_id;

CREATE OR REPLACE FUNCTION measurement_values_refresh(ms text[], ts text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM measurements WHERE id = ANY(ms) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM measurement_values mv
  USING unnest(ms, ts) AS p(measurement_id, telemetry)
  WHERE mv.measurement_id = p.measurement_id AND mv.telemetry = p.telemetry;
  INSERT INTO measurement_values (measurement_id, telemetry, value, below, customer_id, created_at,
                                  point_id, device_mac, user_id, measurement_type, state, tags, favorite, upload)
  SELECT d.measurement_id, d.telemetry, d.value,
    lag(d.value) OVER (PARTITION BY d.measurement_id, d.telemetry ORDER BY d.value), m.customer_id, m.created_at,
    m.point_id, m.device_mac, m.user_id, m.measurement_type, m.state, m.tags, m.favorite, m.upload
  FROM (
    SELECT DISTINCT tv.measurement_id, tv.telemetry, tv.value
    FROM unnest(ms, ts) AS p(measurement_id, telemetry)
    JOIN telemetry_values tv ON tv.measurement_id = p.measurement_id AND tv.telemetry = p.telemetry
    WHERE NOT tv.device_reported) d
  JOIN measurements m ON m.id = d.measurement_id;
END $$;

CREATE OR REPLACE FUNCTION measurement_values_on_measurement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE measurement_values
     SET customer_id = NEW.customer_id, created_at = NEW.created_at, point_id = NEW.point_id,
         device_mac = NEW.device_mac, user_id = NEW.user_id, measurement_type = NEW.measurement_type,
         state = NEW.state, tags = NEW.tags, favorite = NEW.favorite, upload = NEW.upload
   WHERE measurement_id = NEW.id
     AND (customer_id, created_at, point_id, device_mac, user_id, measurement_type, state, tags, favorite, upload)
         IS DISTINCT FROM
         (NEW.customer_id, NEW.created_at, NEW.point_id, NEW.device_mac, NEW.user_id, NEW.measurement_type,
          NEW.state, NEW.tags, NEW.favorite, NEW.upload);
  RETURN NULL;
END $$;
DROP TRIGGER measurements_measurement_values ON measurements;
CREATE TRIGGER measurements_measurement_values
  AFTER UPDATE OF customer_id, created_at, point_id, device_mac, user_id, measurement_type, state, tags, favorite, upload
  ON measurements
  FOR EACH ROW
  WHEN ((OLD.customer_id, OLD.created_at, OLD.point_id, OLD.device_mac, OLD.user_id, OLD.measurement_type,
         OLD.state, OLD.tags, OLD.favorite, OLD.upload)
        IS DISTINCT FROM
        (NEW.customer_id, NEW.created_at, NEW.point_id, NEW.device_mac, NEW.user_id, NEW.measurement_type,
         NEW.state, NEW.tags, NEW.favorite, NEW.upload))
  EXECUTE FUNCTION measurement_values_on_measurement();

-- The value index with the row filters' columns, so that an index-only scan (PostgreSQL, or PGlite
-- once vacuumed: infra/db/maintenance.ts) tests them without reading the table.
DROP INDEX measurement_values_filter;
CREATE INDEX measurement_values_filter ON measurement_values (customer_id, telemetry, week, value)
  INCLUDE (below, created_at, measurement_id, point_id, device_mac, user_id, measurement_type, state, favorite, upload, tags);

ANALYZE measurement_values;
