-- Measurement detail (spec 002 §2, §3, §7): photos attached to a measurement, and temporary share
-- links of a measurement (docs/share-links.md).

-- Photos of a measurement (spec 002 §3 Photo: key, url, date). The object lives in the object store
-- under `key` (`measurement-photos/{customer}/{measurement}/{id}.{ext}`); the row goes with its
-- measurement (a leftover object is unreachable: no row lists it).
CREATE TABLE measurement_photos (
  key             text PRIMARY KEY,
  customer_id     text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  measurement_id  text NOT NULL REFERENCES measurements(id) ON DELETE CASCADE,
  content_type    text NOT NULL DEFAULT 'image/jpeg',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX measurement_photos_measurement ON measurement_photos (customer_id, measurement_id, created_at);

-- Share links: only the SHA-256 of the token is stored. Revocation deletes the row (immediate);
-- an expired row is refused by comparing expires_at with the module's clock and swept on creation.
CREATE TABLE share_tokens (
  id                        text PRIMARY KEY,
  token_hash                text NOT NULL UNIQUE,
  customer_id               text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  measurement_id            text NOT NULL REFERENCES measurements(id) ON DELETE CASCADE,
  allow_trend               boolean NOT NULL DEFAULT false,
  allow_image               boolean NOT NULL DEFAULT false,
  allow_alarm_transactions  boolean NOT NULL DEFAULT false,
  expires_in                text NOT NULL,
  created_by                text REFERENCES users(id) ON DELETE SET NULL,
  created_at                timestamptz NOT NULL,
  expires_at                timestamptz NOT NULL
);
CREATE INDEX share_tokens_measurement ON share_tokens (customer_id, measurement_id, created_at DESC);
