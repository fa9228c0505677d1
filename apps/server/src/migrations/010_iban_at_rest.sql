-- Issue 10 (hardening): the customer's IBAN is encrypted at rest and belongs to the payment of
-- each buyback, not to the customer shared by a cart's lines (a line paid by voucher has none).
--
-- iban_encrypted: 'v1:<key id>:<nonce, tag and ciphertext>' (AES-256-GCM, platform/secrets.ts);
-- iban_masked: the form shown on screens and documents (FR76 **** **** **** **** ***0 189).
-- The key is not known to SQL: the IBANs stored in clear before this migration move here as they
-- are, and the server encrypts them when it starts (modules/buybacks/iban-at-rest.service.ts),
-- before it serves a request.
ALTER TABLE payments
  ADD COLUMN iban_encrypted text,
  ADD COLUMN iban_masked text,
  ADD CONSTRAINT payments_iban_only_for_bank_transfer
    CHECK ((iban_encrypted IS NULL AND iban_masked IS NULL) OR type = 'bank_transfer');

UPDATE payments p
   SET iban_encrypted = cu.iban
  FROM buybacks b
  JOIN customers cu ON cu.id = b.customer_id
 WHERE b.id = p.buyback_id AND p.type = 'bank_transfer' AND cu.iban IS NOT NULL;

ALTER TABLE customers DROP COLUMN iban;

-- the start-up check reads which keys encrypted the stored IBANs (a rotation re-encrypts the others)
CREATE INDEX payments_iban_key_idx ON payments ((split_part(iban_encrypted, ':', 2)))
  WHERE iban_encrypted IS NOT NULL;
