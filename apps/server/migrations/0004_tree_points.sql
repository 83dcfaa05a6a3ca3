-- Asset tree: groups and points created, edited, moved and deleted through the API, point images.

-- Tag codes are stored upper-case with their kind's prefix ('#' group, '$' point) and are unique per
-- customer across groups AND points, compared without the prefix: a tag code names one asset of the
-- plant (a tag scan or a report must resolve to one node), so '#PUMP 1' and '$PUMP 1' cannot coexist.
-- Case needs no folding here: the API stores codes upper-cased (sanitizeTagCode).
CREATE UNIQUE INDEX tree_nodes_tag_code ON tree_nodes (customer_id, substr(tag_code, 2));

-- GET /tree reads every node of a customer in display order.
CREATE INDEX tree_nodes_customer_order ON tree_nodes (customer_id, sort_order, name);

-- GET /tree: the latest persisted measurement of each point, one index probe per point.
CREATE INDEX measurements_point_persisted ON measurements (point_id, created_at DESC) WHERE state = 'persisted';

-- Images of a point, uploaded by the browser with a presigned POST (object key under
-- `points/{customer_id}/{point_id}/`); a row exists once the object is stored. Deleting the point
-- deletes its rows (the API deletes the objects too).
CREATE TABLE point_images (
  key           text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id      text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  content_type  text NOT NULL,
  size_bytes    integer NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_images_point ON point_images (point_id, created_at);

-- GET /tree shows, per point, its favourite telemetry of its latest persisted measurement (the
-- largest over the axes). Looking that up per point costs three index probes per point, too slow for
-- 10 000 nodes (bench/tree.bench.ts), so each point keeps it: last_values is {telemetry: max value}
-- over the non-device-reported values of its latest persisted measurement (by created_at), NULL
-- without one. Triggers keep it right whoever writes measurements or telemetry values (ingest,
-- deletes, a point's deletion), in the writer's transaction.
ALTER TABLE tree_nodes ADD COLUMN last_values jsonb;

CREATE FUNCTION tree_refresh_last_values(p text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p IS NULL THEN RETURN; END IF;
  -- Lock the point first: the UPDATE below then reads with a snapshot taken after any concurrent
  -- writer of the same point committed (READ COMMITTED), so the later writer's result stands.
  PERFORM 1 FROM tree_nodes WHERE id = p FOR UPDATE;
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

CREATE FUNCTION tree_last_values_on_measurement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.state = 'persisted' THEN
    PERFORM tree_refresh_last_values(OLD.point_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.state = 'persisted'
     AND (TG_OP = 'INSERT' OR OLD.state <> 'persisted' OR NEW.point_id IS DISTINCT FROM OLD.point_id) THEN
    PERFORM tree_refresh_last_values(NEW.point_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER measurements_last_values
  AFTER INSERT OR DELETE OR UPDATE OF state, point_id, created_at ON measurements
  FOR EACH ROW EXECUTE FUNCTION tree_last_values_on_measurement();

CREATE FUNCTION tree_last_values_on_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p text;
BEGIN
  FOR p IN
    SELECT DISTINCT m.point_id FROM new_values nv JOIN measurements m ON m.id = nv.measurement_id
    WHERE m.point_id IS NOT NULL AND m.state = 'persisted'
  LOOP
    PERFORM tree_refresh_last_values(p);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER telemetry_values_last_values
  AFTER INSERT ON telemetry_values REFERENCING NEW TABLE AS new_values
  FOR EACH STATEMENT EXECUTE FUNCTION tree_last_values_on_values();

SELECT tree_refresh_last_values(id) FROM tree_nodes WHERE node_type = 'point';
