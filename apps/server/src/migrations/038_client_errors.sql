-- The web app's uncaught errors, reported by the browsers (docs/client-errors.md): one row per
-- report, grouped when read by message and route (its ids already replaced by ':id').
CREATE TABLE client_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the session's account and user; null for a report sent without a session (the login page)
  account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  app text NOT NULL CHECK (app IN ('back_office', 'public_site')),
  kind text NOT NULL CHECK (kind IN ('error', 'unhandled_rejection', 'render')),
  message text NOT NULL,
  stack text,
  route text NOT NULL,
  build text NOT NULL,
  user_agent text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_errors_group_idx ON client_errors (app, message, route);
CREATE INDEX client_errors_at_idx ON client_errors (at);
CREATE INDEX client_errors_account_idx ON client_errors (account_id);
