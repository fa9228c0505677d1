-- The account holder's name the customer gives with the IBAN of a transfer without IBAN (the IBAN
-- link, docs/payments.md): the creditor's name of its credit transfer, instead of the customer's.
ALTER TABLE payments
  ADD COLUMN iban_holder text CHECK (char_length(iban_holder) BETWEEN 2 AND 70);
