-- Login throttling (issue 4, server-auth): failed second-step codes are counted per address with the
-- failed passwords, but not per account (five wrong codes already end the pending login).
ALTER TABLE login_attempts ADD COLUMN kind text NOT NULL DEFAULT 'password' CHECK (kind IN ('password', 'mfa'));
-- Pruning old rows by time.
CREATE INDEX login_attempts_at ON login_attempts (at);
