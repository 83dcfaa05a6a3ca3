-- Indexes of the measurement list (GET /measurement, /measurement/download, /measurement/tags;
-- spec 000 §2, §7). Every list query is scoped by customer and ordered by created_at DESC, id DESC,
-- so each filter that can be selective gets a (customer_id, <filter>, created_at DESC) index: the
-- planner then reads one page of index entries instead of the customer's whole history.
-- Measured with bench/measurements.bench.ts (1,000,000 measurements of one tenant).

-- Default query (date range only) and the keyset walk of the download: exact order with the id tie-break.
CREATE INDEX measurements_customer_created_id ON measurements (customer_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS measurements_customer_created;

-- MAC address, type and "only mine".
CREATE INDEX measurements_customer_device_created ON measurements (customer_id, device_mac, created_at DESC);
CREATE INDEX measurements_customer_type_created ON measurements (customer_id, measurement_type, created_at DESC);
CREATE INDEX measurements_customer_user_created ON measurements (customer_id, user_id, created_at DESC);

-- Rare flags: partial indexes stay small.
CREATE INDEX measurements_customer_favorite ON measurements (customer_id, created_at DESC) WHERE favorite;
CREATE INDEX measurements_customer_upload ON measurements (customer_id, created_at DESC) WHERE upload;
CREATE INDEX measurements_customer_failed ON measurements (customer_id, state, created_at DESC) WHERE state IN ('partial', 'error');

-- Tags (`tags && $1`) and tag suggestions.
CREATE INDEX measurements_tags ON measurements USING gin (tags);

-- Value filter on a telemetry: selective bounds find the measurements by value.
CREATE INDEX telemetry_customer_name_value ON telemetry_values (customer_id, telemetry, value) WHERE NOT device_reported;
