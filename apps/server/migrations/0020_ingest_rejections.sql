-- Senseway messages the ingest refused (issue 14 "An ingest that survives any message";
-- docs/architecture.md "Ingest guarantees", "What the ingest refuses"). One row per refused message:
-- the gateway and device MACs when the topic named well-formed ones, the topic (cut to 256
-- characters, control characters removed), and the reason. Written in batches by the ingest and
-- kept bounded by it: rows older than 7 days and all but the newest 10 000 are deleted.
CREATE TABLE ingest_rejections (
  id bigserial PRIMARY KEY,
  gateway_mac text,
  device_mac text,
  topic text NOT NULL,
  reason text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ingest_rejections_received ON ingest_rejections (received_at);
