-- Buyer payment (docs/payments.md, "Buyer payment"): a buyer account whose root details have
-- buyer_payment_enabled pays the customers of the buybacks assigned to it, instead of the retailer.
-- The payment stays the retailer's (account_id: its buyback, its history); payer_account_id is the
-- account whose bank pays the transfer, written by the payment job (null until then: the payment's
-- own account). A statement of the payer settles it.
ALTER TABLE payments ADD COLUMN payer_account_id uuid REFERENCES accounts (id);
CREATE INDEX payments_payer_reference_idx ON payments (payer_account_id, reference)
  WHERE payer_account_id IS NOT NULL;
