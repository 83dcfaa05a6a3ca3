-- Deadlocks between instances finalizing measurements of the same point at once (PostgreSQL,
-- "deadlock detected", seen by apps/server/test/scale-out.test.ts):
-- 1. Inserting a measurement or its telemetry takes FOR KEY SHARE on its point's tree_nodes row
--    (the point_id foreign keys); the last values' refresh then locked that row FOR UPDATE. Two
--    writers holding KEY SHARE each waited for the other to let go before upgrading. FOR NO KEY
--    UPDATE (what the UPDATE that follows takes anyway: last_values is no key) does not conflict
--    with KEY SHARE, and still orders concurrent refreshes of one point (it conflicts with itself).
-- 2. A statement refreshing several points (a batch of measurements, migration 0030) locks them in
--    point id order, so two such statements cannot take two points in opposite orders.
CREATE OR REPLACE FUNCTION tree_refresh_last_values(p text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p IS NULL THEN RETURN; END IF;
  -- Lock the point first: the UPDATE below then reads with a snapshot taken after any concurrent
  -- writer of the same point committed (READ COMMITTED), so the later writer's result stands.
  PERFORM 1 FROM tree_nodes WHERE id = p FOR NO KEY UPDATE;
  UPDATE tree_nodes SET last_values = (
    SELECT jsonb_object_agg(t.telemetry, t.value) FROM (
      SELECT tv.telemetry, max(tv.value) AS value FROM telemetry_values tv
      WHERE tv.measurement_id = (
          SELECT m.id FROM measurements m
          WHERE m.point_id = p AND m.state = 'persisted'
          ORDER BY m.created_at DESC LIMIT 1)
        AND NOT tv.device_reported
      GROUP BY tv.telemetry) t)
  WHERE id = p AND node_type = 'point';
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
    ORDER BY m.point_id
  LOOP
    PERFORM tree_refresh_last_values(p);
  END LOOP;
  RETURN NULL;
END $$;
