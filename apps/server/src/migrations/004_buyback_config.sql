-- Buyback configuration of a retailer account: transport providers, payment modes, circuits with
-- their default instructions, dispatch circuit rules (which categories a circuit serves, with
-- their own instructions, countries and terms) and the transfer-order terms.

-- Carriers a post or drop_label circuit hands parcels to (platform reference data).
CREATE TABLE transport_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_]{2,64}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 255),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'))
);
INSERT INTO transport_providers (id, code, name) VALUES
  ('00000000-0000-4000-b000-000000000001', 'colissimo', 'Colissimo'),
  ('00000000-0000-4000-b000-000000000002', 'chronopost', 'Chronopost'),
  ('00000000-0000-4000-b000-000000000003', 'mondial_relay', 'Mondial Relay'),
  ('00000000-0000-4000-b000-000000000004', 'bpost', 'bpost'),
  ('00000000-0000-4000-b000-000000000005', 'dhl_parcel', 'DHL Parcel');

CREATE TABLE payment_modes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  type text NOT NULL CHECK (type IN ('bank_transfer', 'no_iban_transfer', 'gift_card', 'voucher')),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 255),
  description text NOT NULL CHECK (char_length(description) BETWEEN 2 AND 300),
  long_description text CHECK (char_length(long_description) <= 800),
  mail_content text CHECK (char_length(mail_content) <= 300),
  provider text NOT NULL DEFAULT 'none'
    CHECK (provider IN ('none', 'bank_transfer_provider', 'gift_card_provider', 'wallet_provider', 'gift_card_terminal')),
  -- percentage: a percent of the base price; amount: whole currency units. Cap in whole currency units.
  bonus_mode text NOT NULL DEFAULT 'disabled' CHECK (bonus_mode IN ('disabled', 'percentage', 'amount')),
  bonus_value integer CHECK (bonus_value BETWEEN -100 AND 100 AND bonus_value <> 0),
  bonus_cap integer CHECK (bonus_cap <> 0),
  CHECK ((bonus_mode = 'disabled') = (bonus_value IS NULL)),
  CHECK (bonus_cap IS NULL OR (bonus_mode = 'percentage' AND sign(bonus_cap) = sign(bonus_value))),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_modes_account_idx ON payment_modes (account_id, status);

CREATE TABLE circuits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 255),
  channel text NOT NULL CHECK (channel IN ('store', 'web')),
  deposit_type text NOT NULL CHECK (deposit_type IN ('collect', 'drop', 'drop_label', 'post')),
  -- the combined type (store_drop, web_post…); store_post does not exist
  type text GENERATED ALWAYS AS (channel || '_' || deposit_type) STORED
    CHECK (type IN ('store_collect', 'store_drop', 'store_drop_label', 'web_collect', 'web_drop', 'web_drop_label', 'web_post')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  transfer_order_number_of_copy integer NOT NULL DEFAULT 1 CHECK (transfer_order_number_of_copy BETWEEN 1 AND 10),
  description text CHECK (char_length(description) <= 500),
  eligible_countries text[] NOT NULL DEFAULT '{}',
  -- bonus/malus on the price: percentage of the base price, or whole currency units; cap in whole units
  bonus_mode text NOT NULL DEFAULT 'disabled' CHECK (bonus_mode IN ('disabled', 'percentage', 'amount')),
  bonus_value integer CHECK (bonus_value <> 0),
  bonus_cap integer CHECK (bonus_cap <> 0),
  CHECK ((bonus_mode = 'disabled') = (bonus_value IS NULL)),
  CHECK (bonus_mode <> 'percentage' OR bonus_value BETWEEN -100 AND 100),
  CHECK (bonus_cap IS NULL OR (bonus_mode = 'percentage' AND sign(bonus_cap) = sign(bonus_value))),
  warehouse_id uuid REFERENCES organizations (id),
  transport_provider_id uuid REFERENCES transport_providers (id),
  CHECK (deposit_type NOT IN ('drop', 'drop_label') OR warehouse_id IS NOT NULL),
  CHECK (deposit_type NOT IN ('post', 'drop_label') OR transport_provider_id IS NOT NULL),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX circuits_account_idx ON circuits (account_id, channel, status);
-- one active store_drop circuit per account (the service checks first and answers a clear error)
CREATE UNIQUE INDEX circuits_one_active_store_drop ON circuits (account_id)
  WHERE channel = 'store' AND deposit_type = 'drop' AND status = 'active';

CREATE TABLE circuit_payment_modes (
  circuit_id uuid NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
  payment_mode_id uuid NOT NULL REFERENCES payment_modes (id),
  PRIMARY KEY (circuit_id, payment_mode_id)
);
CREATE INDEX circuit_payment_modes_payment_mode_idx ON circuit_payment_modes (payment_mode_id);

-- One rule per circuit: the categories it serves and how.
CREATE TABLE dispatch_circuit_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  circuit_id uuid NOT NULL UNIQUE REFERENCES circuits (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  description text CHECK (char_length(description) <= 500),
  terms text CHECK (char_length(terms) <= 5000),
  traceability_enabled boolean NOT NULL DEFAULT false,
  highlighted_instruction text CHECK (char_length(highlighted_instruction) <= 255),
  -- null: the circuit's eligible countries
  eligible_countries text[],
  -- false: the circuit's default instructions apply
  own_instructions boolean NOT NULL DEFAULT false,
  custom_values jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dispatch_circuit_rules_account_idx ON dispatch_circuit_rules (account_id);

CREATE TABLE dispatch_circuit_rule_categories (
  dispatch_circuit_rule_id uuid NOT NULL REFERENCES dispatch_circuit_rules (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (dispatch_circuit_rule_id, category_id)
);
CREATE INDEX dispatch_circuit_rule_categories_category_idx ON dispatch_circuit_rule_categories (category_id);

-- Ordered instructions: a circuit's defaults, or a dispatch circuit rule's own.
CREATE TABLE circuit_instructions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  circuit_id uuid REFERENCES circuits (id) ON DELETE CASCADE,
  dispatch_circuit_rule_id uuid REFERENCES dispatch_circuit_rules (id) ON DELETE CASCADE,
  CHECK ((circuit_id IS NULL) <> (dispatch_circuit_rule_id IS NULL)),
  sequence integer NOT NULL CHECK (sequence BETWEEN 1 AND 6),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 150),
  type text NOT NULL
    CHECK (type IN ('agenda', 'close', 'deliver', 'insert', 'join', 'mailbox', 'none', 'post', 'print', 'protect', 'sign'))
);
CREATE UNIQUE INDEX circuit_instructions_circuit_key ON circuit_instructions (circuit_id, sequence)
  WHERE circuit_id IS NOT NULL;
CREATE UNIQUE INDEX circuit_instructions_rule_key ON circuit_instructions (dispatch_circuit_rule_id, sequence)
  WHERE dispatch_circuit_rule_id IS NOT NULL;

-- The account's custom transfer-order terms (premium custom_transfer_order).
CREATE TABLE transfer_order_settings (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  terms text NOT NULL CHECK (char_length(terms) BETWEEN 2 AND 5000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
