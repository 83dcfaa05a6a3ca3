-- Issue 14: gateway identity on the broker (docs/security.md "The device edge").
-- One MQTT identity per gateway (a Duck is its own gateway) or trigger (its own MQTT client):
-- username = its MAC, a random secret shown once to the customer's admin, stored as its SHA-256
-- (the secret is 256 random bits: a slow password hash adds nothing against guessing and would let a
-- flood of CONNECT packets burn the CPU). Revoked or never issued: the broker refuses the client.
CREATE TABLE edge_credentials (
  mac           text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('GATEWAY', 'TRIGGER')),
  secret_sha256 text,
  issued_at     timestamptz,
  revoked_at    timestamptz,
  issued_by     text REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX edge_credentials_customer ON edge_credentials (customer_id);
