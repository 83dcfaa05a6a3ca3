-- Trend of a point (spec 001 §2 "Trend panel", §7 GET /point/{id}/trend; docs/trend.md).
--
-- The trend reads one point's values of a few telemetries over a date range: up to a year of
-- periodic data, 17,520 measurements × 3 axes per telemetry. telemetry_point_time (0001) already
-- has the right key (customer_id, point_id, telemetry, measured_at); it is replaced by the same key
-- with the columns the trend reads INCLUDEd, so that PostgreSQL (autovacuum keeps the visibility
-- map) answers it with an index-only scan over adjacent leaf pages instead of one heap page per
-- measurement. Replacing rather than adding keeps ingest's write cost at one entry per value in
-- this index (ingest must sustain 100 measurements/s): the entry grows by ~30 bytes, no index is
-- added. Every other reader of the old index (share trend, last values) keeps its plan: the key is
-- unchanged.
CREATE INDEX telemetry_point_time_trend ON telemetry_values (customer_id, point_id, telemetry, measured_at)
  INCLUDE (source, device_reported, value, measurement_id);
DROP INDEX IF EXISTS telemetry_point_time;
ALTER INDEX telemetry_point_time_trend RENAME TO telemetry_point_time;

-- Notes of a point's measurements (the trend's comment markers): only measurements with a note are
-- in this index, so ingest (new measurements have none) never writes to it, and the trend finds a
-- year's notes without reading the year's measurement rows.
CREATE INDEX measurements_point_noted ON measurements (point_id, created_at) WHERE note <> '';
