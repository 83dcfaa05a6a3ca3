-- Which server instance finalizes a measurement when several share the ingest (MQTT shared
-- subscriptions: docs/operations.md "Several instances"). A claim is a lease: an instance that dies
-- holding one frees it when `until` passes; the row goes with the measurement's chunks and `done`.
CREATE TABLE measurement_claims (
  device_mac  text NOT NULL,
  object_id   text NOT NULL,
  instance    text NOT NULL,
  until       timestamptz NOT NULL,
  PRIMARY KEY (device_mac, object_id)
);
