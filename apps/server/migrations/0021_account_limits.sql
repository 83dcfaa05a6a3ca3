-- Issue 14 (accounts): mails the server sends on request of an anonymous or half-logged-in caller
-- (reset links, second-step codes) are rows here, so every instance sharing the database limits
-- them alike (modules/auth/mail-limit.ts): at most 3 per account and 10 per address in 15 minutes.
CREATE TABLE mail_sends (
  id           bigserial PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  email        text NOT NULL,                  -- lower-cased
  ip           text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('password_reset', 'mfa_code')),
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_sends_account ON mail_sends (customer_id, email, kind, at);
CREATE INDEX mail_sends_ip ON mail_sends (ip, kind, at);
CREATE INDEX mail_sends_at ON mail_sends (at);
