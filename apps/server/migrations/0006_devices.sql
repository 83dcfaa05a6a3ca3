-- Issue 6: device registry and point configuration (docs/devices.md).
-- A device row is the customer's registry entry (learned from scanDevice or registered by an admin);
-- it carries the measurement profile only while it is attached to a point (point_id), so a device
-- waiting in the registry has none.
ALTER TABLE devices ALTER COLUMN profile DROP NOT NULL;
CREATE INDEX devices_customer_mac ON devices (customer_id, mac);
CREATE INDEX device_scans_device ON device_scans (device_mac, scanned_at DESC);

-- DUCKV1 channel groups of a point (codes such as '1|2|3'); the duck module maps them to its sensors.
ALTER TABLE tree_nodes ADD COLUMN channel_groups text[] NOT NULL DEFAULT '{}';

-- WLAN requests sent to gateways and triggers (never the password: only who asked for which SSID, when).
CREATE TABLE wlan_requests (
  id            text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  target_mac    text NOT NULL,
  target_kind   text NOT NULL CHECK (target_kind IN ('GATEWAY', 'TRIGGER')),
  ssid          text NOT NULL,
  user_id       text REFERENCES users(id) ON DELETE SET NULL,
  requested_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wlan_requests_target ON wlan_requests (customer_id, target_mac, requested_at DESC);

-- A device is attached to one point at a time (point_id), and a point has one device.
CREATE UNIQUE INDEX devices_one_per_point ON devices (point_id) WHERE point_id IS NOT NULL;
