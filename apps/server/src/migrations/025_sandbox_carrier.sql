-- The sandbox carrier (modules/sandbox-carrier, docs/transport.md): a parcel carrier of its own,
-- run by this server under /api/sandbox-carrier, so that the transport connector talks to a real
-- provider over HTTP in the demo and the tests. Its tables belong to no tenant of the platform:
-- a shipper reaches its rows with its own API key.

-- A shipper's account at the carrier: its API key (SHA-256 only), where its delivery events go,
-- the secret they are signed with (encrypted, platform/secrets.ts purpose 'sandbox-carrier'), and
-- how its labels behave (made after `label_delay_seconds`; `label_outcome` 'failed' makes none).
CREATE TABLE sandbox_carrier_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_number text NOT NULL UNIQUE CHECK (account_number ~ '^SBX[0-9]{7}$'),
  api_key_hash text NOT NULL UNIQUE,
  -- absolute, or a path resolved against the server's public URL when an event is posted
  webhook_url text CHECK (char_length(webhook_url) BETWEEN 1 AND 2048),
  webhook_secret_encrypted text NOT NULL,
  label_delay_seconds integer NOT NULL DEFAULT 4 CHECK (label_delay_seconds BETWEEN 0 AND 3600),
  label_outcome text NOT NULL DEFAULT 'ready' CHECK (label_outcome IN ('ready', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A parcel the carrier carries: outbound (`shipping`) or back to a customer (`return`).
CREATE TABLE sandbox_carrier_shipments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  carrier_account_id uuid NOT NULL REFERENCES sandbox_carrier_accounts (id),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 64),
  kind text NOT NULL CHECK (kind IN ('shipping', 'return')),
  sender jsonb NOT NULL,
  recipient jsonb NOT NULL,
  parcel jsonb NOT NULL,
  -- UPU S10 shape: two letters, eight digits and a check digit, the country (SB123456785FR)
  tracking_number text NOT NULL UNIQUE CHECK (tracking_number ~ '^[A-Z]{2}[0-9]{9}[A-Z]{2}$'),
  label_status text NOT NULL DEFAULT 'pending' CHECK (label_status IN ('pending', 'ready', 'failed')),
  label_file_key text,
  label_ready_at timestamptz,
  status text NOT NULL DEFAULT 'created' CHECK (status IN (
    'created', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned', 'lost')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_carrier_shipments_account_idx ON sandbox_carrier_shipments (carrier_account_id, created_at DESC);

-- The parcel's events (its tracking page), each posted once to the shipper's webhook (retried by
-- the queue until it answers 2xx or 409, which says it has it already).
CREATE TABLE sandbox_carrier_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shipment_id uuid NOT NULL REFERENCES sandbox_carrier_shipments (id),
  code text NOT NULL CHECK (code IN (
    'delivery_init', 'in_progress', 'delivered', 'failed', 'cancelled', 'returned', 'lost')),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  webhook_status text NOT NULL DEFAULT 'pending' CHECK (webhook_status IN ('pending', 'delivered', 'no_webhook')),
  webhook_attempts integer NOT NULL DEFAULT 0,
  webhook_last_error text,
  webhook_delivered_at timestamptz
);
CREATE INDEX sandbox_carrier_events_shipment_idx ON sandbox_carrier_events (shipment_id, occurred_at);
