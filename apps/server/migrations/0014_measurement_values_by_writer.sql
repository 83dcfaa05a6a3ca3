-- measurement_values (0011) maintained at a fraction of the cost (docs/architecture.md "Ingest
-- guarantees"; bench: `npm run bench -- ingest`).
--
-- 1. measurement_values_refresh becomes PL/pgSQL. As a multi-statement SQL function it was planned
--    again on every call, with no statistics for its unnest() inputs: per measurement it cost 4 ms
--    at first and grew with the table (8 → 16 ms after 800 measurements, micro-benchmark), which
--    made it the largest cost of ingest. PL/pgSQL keeps the plans of its statements per session.
-- 2. A writer that computes the rows itself says so. Ingest inserts a new measurement's
--    measurement_values in the same statement as its telemetry (rows computed in JS: distinct
--    values per telemetry with the next smaller one) and sets the transaction-local setting
--    overtone.measurement_values_written to that measurement's id. The insert trigger then skips
--    the recomputation when every inserted row belongs to that measurement, and clears the setting
--    either way (a later statement of the same transaction gets the full refresh). Anyone else
--    (seeds, a partial measurement's replacement, tests) still gets the trigger's full refresh:
--    the setting is an optimisation, not a second source of truth. About 1 ms per measurement
--    instead of 3–4 (micro-benchmark on PGlite, 60 telemetry rows).

CREATE OR REPLACE FUNCTION measurement_values_refresh(ms text[], ts text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM measurements WHERE id = ANY(ms) ORDER BY id FOR NO KEY UPDATE;
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
END $$;

CREATE OR REPLACE FUNCTION measurement_values_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ms text[];
  ts text[];
  written text := current_setting('overtone.measurement_values_written', true);
BEGIN
  IF written IS NOT NULL AND written <> '' THEN
    PERFORM set_config('overtone.measurement_values_written', '', true);
    IF TG_OP = 'INSERT' AND NOT EXISTS (SELECT 1 FROM changed WHERE measurement_id <> written) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT array_agg(measurement_id), array_agg(telemetry) INTO ms, ts
  FROM (SELECT DISTINCT measurement_id, telemetry FROM changed WHERE NOT device_reported) p;
  IF ms IS NOT NULL THEN PERFORM measurement_values_refresh(ms, ts); END IF;
  RETURN NULL;
END $$;
