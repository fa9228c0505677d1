-- Attempt counters for sign-in, password reset and password change (docs/security.md, "Sign-in
-- throttling and account lockout"): one row per key, counted atomically before the guarded work.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  attempts integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz,
  block_level integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- a sign-in succeeded from this account + address pair: the account-wide slowdown skips it
  known_until timestamptz
);
CREATE INDEX rate_limits_last_attempt ON rate_limits (last_attempt_at);

DROP TABLE login_throttle;
