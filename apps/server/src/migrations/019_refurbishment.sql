-- Issue 13: after the control, an item is diagnosed for
-- refurbishment, repaired service by service, stored in the stocks of its warehouse and shipped in
-- packages. Every step is an item event (modules/warehouse/item-moves.ts).

-- What the stock screens and the expedition record on an item.
ALTER TABLE buyback_items
  -- the price the warehouse expects to resell it at (economic data: margin)
  ADD COLUMN resale_price_cents integer CHECK (resale_price_cents >= 0),
  ADD COLUMN refurb_completed_at timestamptz,
  -- the item left its warehouse in a closed package (expedition); its status stays "awaiting dispatch"
  -- or "refurbishment completed", the screens show it dispatched
  ADD COLUMN dispatched_at timestamptz;

-- Services (refurb steps) of a warehouse account: what a workshop does to an item. A service of kind
-- `data_erasure` issues an erasure certificate when it is validated on an item.
CREATE TABLE refurb_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the warehouses' account
  account_id uuid NOT NULL REFERENCES accounts (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  description text CHECK (char_length(description) <= 255),
  -- the stock an item waits in while the service is run on it
  stock_id uuid NOT NULL REFERENCES stocks (id),
  kind text NOT NULL DEFAULT 'standard' CHECK (kind IN ('standard', 'data_erasure')),
  -- for data erasure: the method the certificate names (e.g. "NIST 800-88 Purge, factory reset")
  erasure_method text CHECK (char_length(erasure_method) <= 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refurb_steps_account_idx ON refurb_steps (account_id);
CREATE INDEX refurb_steps_stock_idx ON refurb_steps (stock_id);

-- A service's cost at each warehouse of its account (cents).
CREATE TABLE refurb_step_costs (
  refurb_step_id uuid NOT NULL REFERENCES refurb_steps (id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  cost_cents integer NOT NULL CHECK (cost_cents >= 0),
  PRIMARY KEY (refurb_step_id, warehouse_id)
);

-- Refurbishment diagnosis questions of a warehouse account; each answer plans services.
CREATE TABLE refurb_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 255),
  type text NOT NULL CHECK (type IN ('unique', 'multiple')),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refurb_questions_account_idx ON refurb_questions (account_id, position);

CREATE TABLE refurb_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id uuid NOT NULL REFERENCES refurb_questions (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 255),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX refurb_answers_question_idx ON refurb_answers (question_id, position);

-- The services an answer plans. A service tied to an answer is not deleted (no cascade).
CREATE TABLE refurb_answer_steps (
  answer_id uuid NOT NULL REFERENCES refurb_answers (id) ON DELETE CASCADE,
  refurb_step_id uuid NOT NULL REFERENCES refurb_steps (id),
  PRIMARY KEY (answer_id, refurb_step_id)
);
CREATE INDEX refurb_answer_steps_step_idx ON refurb_answer_steps (refurb_step_id);

-- One refurbishment diagnosis per item: started by scanning it, finalized once the answers, the
-- stock and the first service are chosen.
CREATE TABLE refurb_diagnoses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL UNIQUE REFERENCES buyback_items (id),
  -- the warehouse's account (the item's buyer account)
  account_id uuid NOT NULL REFERENCES accounts (id),
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'finalized')),
  -- the services the answers plan, and any the operator added or removed on the summary
  planned_refurb_step_ids uuid[] NOT NULL DEFAULT '{}',
  -- the stock the item goes to, and the service to run first
  stock_id uuid REFERENCES stocks (id),
  first_refurb_step_id uuid REFERENCES refurb_steps (id) ON DELETE SET NULL,
  planned_cost_cents integer NOT NULL DEFAULT 0 CHECK (planned_cost_cents >= 0),
  started_by uuid REFERENCES users (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  finalized_by uuid REFERENCES users (id),
  finalized_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refurb_diagnoses_account_idx ON refurb_diagnoses (account_id, status);

-- The answers of a diagnosis, with their labels as they were (a question may change later).
CREATE TABLE refurb_diagnosis_answers (
  diagnosis_id uuid NOT NULL REFERENCES refurb_diagnoses (id) ON DELETE CASCADE,
  question_id uuid REFERENCES refurb_questions (id) ON DELETE SET NULL,
  answer_id uuid REFERENCES refurb_answers (id) ON DELETE SET NULL,
  question_label text NOT NULL,
  answer_label text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX refurb_diagnosis_answers_diagnosis_idx ON refurb_diagnosis_answers (diagnosis_id, position);
CREATE INDEX refurb_diagnosis_answers_question_idx ON refurb_diagnosis_answers (question_id);

-- The services planned on an item and their execution. Every write carries the version it read
-- (If-Match); another user's change in between answers 412.
CREATE TABLE item_refurb_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL REFERENCES buyback_items (id),
  -- the warehouse's account
  account_id uuid NOT NULL REFERENCES accounts (id),
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  refurb_step_id uuid REFERENCES refurb_steps (id) ON DELETE SET NULL,
  -- the service as it was planned
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  kind text NOT NULL DEFAULT 'standard' CHECK (kind IN ('standard', 'data_erasure')),
  erasure_method text,
  cost_cents integer NOT NULL DEFAULT 0 CHECK (cost_cents >= 0),
  position integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'to_do' CHECK (status IN ('to_do', 'in_progress', 'paused', 'cancelled', 'completed')),
  stock_id uuid REFERENCES stocks (id),
  -- the last user who acted on it, and when
  user_id uuid REFERENCES users (id),
  comment text CHECK (char_length(comment) <= 255),
  cancel_reason text CHECK (char_length(cancel_reason) <= 255),
  started_at timestamptz,
  completed_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX item_refurb_steps_item_idx ON item_refurb_steps (item_id, position);
CREATE INDEX item_refurb_steps_stock_idx ON item_refurb_steps (stock_id) WHERE stock_id IS NOT NULL;
CREATE INDEX item_refurb_steps_account_status_idx ON item_refurb_steps (account_id, status);

-- A data-erasure certificate: one per validated erasure service; its verification code is checked
-- on a public page. The facts are copied: the certificate must not change if the item does.
CREATE TABLE erasure_certificates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL REFERENCES buyback_items (id),
  item_refurb_step_id uuid NOT NULL UNIQUE REFERENCES item_refurb_steps (id),
  -- the warehouse's account, and the retailer's (who hands it to its customer)
  account_id uuid NOT NULL REFERENCES accounts (id),
  retailer_account_id uuid NOT NULL REFERENCES accounts (id),
  verification_code text NOT NULL UNIQUE CHECK (char_length(verification_code) BETWEEN 8 AND 32),
  item_identification_number text NOT NULL,
  product_name text NOT NULL,
  imei text,
  serial_number text,
  method text NOT NULL,
  operator_user_id uuid REFERENCES users (id),
  operator_name text NOT NULL,
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  warehouse_name text NOT NULL,
  erased_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX erasure_certificates_item_idx ON erasure_certificates (item_id);

-- Expedition: packages leaving a store (buybacks sent to their warehouse) or a warehouse (items
-- dispatched), filled by scanning items. A closed package cannot change.
CREATE TABLE packages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the origin's account
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('store', 'warehouse')),
  origin_organization_id uuid NOT NULL REFERENCES organizations (id),
  -- a store package goes to one warehouse (its items' destination)
  destination_organization_id uuid REFERENCES organizations (id),
  -- shown and barcoded on the label and the packing list
  number text NOT NULL UNIQUE,
  -- a carrier label for the package, or handed over without one
  with_label boolean NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  tracking_number text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_by uuid REFERENCES users (id),
  closed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX packages_account_idx ON packages (account_id, status, created_at DESC);
CREATE SEQUENCE package_number_seq;

CREATE TABLE package_items (
  package_id uuid NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES buyback_items (id),
  -- the package's kind: an item goes in one store package and in one warehouse package at most
  kind text NOT NULL CHECK (kind IN ('store', 'warehouse')),
  added_by uuid REFERENCES users (id),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (package_id, item_id),
  UNIQUE (item_id, kind)
);
