-- Issue 12: the reception side of the warehouse. Items move
-- past "awaiting inventory": sent by the store, checked in, controlled, completed, put in
-- quarantine, litigated, returned or lost. Every change of an item's status is an item event (who,
-- when, where, why), shown as the item's history (modules/warehouse/item-moves.ts).

-- The buyer account an item is assigned to (its buyback's buyer): the warehouses of that account
-- work on the item, so it writes the item's row too (platform/scoped-writes.ts, updateOwnedOrAssigned).
ALTER TABLE buyback_items ADD COLUMN buyer_account_id uuid REFERENCES accounts (id);
UPDATE buyback_items i SET buyer_account_id = b.buyer_account_id FROM buybacks b WHERE b.id = i.buyback_id;
ALTER TABLE buyback_items ALTER COLUMN buyer_account_id SET NOT NULL;

-- Stocks of a warehouse. The native ones are created with the warehouse
-- (trigger below) and are neither renamed nor deleted; `native_kind` names them, screens translate it.
CREATE TABLE stocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the warehouse's account
  account_id uuid NOT NULL REFERENCES accounts (id),
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  identifier text CHECK (char_length(identifier) <= 255),
  location text CHECK (char_length(location) <= 255),
  native_kind text CHECK (native_kind IN (
    'awaiting_control', 'refurbishment_completed', 'customer_return', 'in_quarantine', 'to_refurbish')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX stocks_warehouse_name_key ON stocks (warehouse_id, lower(name));
CREATE UNIQUE INDEX stocks_warehouse_native_key ON stocks (warehouse_id, native_kind) WHERE native_kind IS NOT NULL;

CREATE FUNCTION create_native_stocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type = 'warehouse' THEN
    INSERT INTO stocks (account_id, warehouse_id, name, native_kind)
    VALUES (NEW.account_id, NEW.id, 'Awaiting control', 'awaiting_control'),
           (NEW.account_id, NEW.id, 'Refurbishment completed', 'refurbishment_completed'),
           (NEW.account_id, NEW.id, 'Customer return', 'customer_return'),
           (NEW.account_id, NEW.id, 'In quarantine', 'in_quarantine'),
           (NEW.account_id, NEW.id, 'To refurbish', 'to_refurbish')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER organizations_native_stocks AFTER INSERT OR UPDATE OF type ON organizations
  FOR EACH ROW EXECUTE FUNCTION create_native_stocks();
INSERT INTO stocks (account_id, warehouse_id, name, native_kind)
SELECT o.account_id, o.id, k.name, k.kind
  FROM organizations o
 CROSS JOIN (VALUES ('Awaiting control', 'awaiting_control'),
                    ('Refurbishment completed', 'refurbishment_completed'),
                    ('Customer return', 'customer_return'),
                    ('In quarantine', 'in_quarantine'),
                    ('To refurbish', 'to_refurbish')) AS k (name, kind)
 WHERE o.type = 'warehouse';

-- What the warehouse records on an item.
ALTER TABLE buyback_items
  ADD COLUMN stock_id uuid REFERENCES stocks (id),
  ADD COLUMN serial_number text CHECK (char_length(serial_number) <= 64),
  -- the store marked it sent; the warehouse registered it (check-in)
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN registered_at timestamptz,
  -- the control (homologation): the operator's answers, state and price, and its outcome
  ADD COLUMN controlled_at timestamptz,
  ADD COLUMN controlled_by uuid REFERENCES users (id),
  ADD COLUMN controlled_state text
    CHECK (controlled_state IN ('functional', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e')),
  ADD COLUMN controlled_answers jsonb,
  ADD COLUMN controlled_price_cents integer CHECK (controlled_price_cents >= 0),
  -- the price the buyback is completed at (declared, absorbed or negotiated)
  ADD COLUMN validated_price_cents integer CHECK (validated_price_cents >= 0),
  ADD COLUMN absorbed_cents integer CHECK (absorbed_cents >= 0),
  ADD COLUMN warehouse_comment text CHECK (char_length(warehouse_comment) <= 1000),
  ADD COLUMN warehouse_comment_shared boolean NOT NULL DEFAULT false,
  -- refurbishment costs (cents), filled by the refurbishment issue
  ADD COLUMN planned_refurb_cost_cents integer NOT NULL DEFAULT 0,
  ADD COLUMN completed_refurb_cost_cents integer NOT NULL DEFAULT 0,
  -- the latest move (any item event)
  ADD COLUMN latest_move_at timestamptz;
CREATE INDEX buyback_items_warehouse_status_idx ON buyback_items (warehouse_id, status);
CREATE INDEX buyback_items_stock_idx ON buyback_items (stock_id) WHERE stock_id IS NOT NULL;
-- 8-character warehouse codes are the last 8 digits of an item's number
CREATE INDEX buyback_items_short_code_idx ON buyback_items (right(identification_number, 8));
-- the buyback's destination: the warehouse's items are those sent to it
UPDATE buyback_items i SET warehouse_id = b.destination_warehouse_id
  FROM buybacks b WHERE b.id = i.buyback_id AND i.warehouse_id IS NULL;

-- Every change of an item's status (and every move between stocks): who, when, where, why.
CREATE TABLE item_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES buyback_items (id),
  -- the retailer account of the item (its buyback's)
  account_id uuid NOT NULL REFERENCES accounts (id),
  at timestamptz NOT NULL DEFAULT now(),
  from_status text,
  to_status text NOT NULL,
  actor_user_id uuid REFERENCES users (id),
  -- where: the store or the warehouse the change happened at
  organization_id uuid REFERENCES organizations (id),
  stock_id uuid REFERENCES stocks (id),
  -- why: a code (e.g. checkin, control, quarantine_locked, loss_reverted) and a free comment
  reason text CHECK (char_length(reason) <= 64),
  comment text CHECK (char_length(comment) <= 1000)
);
CREATE INDEX item_events_item_idx ON item_events (item_id, id);

-- Warehouse dispatch rules of a buyer account: the first matching rule
-- (by position) chooses the warehouse of a new buyback among its destinations, else its default.
CREATE TABLE warehouse_dispatch_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the buyer account whose warehouses receive the buybacks
  account_id uuid NOT NULL REFERENCES accounts (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 255),
  position integer NOT NULL DEFAULT 0,
  -- [{ attribute: brand|category|circuit|productState, operator: is|is_not, values: [text] }], at least one
  conditions jsonb NOT NULL CHECK (jsonb_typeof(conditions) = 'array' AND jsonb_array_length(conditions) >= 1),
  default_warehouse_id uuid NOT NULL REFERENCES organizations (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id)
);
CREATE INDEX warehouse_dispatch_rules_account_idx ON warehouse_dispatch_rules (account_id, position, created_at);
CREATE TABLE warehouse_dispatch_rule_warehouses (
  rule_id uuid NOT NULL REFERENCES warehouse_dispatch_rules (id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  PRIMARY KEY (rule_id, warehouse_id)
);
-- the rule that chose a buyback's warehouse (NULL: no rule matched, the circuit's rules decided)
ALTER TABLE buybacks ADD COLUMN warehouse_dispatch_rule_id uuid REFERENCES warehouse_dispatch_rules (id) ON DELETE SET NULL;

-- Litigation: a counter-offer after the control, answered by the customer
-- on the public site (buyback/{id}/accept or /reject) through a link holding a token.
CREATE TABLE litigations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  buyback_id uuid NOT NULL REFERENCES buybacks (id),
  item_id uuid NOT NULL REFERENCES buyback_items (id),
  -- the retailer account (the buyback's) and the buyer account that made the offer
  account_id uuid NOT NULL REFERENCES accounts (id),
  buyer_account_id uuid NOT NULL REFERENCES accounts (id),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 1000),
  declared_price_cents integer NOT NULL,
  proposed_price_cents integer NOT NULL CHECK (proposed_price_cents >= 0),
  -- storage keys of the proof photos (checked by content when uploaded)
  photo_keys jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
  -- sha-256 of the answer link's token (the token itself is only in the mail)
  token_hash text NOT NULL,
  mails_sent integer NOT NULL DEFAULT 0,
  last_mail_at timestamptz,
  reminder_sent_at timestamptz,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
-- one open litigation per buyback at most
CREATE UNIQUE INDEX litigations_open_key ON litigations (buyback_id) WHERE status = 'open';
CREATE INDEX litigations_buyback_idx ON litigations (buyback_id, created_at);

-- Quarantine: why an item was put there.
ALTER TABLE buyback_items
  ADD COLUMN quarantine_reason text CHECK (quarantine_reason IN (
    'locked', 'stolen_suspicion', 'blacklisted_imei', 'counterfeit', 'not_matching', 'other'));
