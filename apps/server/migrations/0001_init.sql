-- Overtone initial schema. Every tenant-owned row carries customer_id; every query is scoped by it.

CREATE TABLE customers (
  id           text PRIMARY KEY,
  name         text NOT NULL,
  hosts        text[] NOT NULL DEFAULT '{}',
  preferences  jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_hosts ON customers USING gin (hosts);

CREATE TABLE roles (
  id           text PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name         text NOT NULL,
  display_name text NOT NULL,
  permissions  text[] NOT NULL DEFAULT '{}',
  UNIQUE (customer_id, name)
);

CREATE TABLE users (
  id                  text PRIMARY KEY,
  customer_id         text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  email               text NOT NULL,
  password_hash       text NOT NULL,
  name                text NOT NULL,
  surname             text NOT NULL,
  phone               text,
  user_type           text NOT NULL CHECK (user_type IN ('admin', 'user')),
  role_id             text REFERENCES roles(id) ON DELETE SET NULL,
  password_changed    boolean NOT NULL DEFAULT true,
  user_guiding_shown  boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_customer_email ON users (customer_id, lower(email));

CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- ALTCHA payloads already accepted once (replay protection), kept until they expire.
CREATE TABLE captcha_uses (
  signature    text PRIMARY KEY,
  expires_at   timestamptz NOT NULL
);

CREATE TABLE bearings (
  id              text PRIMARY KEY,
  customer_id     text REFERENCES customers(id) ON DELETE CASCADE, -- NULL: shared catalogue
  brand           text NOT NULL,
  bearing_number  text NOT NULL,
  bpfo            double precision NOT NULL,
  bpfi            double precision NOT NULL,
  bsf             double precision NOT NULL,
  ftf             double precision NOT NULL,
  type            text NOT NULL CHECK (type IN ('DEFAULT', 'CUSTOM'))
);
CREATE UNIQUE INDEX bearings_catalogue ON bearings (brand, bearing_number) WHERE customer_id IS NULL;

-- Groups and points of the asset tree. parent_id NULL = root level.
CREATE TABLE tree_nodes (
  id                text PRIMARY KEY,
  customer_id       text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  parent_id         text REFERENCES tree_nodes(id),
  node_type         text NOT NULL CHECK (node_type IN ('group', 'point')),
  name              text NOT NULL,
  tag_code          text NOT NULL,
  sort_order        integer NOT NULL DEFAULT 0,
  health            text NOT NULL DEFAULT 'unknown',
  point             jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tree_nodes_customer ON tree_nodes (customer_id, parent_id);

CREATE TABLE gateways (
  id            text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  mac           text NOT NULL UNIQUE,
  root          text NOT NULL DEFAULT 'prod',
  last_seen_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE devices (
  id            text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  mac           text NOT NULL UNIQUE,
  type          text NOT NULL DEFAULT 'SENSEWAY',
  point_id      text REFERENCES tree_nodes(id) ON DELETE SET NULL,
  gateway_mac   text,
  profile       jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_point ON devices (point_id);

-- Latest scanDevice entry per (gateway, device): not tenant-owned until matched to a device.
CREATE TABLE device_scans (
  gateway_mac  text NOT NULL,
  device_mac   text NOT NULL,
  rssi         double precision,
  status       text NOT NULL,
  scanned_at   timestamptz NOT NULL,
  PRIMARY KEY (gateway_mac, device_mac)
);

CREATE TABLE measurements (
  id                        text PRIMARY KEY,
  customer_id               text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  object_id                 text NOT NULL,
  point_id                  text REFERENCES tree_nodes(id) ON DELETE SET NULL,
  device_mac                text NOT NULL,
  gateway_mac               text,
  user_id                   text REFERENCES users(id) ON DELETE SET NULL,
  measurement_type          text NOT NULL CHECK (measurement_type IN ('MANUAL', 'PERIODIC', 'TRIGGERED')),
  state                     text NOT NULL CHECK (state IN ('requested', 'accepted', 'receiving', 'persisted', 'partial', 'error')),
  tags                      text[] NOT NULL DEFAULT '{}',
  favorite                  boolean NOT NULL DEFAULT false,
  note                      text NOT NULL DEFAULT '',
  upload                    boolean NOT NULL DEFAULT false,
  error                     text,
  range_index               integer NOT NULL,
  rate_index                integer NOT NULL,
  sample_size               integer NOT NULL,
  calibrated_sampling_rate  double precision,
  started_at                timestamptz,
  waveform_key              text,
  device_telemetry          jsonb,
  created_at                timestamptz NOT NULL DEFAULT now(),
  persisted_at              timestamptz,
  UNIQUE (device_mac, object_id)
);
CREATE INDEX measurements_customer_created ON measurements (customer_id, created_at DESC);
CREATE INDEX measurements_point_created ON measurements (point_id, created_at DESC);
CREATE INDEX measurements_open ON measurements (state) WHERE state IN ('requested', 'accepted', 'receiving');

-- Chunks stored durably as they arrive, until their measurement is persisted.
CREATE TABLE measurement_chunks (
  device_mac   text NOT NULL,
  object_id    text NOT NULL,
  idx          integer NOT NULL,
  payload      bytea NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_mac, object_id, idx)
);

-- `done` messages awaiting processing (survive a restart during processing).
CREATE TABLE measurement_done (
  device_mac   text NOT NULL,
  object_id    text NOT NULL,
  gateway_mac  text NOT NULL,
  root         text NOT NULL,
  payload      jsonb NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_mac, object_id)
);

-- One row per telemetry value: trends and filters over years read this table.
CREATE TABLE telemetry_values (
  measurement_id   text NOT NULL REFERENCES measurements(id) ON DELETE CASCADE,
  customer_id      text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id         text,
  telemetry        text NOT NULL,
  source           text NOT NULL,
  device_reported  boolean NOT NULL,
  value            double precision NOT NULL,
  unit             text NOT NULL,
  measured_at      timestamptz NOT NULL,
  PRIMARY KEY (measurement_id, telemetry, source, device_reported)
);
CREATE INDEX telemetry_point_time ON telemetry_values (customer_id, point_id, telemetry, measured_at DESC);
