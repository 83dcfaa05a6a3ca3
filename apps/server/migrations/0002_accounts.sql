-- Tenants, accounts and the admin area (issue 4).

ALTER TABLE customers ADD COLUMN disabled boolean NOT NULL DEFAULT false;

ALTER TABLE users ADD COLUMN mfa_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN is_mobile boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN phone_country text;
CREATE INDEX users_role ON users (role_id);

ALTER TABLE roles ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- A token is either a login session or a password-reset link (single use, short-lived): the reset
-- token is sent as the `token` header by the set-password page and allows POST /me/password only.
ALTER TABLE sessions ADD COLUMN purpose text NOT NULL DEFAULT 'session' CHECK (purpose IN ('session', 'password_reset'));

-- Pending logins waiting for their e-mailed code (second step).
CREATE TABLE mfa_challenges (
  id           text PRIMARY KEY,               -- the trnxId / mfa_id the client carries
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id      text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash    text NOT NULL,                  -- HMAC-SHA256 of the 6-digit code
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_challenges_expires ON mfa_challenges (expires_at);

-- Login attempts, counted in the database so every server instance throttles alike.
CREATE TABLE login_attempts (
  id           bigserial PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  email        text NOT NULL,                  -- lower-cased as typed (also for unknown users)
  ip           text NOT NULL,
  succeeded    boolean NOT NULL,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email ON login_attempts (customer_id, email, at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, at);

CREATE TABLE telemetry_definitions (
  id            text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name          text NOT NULL,
  display_name  text NOT NULL,
  unit          text NOT NULL,
  hidden        boolean NOT NULL DEFAULT false,
  min_value     double precision,
  max_value     double precision,
  is_default    boolean NOT NULL DEFAULT false,
  built_in      boolean NOT NULL DEFAULT false,
  sort_order    integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, name),
  CHECK (min_value IS NULL OR max_value IS NULL OR min_value <= max_value)
);
CREATE UNIQUE INDEX telemetry_definitions_one_default ON telemetry_definitions (customer_id) WHERE is_default;
