-- Issue 5 (public white-label site): the shipping label of web buybacks (web_drop_label, web_post)
-- and the visitors' users.
--
-- shipping_label_status: NULL when the circuit has no label; 'pending' while a carrier has not
-- answered yet (HEAD /buybacks/{id}/shipping-label answers 425); 'ready' once generated (200).
-- The platform's own label (until a carrier connector exists) is generated at checkout.
ALTER TABLE buybacks
  ADD COLUMN shipping_label_status text CHECK (shipping_label_status IN ('pending', 'ready')),
  ADD COLUMN shipping_label_ready_at timestamptz,
  ADD CONSTRAINT buybacks_shipping_label_only_for_label_circuits
    CHECK (shipping_label_status IS NULL OR circuit_type IN ('web_drop_label', 'web_post'));

-- the anonymous visitors of a public site (pseudo_anonymous): the buybacks they created are theirs only
CREATE INDEX buybacks_created_by_idx ON buybacks (created_by);
