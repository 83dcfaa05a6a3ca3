-- Value filter of the measurement list (GET /measurement, /measurement/download; spec 000 §2, §7;
-- docs/measurement-list.md): a measurement matches when at least one of its computed values of the
-- telemetry (any axis or channel; device-reported values are not considered) lies within the
-- active bounds, inclusive.
--
-- Counting matches up to the cap (10,000) by probing telemetry_values once per measurement, newest
-- first, took ~77,000 probes for a filter matching ~14 % of a 1,000,000-measurement tenant. This
-- table keeps, per measurement and telemetry, its distinct computed values, each with the next
-- smaller one (`below`, NULL for the smallest): a row stands for the interval (below, value], and
-- the rows of one measurement and telemetry are disjoint intervals. Hence, for bounds lo and hi:
--   some value in [lo, hi]  <=>  exactly one row has  (below < lo OR below IS NULL) AND lo <= value <= hi
--   some value >= lo        <=>  exactly one row has  (below < lo OR below IS NULL) AND value >= lo
--   some value <= hi        <=>  exactly one row has  below IS NULL AND value <= hi
-- (the row of the smallest value >= lo; of the smallest value). A value range of the index below
-- thus yields every matching measurement exactly once: the capped count stops after 10,001 rows,
-- with no de-duplication and no probe per measurement. (A per-measurement max or min alone cannot
-- answer both bounds: values 0.5 and 3.5 lie within [0, 1] and [3, 4] but not [1, 3].)
--
-- `week` (weeks since 1970-01-01 of created_at) leads the value in the index, and the list asks
-- for the weeks of its date range one by one (`week = ANY(...)`): each scan then reads only that
-- week's rows of the value range, whose heap pages are few and adjacent (rows are written in time
-- order). Without it a value range spans the whole table, and PGlite, whose tables are never
-- vacuumed (so no index-only scan), paid a random heap read per row (bench: 165 ms vs 22 ms).
--
-- Triggers on telemetry_values keep the table in the writer's transaction, whoever writes
-- (ingest, the replacement of a partial measurement's telemetry, deletes and their cascades).

-- No telemetry write may slip between the backfill below and the triggers.
LOCK TABLE telemetry_values IN SHARE MODE;

CREATE FUNCTION measurement_week(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN floor(extract(epoch FROM t) / 604800)::integer;

CREATE TABLE measurement_values (
  measurement_id  text NOT NULL,
  telemetry       text NOT NULL,
  value           double precision NOT NULL,
  below           double precision,
  customer_id     text NOT NULL,
  created_at      timestamptz NOT NULL,
  week            integer NOT NULL GENERATED ALWAYS AS (measurement_week(created_at)) STORED
);

-- The rows of the given (measurement, telemetry) pairs, computed again from telemetry_values. The
-- measurements are locked first (as ingest's UPDATE of the measurement already does): a concurrent
-- writer of the same measurement waits for this transaction, and its statements then read this
-- one's committed rows (READ COMMITTED), so no pair is computed from half of its values.
CREATE FUNCTION measurement_values_refresh(ms text[], ts text[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM measurements WHERE id = ANY(ms) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM measurement_values mv
  USING unnest(ms, ts) AS p(measurement_id, telemetry)
  WHERE mv.measurement_id = p.measurement_id AND mv.telemetry = p.telemetry;
  INSERT INTO measurement_values (measurement_id, telemetry, value, below, customer_id, created_at)
  SELECT d.measurement_id, d.telemetry, d.value,
    lag(d.value) OVER (PARTITION BY d.measurement_id, d.telemetry ORDER BY d.value), m.customer_id, m.created_at
  FROM (
    SELECT DISTINCT tv.measurement_id, tv.telemetry, tv.value
    FROM unnest(ms, ts) AS p(measurement_id, telemetry)
    JOIN telemetry_values tv ON tv.measurement_id = p.measurement_id AND tv.telemetry = p.telemetry
    WHERE NOT tv.device_reported) d
  JOIN measurements m ON m.id = d.measurement_id;
$$;

CREATE FUNCTION measurement_values_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ms text[]; ts text[];
BEGIN
  SELECT array_agg(measurement_id), array_agg(telemetry) INTO ms, ts
  FROM (SELECT DISTINCT measurement_id, telemetry FROM changed WHERE NOT device_reported) p;
  IF ms IS NOT NULL THEN PERFORM measurement_values_refresh(ms, ts); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER telemetry_values_measurement_values_insert
  AFTER INSERT ON telemetry_values REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION measurement_values_on_insert();
CREATE TRIGGER telemetry_values_measurement_values_delete
  AFTER DELETE ON telemetry_values REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION measurement_values_on_insert();

CREATE FUNCTION measurement_values_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM measurement_values_refresh(ARRAY[OLD.measurement_id, NEW.measurement_id], ARRAY[OLD.telemetry, NEW.telemetry]);
  RETURN NULL;
END $$;
CREATE TRIGGER telemetry_values_measurement_values_update
  AFTER UPDATE OF measurement_id, telemetry, device_reported, value ON telemetry_values
  FOR EACH ROW
  WHEN (OLD.measurement_id IS DISTINCT FROM NEW.measurement_id OR OLD.telemetry IS DISTINCT FROM NEW.telemetry
    OR OLD.device_reported IS DISTINCT FROM NEW.device_reported OR OLD.value IS DISTINCT FROM NEW.value)
  EXECUTE FUNCTION measurement_values_on_update();

CREATE FUNCTION measurement_values_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE measurement_values;
  RETURN NULL;
END $$;
CREATE TRIGGER telemetry_values_measurement_values_truncate
  AFTER TRUNCATE ON telemetry_values FOR EACH STATEMENT EXECUTE FUNCTION measurement_values_on_truncate();

-- The list filters by the measurement's customer and creation time: copied, and kept if they change.
CREATE FUNCTION measurement_values_on_measurement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE measurement_values SET customer_id = NEW.customer_id, created_at = NEW.created_at
  WHERE measurement_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER measurements_measurement_values
  AFTER UPDATE OF customer_id, created_at ON measurements
  FOR EACH ROW
  WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION measurement_values_on_measurement();

-- Backfill (in time order, as ingest writes), then the indexes, built once over the filled table.
INSERT INTO measurement_values (measurement_id, telemetry, value, below, customer_id, created_at)
SELECT d.measurement_id, d.telemetry, d.value, d.below, m.customer_id, m.created_at
FROM (
  SELECT measurement_id, telemetry, value,
    lag(value) OVER (PARTITION BY measurement_id, telemetry ORDER BY value) AS below
  FROM (SELECT DISTINCT measurement_id, telemetry, value FROM telemetry_values WHERE NOT device_reported) v) d
JOIN measurements m ON m.id = d.measurement_id
ORDER BY m.created_at;

-- Per measurement: the list's probe of a measurement (newest first, when few are read) and the
-- triggers' refresh.
ALTER TABLE measurement_values ADD PRIMARY KEY (measurement_id, telemetry, value) INCLUDE (below);
-- Per customer, telemetry and week, by value: the capped count and selective value filters.
CREATE INDEX measurement_values_filter ON measurement_values (customer_id, telemetry, week, value)
  INCLUDE (below, created_at, measurement_id);

-- The list no longer reads telemetry_values by value: 0009's index would only cost writes.
DROP INDEX IF EXISTS telemetry_customer_name_value;

ANALYZE measurement_values;
