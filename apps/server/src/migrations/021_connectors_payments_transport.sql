-- Connectors, payments and transport (connector configuration and kinds;
-- payment statuses, shipping label readiness, delivery statuses).
-- docs/connectors.md, docs/payments.md and docs/transport.md describe the flows.

-- The connectors the platform offers: reference data, one row per kind. `properties` lists what a
-- configuration holds: [{ "name", "required", "secret", "kind" }], kind one of text, url, integer,
-- amount (cents), iban, bic, email. A secret property is encrypted at rest and never read back.
-- `actions` are the premium-feature actions the connector answers (type premium_feature).
CREATE TABLE connectors (
  id uuid PRIMARY KEY,
  fqn text NOT NULL UNIQUE CHECK (fqn ~ '^[a-z0-9_.]{3,120}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 255),
  type text NOT NULL
    CHECK (type IN ('authentication', 'buyer', 'payment_mode', 'premium_feature', 'scheduled', 'transport')),
  properties jsonb NOT NULL DEFAULT '[]',
  actions jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'))
);

INSERT INTO connectors (id, fqn, name, type, properties, actions) VALUES
  ('00000000-0000-4000-c000-000000000001', 'reprise.payment.sepa_credit_transfer', 'SEPA credit transfer', 'payment_mode',
   '[{"name":"debtor_name","required":true,"secret":false,"kind":"text"},
     {"name":"debtor_iban","required":true,"secret":false,"kind":"iban"},
     {"name":"debtor_bic","required":true,"secret":false,"kind":"bic"}]', '[]'),
  ('00000000-0000-4000-c000-000000000002', 'reprise.payment.gift_card_issuer', 'Gift cards and vouchers', 'payment_mode',
   '[{"name":"validity_months","required":true,"secret":false,"kind":"integer"}]', '[]'),
  ('00000000-0000-4000-c000-000000000003', 'reprise.payment.gift_card_terminal', 'Gift-card terminal', 'payment_mode',
   '[{"name":"merchant_id","required":true,"secret":false,"kind":"text"},
     {"name":"terminal_id","required":true,"secret":false,"kind":"text"},
     {"name":"maximum_amount","required":true,"secret":false,"kind":"amount"},
     {"name":"item_code","required":false,"secret":false,"kind":"text"},
     {"name":"passphrase","required":true,"secret":true,"kind":"text"}]', '[]'),
  ('00000000-0000-4000-c000-000000000004', 'reprise.transport.sandbox_carrier', 'Sandbox carrier', 'transport',
   '[{"name":"api_url","required":true,"secret":false,"kind":"url"},
     {"name":"account_number","required":true,"secret":false,"kind":"text"},
     {"name":"api_key","required":true,"secret":true,"kind":"text"},
     {"name":"webhook_secret","required":true,"secret":true,"kind":"text"}]', '[]'),
  ('00000000-0000-4000-c000-000000000005', 'reprise.buyer.resale_webhook', 'Buyer resale webhooks', 'buyer',
   '[{"name":"url","required":true,"secret":false,"kind":"url"},
     {"name":"webhook_secret","required":true,"secret":true,"kind":"text"},
     {"name":"referrer","required":false,"secret":false,"kind":"text"}]', '[]'),
  ('00000000-0000-4000-c000-000000000006', 'reprise.premium.scan_search', 'Scan search (IMEI)', 'premium_feature',
   '[{"name":"minimum_matches","required":false,"secret":false,"kind":"integer"}]', '["imei_lookup"]'),
  ('00000000-0000-4000-c000-000000000007', 'reprise.scheduled.sftp_import', 'SFTP catalogue import', 'scheduled',
   '[{"name":"host","required":true,"secret":false,"kind":"text"},
     {"name":"port","required":true,"secret":false,"kind":"integer"},
     {"name":"username","required":true,"secret":false,"kind":"text"},
     {"name":"password","required":true,"secret":true,"kind":"text"},
     {"name":"directory","required":true,"secret":false,"kind":"text"},
     {"name":"schedule","required":true,"secret":false,"kind":"text"},
     {"name":"strategy","required":true,"secret":false,"kind":"text"},
     {"name":"parent_categories","required":false,"secret":false,"kind":"text"}]', '[]'),
  ('00000000-0000-4000-c000-000000000008', 'reprise.authentication.openid_connect', 'OpenID Connect single sign-on', 'authentication',
   '[{"name":"configuration_endpoint","required":true,"secret":false,"kind":"url"},
     {"name":"client_id","required":true,"secret":false,"kind":"text"},
     {"name":"client_secret","required":true,"secret":true,"kind":"text"},
     {"name":"scope","required":true,"secret":false,"kind":"text"},
     {"name":"domains","required":true,"secret":false,"kind":"text"}]', '[]');

-- A connector configured for an organisation (its account's). `properties` holds the plain
-- values by name; `secrets` the secret ones, each encrypted (platform/secrets.ts, purpose
-- 'connector'). The name is unique in the account, whatever its case.
CREATE TABLE connector_configurations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  connector_id uuid NOT NULL REFERENCES connectors (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 255),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  properties jsonb NOT NULL DEFAULT '{}',
  secrets jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (properties <> '{}'::jsonb OR secrets <> '{}'::jsonb)
);
CREATE UNIQUE INDEX connector_configurations_name_key ON connector_configurations (account_id, lower(name));
CREATE INDEX connector_configurations_organization_idx ON connector_configurations (organization_id, connector_id);
CREATE INDEX connector_configurations_account_idx ON connector_configurations (account_id, connector_id, status);

-- SEPA credit-transfer batches (pain.001.001.09): one per account, day and sequence; `open`
-- takes new payments, `sent` once the retailer marked its file sent to the bank (its payments are
-- then initiated), `reconciled` once a statement settled every payment of it.
CREATE TABLE transfer_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  connector_configuration_id uuid REFERENCES connector_configurations (id) ON DELETE SET NULL,
  business_date date NOT NULL,
  sequence integer NOT NULL DEFAULT 1 CHECK (sequence >= 1),
  -- MsgId of the file (35 characters at most)
  message_id text NOT NULL UNIQUE CHECK (char_length(message_id) <= 35),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'sent', 'reconciled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  sent_by uuid REFERENCES users (id),
  UNIQUE (account_id, business_date, sequence)
);
CREATE UNIQUE INDEX transfer_batches_open_key ON transfer_batches (account_id, currency) WHERE status = 'open';

-- A bank statement uploaded back (camt.053 or CSV) and what it settled.
CREATE TABLE bank_statements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  format text NOT NULL CHECK (format IN ('camt053', 'csv')),
  entries_count integer NOT NULL DEFAULT 0,
  paid_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  -- the entries no payment matched: [{ "line", "reference", "amountCents", "reason" }]
  unmatched jsonb NOT NULL DEFAULT '[]',
  uploaded_by uuid REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_statements_account_idx ON bank_statements (account_id, uploaded_at DESC);

-- Gift cards and vouchers of the built-in issuer: a code, a balance, redemptions at the counter.
CREATE TABLE gift_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('gift_card', 'voucher')),
  code text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-Z]{8,32}$'),
  initial_cents integer NOT NULL CHECK (initial_cents > 0),
  balance_cents integer NOT NULL CHECK (balance_cents >= 0 AND balance_cents <= initial_cents),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'exhausted', 'cancelled')),
  expires_at timestamptz,
  payment_id uuid UNIQUE REFERENCES payments (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_cards_account_idx ON gift_cards (account_id, created_at DESC);

CREATE TABLE gift_card_redemptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gift_card_id uuid NOT NULL REFERENCES gift_cards (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  organization_id uuid REFERENCES organizations (id),
  user_id uuid REFERENCES users (id),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_redemptions_card_idx ON gift_card_redemptions (gift_card_id, at);

-- Payments: what executes them.
ALTER TABLE payments
  DROP CONSTRAINT payments_iban_only_for_bank_transfer,
  -- a transfer without IBAN gets one from the customer (the IBAN link), then is paid as a transfer
  ADD CONSTRAINT payments_iban_only_for_transfers
    CHECK ((iban_encrypted IS NULL AND iban_masked IS NULL) OR type IN ('bank_transfer', 'no_iban_transfer')),
  ADD COLUMN connector_configuration_id uuid REFERENCES connector_configurations (id) ON DELETE SET NULL,
  ADD COLUMN transfer_batch_id uuid REFERENCES transfer_batches (id),
  ADD COLUMN gift_card_id uuid REFERENCES gift_cards (id),
  -- the end-to-end reference of the transfer (the buyback's code), in the batch file and the statement
  ADD COLUMN reference text,
  ADD COLUMN failure_reason text CHECK (char_length(failure_reason) <= 255),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  -- marked as paid by hand: who, and the complementary information (255 at most)
  ADD COLUMN manual_information text CHECK (char_length(manual_information) <= 255),
  ADD COLUMN marked_paid_by uuid REFERENCES users (id),
  ADD COLUMN paid_at timestamptz,
  -- the customer's IBAN link (transfer without IBAN): the token's SHA-256, and when it was sent
  ADD COLUMN iban_token_hash text UNIQUE,
  ADD COLUMN iban_requested_at timestamptz;
CREATE INDEX payments_status_idx ON payments (account_id, status, updated_at DESC);
CREATE INDEX payments_batch_idx ON payments (transfer_batch_id) WHERE transfer_batch_id IS NOT NULL;
CREATE INDEX payments_reference_idx ON payments (reference) WHERE reference IS NOT NULL;

-- Transport: a parcel a carrier connector carries for a buyback, outbound (the shipping label of
-- a web_post or web_drop_label buyback) or back to the customer (a return label).
CREATE TABLE shipments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  buyback_id uuid NOT NULL REFERENCES buybacks (id),
  kind text NOT NULL CHECK (kind IN ('shipping', 'return')),
  connector_configuration_id uuid REFERENCES connector_configurations (id) ON DELETE SET NULL,
  -- the carrier's own id of the shipment
  carrier_shipment_id text,
  status text NOT NULL DEFAULT 'label_pending' CHECK (status IN (
    'label_pending', 'label_ready', 'label_failed', 'in_transit', 'delivered', 'delivery_failed',
    'returned', 'cancelled')),
  tracking_number text,
  tracking_url text,
  label_file_key text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  label_ready_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (connector_configuration_id, carrier_shipment_id)
);
CREATE INDEX shipments_buyback_idx ON shipments (buyback_id, kind);

-- The carrier's delivery events, each once (the carrier's event id; a replay answers 409).
CREATE TABLE delivery_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipment_id uuid NOT NULL REFERENCES shipments (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  event_id text NOT NULL CHECK (char_length(event_id) BETWEEN 1 AND 128),
  code text NOT NULL,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  payload jsonb NOT NULL DEFAULT '{}',
  UNIQUE (shipment_id, event_id)
);

ALTER TABLE buybacks
  DROP CONSTRAINT buybacks_shipping_label_status_check,
  -- failed: the carrier could not make the label (after its retries): "not available"
  ADD CONSTRAINT buybacks_shipping_label_status_check
    CHECK (shipping_label_status IN ('pending', 'ready', 'failed')),
  ADD COLUMN tracking_number text,
  ADD COLUMN tracking_url text,
  -- the latest delivery event's code (delivery statuses)
  ADD COLUMN delivery_status text;

-- Buyer resale webhooks (connector type buyer): each event to deliver, its attempts and outcome.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  connector_configuration_id uuid NOT NULL REFERENCES connector_configurations (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 64),
  buyback_id uuid REFERENCES buybacks (id),
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_configuration_idx ON webhook_deliveries (connector_configuration_id, created_at DESC);
