-- Issue 11 (retailer ↔ buyer ↔ warehouse): a buyback belongs to its retailer's account and is
-- assigned a buyer account (its category's buyer, buybacks.buyer_account_id since migration 005)
-- and a destination warehouse. Buyer users see the buybacks assigned to their account, warehouse
-- users those whose destination warehouse lies in their organisation subtree
-- (modules/buybacks/buybacks.repository.ts, buybackScope).

-- The warehouse the buyback is sent to. Today the circuit's rules decide it, as creation resolves
-- them (modules/buyback-config/circuits/offered-circuits.service.ts: the circuit's warehouse while
-- active, else the nearest referring warehouse of the category); warehouse dispatch rules will
-- decide it later.
-- NULL when no warehouse receives it (a collect circuit without one).
ALTER TABLE buybacks ADD COLUMN destination_warehouse_id uuid REFERENCES organizations (id);

UPDATE buybacks b
   SET destination_warehouse_id = coalesce(b.warehouse_id, (
     SELECT crw.warehouse_id
       FROM categories c
       JOIN category_referring_warehouses crw
         ON crw.category_id = ANY (string_to_array(trim(BOTH '/' FROM c.path), '/')::uuid[])
       JOIN categories k ON k.id = crw.category_id
       JOIN organizations w ON w.id = crw.warehouse_id AND w.status = 'active'
      WHERE c.id = b.category_id
      ORDER BY length(k.path) DESC, w.common_name, w.id
      LIMIT 1));

-- the lists of a buyer and of a warehouse by creation (the default order, newest first: the list
-- orders by created_at then id in one direction, so a backward scan serves it)
CREATE INDEX buybacks_buyer_created_idx ON buybacks (buyer_account_id, created_at, id);
CREATE INDEX buybacks_destination_created_idx ON buybacks (destination_warehouse_id, created_at, id)
  WHERE destination_warehouse_id IS NOT NULL;

-- The buyers a retailer account may use (GET/PUT /api/account/{accountId}/linked-buyers, platform
-- operators): a category's buyer is one of its account's linked buyers, and a buyer sees the
-- buybacks of the retailers it is linked to only.
CREATE TABLE account_linked_buyers (
  account_id uuid NOT NULL REFERENCES accounts (id),
  buyer_account_id uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, buyer_account_id),
  CHECK (account_id <> buyer_account_id)
);
CREATE INDEX account_linked_buyers_buyer_idx ON account_linked_buyers (buyer_account_id);

-- the buyers the catalogues and the buybacks already use stay theirs
INSERT INTO account_linked_buyers (account_id, buyer_account_id)
SELECT account_id, buyer_account_id FROM categories WHERE account_id <> buyer_account_id
 UNION
SELECT account_id, buyer_account_id FROM buybacks WHERE account_id <> buyer_account_id;
