-- Buybacks: carts, customers, buybacks with their price and answer
-- snapshots, items, payments, status history, and the stored answers of idempotent requests.
-- A buyback copies what it was sold with (circuit, payment mode, product, answers, prices), so
-- later configuration or catalogue changes never change it.

-- Identification numbers: 13 digits, EAN-13 check digit. Buybacks take '20' + 10 digits of their
-- sequence + check digit, items '21' + 10 digits + check digit (GS1 prefix 2: in-house numbers).
CREATE SEQUENCE buyback_number_seq;
CREATE SEQUENCE item_number_seq;

CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  channel text NOT NULL CHECK (channel IN ('store', 'web')),
  store_id uuid REFERENCES organizations (id),
  terms_accepted boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The customer as entered for one buyback or one cart (a snapshot, not a customer directory).
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text,
  phone text,
  street text NOT NULL,
  street_more text,
  zip text NOT NULL,
  city text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  identification_type text
    CHECK (identification_type IN ('driving_licence', 'identity_card', 'passport', 'residence_permit')),
  identification_number text,
  identification_delivery_date date,
  identification_issuing_authority text,
  -- the IBAN (normalised, no spaces) when the payment mode needs one; shown masked only
  iban text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE buybacks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the retailer account (tenant)
  account_id uuid NOT NULL REFERENCES accounts (id),
  identification_number text NOT NULL CHECK (identification_number ~ '^[0-9]{13}$'),
  channel text NOT NULL CHECK (channel IN ('store', 'web')),
  store_id uuid REFERENCES organizations (id),
  -- organisation path the buyback is seen from: the store's, or the root's for a web buyback
  organization_path text NOT NULL,
  cart_id uuid REFERENCES carts (id),
  customer_id uuid NOT NULL REFERENCES customers (id),
  -- lower case, accents stripped 'last first': the list's customer-name filter and order
  customer_sort_name text NOT NULL,
  status text NOT NULL CHECK (status IN (
    'bb_awaiting_store_drop', 'bb_awaiting_inventory', 'bb_in_transit', 'bb_in_processing',
    'bb_completed', 'bb_completed_by_price', 'bb_completed_with_absorption',
    'bb_completed_with_negociation', 'bb_not_completed', 'bb_cancelled')),
  predeclared boolean NOT NULL DEFAULT false,
  finalized_at timestamptz,
  -- circuit snapshot
  circuit_id uuid NOT NULL REFERENCES circuits (id),
  circuit_name text NOT NULL,
  circuit_type text NOT NULL CHECK (circuit_type IN (
    'store_collect', 'store_drop', 'store_drop_label', 'web_collect', 'web_drop', 'web_drop_label', 'web_post')),
  deposit_type text NOT NULL CHECK (deposit_type IN ('collect', 'drop', 'drop_label', 'post')),
  circuit_description text,
  transfer_order_copies integer NOT NULL CHECK (transfer_order_copies BETWEEN 1 AND 10),
  instructions jsonb NOT NULL DEFAULT '[]',
  highlighted_instruction text,
  terms text,
  warehouse_id uuid REFERENCES organizations (id),
  -- payment mode snapshot
  payment_mode_id uuid NOT NULL REFERENCES payment_modes (id),
  payment_mode_label text NOT NULL,
  payment_type text NOT NULL CHECK (payment_type IN ('bank_transfer', 'no_iban_transfer', 'gift_card', 'voucher')),
  payment_mode_description text,
  payment_mode_long_description text,
  -- buyer and catalogue snapshot
  buyer_account_id uuid NOT NULL REFERENCES accounts (id),
  buyer_name text NOT NULL,
  category_id uuid NOT NULL REFERENCES categories (id),
  category_label text NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  product_brand text,
  product_model text,
  product_image_key text,
  answers jsonb NOT NULL DEFAULT '[]',
  imei text CHECK (imei ~ '^[0-9]{15,17}$'),
  imei_tac_mismatch boolean NOT NULL DEFAULT false,
  -- price breakdown (cents), computed by the server with the shared pricing module
  declared_state text NOT NULL
    CHECK (declared_state IN ('functional', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e')),
  base_price_cents integer NOT NULL,
  impact_price_entries jsonb NOT NULL DEFAULT '[]',
  estimated_price_cents integer NOT NULL CHECK (estimated_price_cents >= 0),
  payment_modifier_cents integer NOT NULL,
  shipping_modifier_cents integer NOT NULL,
  bonus_cents integer NOT NULL DEFAULT 0,
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  -- the pricing input as priced (prices per grade, answers, modifiers): the price can be explained later
  pricing_input jsonb NOT NULL,
  currency text NOT NULL,
  cancel_reason text CHECK (cancel_reason IN ('customer_retraction', 'technical_problem', 'other')),
  cancel_comment text CHECK (char_length(cancel_comment) <= 255),
  cancelled_at timestamptz,
  cancelled_by uuid REFERENCES users (id),
  -- the buyback was cancelled although its payment could not be (force)
  cancel_forced boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'bb_cancelled') = (cancel_reason IS NOT NULL))
);
CREATE UNIQUE INDEX buybacks_identification_number_key ON buybacks (identification_number);
-- the list: the tenant and the visible subtree first, then each order
CREATE INDEX buybacks_created_idx ON buybacks (account_id, organization_path text_pattern_ops, created_at DESC, id);
CREATE INDEX buybacks_path_idx ON buybacks (organization_path text_pattern_ops);
CREATE INDEX buybacks_customer_name_idx ON buybacks (account_id, customer_sort_name);
CREATE INDEX buybacks_status_idx ON buybacks (account_id, status);
CREATE INDEX buybacks_cart_idx ON buybacks (cart_id);
CREATE INDEX buybacks_customer_idx ON buybacks (customer_id);

CREATE TABLE buyback_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  buyback_id uuid NOT NULL UNIQUE REFERENCES buybacks (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  identification_number text NOT NULL CHECK (identification_number ~ '^[0-9]{13}$'),
  status text NOT NULL CHECK (status IN (
    'item_created', 'item_awaiting_store_drop', 'item_awaiting_inventory', 'item_in_transit',
    'item_registered_in_warehouse', 'item_awaiting_compliancy_tests', 'item_completed',
    'item_completed_by_price', 'item_completed_with_absorption', 'item_completed_with_negociation',
    'item_refurb_diagnostic_in_progress', 'item_refurb_in_progress', 'item_refurb_completed',
    'item_in_quarantine', 'item_to_return', 'item_returned', 'item_to_reintegrate_to_stock',
    'item_lost_store', 'item_lost_transport', 'item_lost_warehouse', 'item_cancelled')),
  imei text,
  warehouse_id uuid REFERENCES organizations (id),
  -- the price the customer is paid (cents)
  purchase_price_cents integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX buyback_items_identification_number_key ON buyback_items (identification_number);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  buyback_id uuid NOT NULL UNIQUE REFERENCES buybacks (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  type text NOT NULL CHECK (type IN ('bank_transfer', 'no_iban_transfer', 'gift_card', 'voucher')),
  status text NOT NULL CHECK (status IN (
    'awaiting_payment', 'payment_created', 'payment_initiated', 'payment_completed',
    'payment_failed', 'payment_cancelled', 'payment_not_needed')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  -- own code of a voucher (payment type voucher)
  voucher_code text,
  gift_card_number text,
  provider text,
  provider_payment_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_voucher_code_key ON payments (voucher_code);

-- Every status change of a buyback, its item or its payment (the detail's history).
CREATE TABLE buyback_status_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  buyback_id uuid NOT NULL REFERENCES buybacks (id),
  at timestamptz NOT NULL DEFAULT now(),
  status text,
  item_status text,
  payment_status text,
  actor_user_id uuid REFERENCES users (id)
);
CREATE INDEX buyback_status_events_buyback_idx ON buyback_status_events (buyback_id, id);

-- Answers of requests sent with an Idempotency-Key: stored in the transaction of the command, so
-- a replay (or a concurrent duplicate, which waits on the primary key) answers the first response.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id),
  key text NOT NULL CHECK (char_length(key) BETWEEN 8 AND 255),
  -- sha-256 of the method, the path and the canonical body
  fingerprint text NOT NULL,
  -- null only inside the transaction that claimed the key (no other transaction sees that state)
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
