-- Single sign-on by OpenID Connect (docs/single-sign-on.md).

-- An account's configuration, held by its root organisation (`/connectors/{organizationId}/SSO`).
-- The client secret is encrypted (platform/secrets.ts, purpose 'sso_client_secret') and never
-- read back. `role_mapping`: [{ "claimValue", "userType", "organizationId" }]; `claim_types`:
-- { "email", "firstname", "lastname", "roles" }, the names of the claims read.
CREATE TABLE sso_configurations (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  organization_id uuid NOT NULL UNIQUE REFERENCES organizations (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  configuration_endpoint text NOT NULL CHECK (char_length(configuration_endpoint) BETWEEN 8 AND 500),
  client_id text NOT NULL CHECK (char_length(client_id) BETWEEN 1 AND 255),
  client_secret text NOT NULL,
  scope text NOT NULL DEFAULT 'openid email profile',
  role_mapping jsonb NOT NULL DEFAULT '[]',
  claim_types jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The e-mail domains that lead to an account's provider: one account per domain on the platform.
CREATE TABLE sso_domains (
  domain text PRIMARY KEY CHECK (domain = lower(domain)),
  account_id uuid NOT NULL REFERENCES sso_configurations (account_id) ON DELETE CASCADE
);
CREATE INDEX sso_domains_account_idx ON sso_domains (account_id);

-- A sign-in started at the provider: its state (hashed), nonce and PKCE code verifier (encrypted,
-- purpose 'sso_code_verifier'), bound to the browser that started it (the hash of a cookie).
-- Used once, within its expiry.
CREATE TABLE sso_authorization_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  state_hash text NOT NULL UNIQUE,
  browser_hash text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sso_authorization_requests_expiry_idx ON sso_authorization_requests (expires_at);

-- A sign-in the provider confirmed: its `openidSessionId` (hashed), which `POST /api/login`
-- exchanges once, within its expiry, for a session; then the session it opened and the ID token
-- (encrypted, purpose 'sso_id_token') that signs the user out at the provider.
CREATE TABLE sso_logins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  id_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  session_id uuid REFERENCES sessions (id) ON DELETE SET NULL
);
CREATE INDEX sso_logins_session_idx ON sso_logins (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX sso_logins_expiry_idx ON sso_logins (expires_at);

-- The connector catalogue's OpenID Connect entry leads to this configuration (its screen), not to
-- generic configurations: its properties no longer apply.
UPDATE connectors SET properties = '[]' WHERE fqn = 'reprise.authentication.openid_connect';
