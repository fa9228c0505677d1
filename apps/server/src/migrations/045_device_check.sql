-- The stolen-device check (docs/device-check.md): a "device check" connector (an IMEI blacklist
-- provider) asked whether a device is reported lost or stolen, in the store wizard, at the public
-- checkout and at the warehouse check-in; every answer stored, cached a day per account and IMEI,
-- the calls rate-limited per account, a provider outage retried by a job.

ALTER TABLE connectors DROP CONSTRAINT connectors_type_check;
ALTER TABLE connectors ADD CONSTRAINT connectors_type_check CHECK (type IN (
  'authentication', 'buyer', 'device_check', 'payment_mode', 'premium_feature', 'scheduled', 'transport'));

INSERT INTO connectors (id, fqn, name, type, properties, actions) VALUES
  ('00000000-0000-4000-c000-00000000000b', 'reprise.device_check.imei_blacklist', 'IMEI blacklist', 'device_check',
   '[{"name":"api_url","required":true,"secret":false,"kind":"url"},
     {"name":"api_key","required":true,"secret":true,"kind":"text"}]', '[]');

-- What the store wizard does with a device reported lost or stolen (warn the seller, or refuse the
-- buyback), and whether a provider that does not answer refuses it too.
ALTER TABLE organization_root_details
  ADD COLUMN device_check_flagged_action text NOT NULL DEFAULT 'warn'
    CHECK (device_check_flagged_action IN ('warn', 'block')),
  ADD COLUMN device_check_outage_blocks boolean NOT NULL DEFAULT false;

-- Every check made: the wizard's (no item yet, linked to the item once the buyback is created),
-- the checkout's, the check-in's and the retries after an outage.
CREATE TABLE device_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  item_id uuid REFERENCES buyback_items (id),
  buyback_id uuid REFERENCES buybacks (id),
  imei text NOT NULL CHECK (imei ~ '^[0-9]{15,17}$'),
  result text NOT NULL CHECK (result IN ('clean', 'lost', 'stolen', 'unknown', 'not_checked')),
  -- what the provider answered, in a line (its reference, or why there is no answer)
  provider_summary text NOT NULL CHECK (char_length(provider_summary) <= 500),
  source text NOT NULL CHECK (source IN ('wizard', 'checkout', 'check_in', 'retry')),
  checked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_checks_item_idx ON device_checks (item_id, checked_at DESC) WHERE item_id IS NOT NULL;
CREATE INDEX device_checks_account_imei_idx ON device_checks (account_id, imei, checked_at DESC);

-- The provider's answers, kept a day per account and IMEI (shared by every process); an outage is
-- never kept.
CREATE TABLE device_check_answers (
  account_id uuid NOT NULL REFERENCES accounts (id),
  imei text NOT NULL,
  result text NOT NULL CHECK (result IN ('clean', 'lost', 'stolen', 'unknown')),
  provider_summary text NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, imei)
);

-- The provider calls an account may make: a token bucket per account (docs/device-check.md).
CREATE TABLE device_check_buckets (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  tokens double precision NOT NULL,
  refilled_at timestamptz NOT NULL DEFAULT now()
);

-- The flag the back office shows on a buyback whose device is reported lost or stolen.
ALTER TABLE buybacks ADD COLUMN device_check_flag text CHECK (device_check_flag IN ('lost', 'stolen'));

-- The sandbox IMEI blacklist (modules/sandbox-device-check), run by this server under
-- /api/sandbox-device-check outside production. Its rows belong to no tenant: a client reaches
-- its own with its API key (SHA-256 only).
CREATE TABLE sandbox_device_check_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  api_key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The IMEIs the sandbox answers otherwise than "clean": reported lost or stolen, unknown to it, or
-- an outage (503) or a timeout (no answer in time).
CREATE TABLE sandbox_device_check_imeis (
  sandbox_account_id uuid NOT NULL REFERENCES sandbox_device_check_accounts (id),
  imei text NOT NULL CHECK (imei ~ '^[0-9]{15,17}$'),
  answer text NOT NULL CHECK (answer IN ('clean', 'lost', 'stolen', 'unknown', 'outage', 'timeout')),
  PRIMARY KEY (sandbox_account_id, imei)
);
-- Every request it received (the tests count them).
CREATE TABLE sandbox_device_check_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sandbox_account_id uuid NOT NULL REFERENCES sandbox_device_check_accounts (id),
  imei text NOT NULL,
  answer text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_device_check_requests_idx ON sandbox_device_check_requests (sandbox_account_id, imei);
