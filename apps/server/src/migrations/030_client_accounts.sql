-- Client accounts as the platform administration edits them (docs/clients.md): the modules the
-- account works in, and who issues its customers' payments and holds its transport contract.
-- `modules` stays in step with `is_retailer` (tim) and `is_buyer_and_workshops_supervisor` (lcm):
-- the account-admin service writes them together.
ALTER TABLE accounts
  ADD COLUMN modules text[] NOT NULL DEFAULT '{}'
    CHECK (modules <@ ARRAY['root', 'tim', 'lcm', 'rps']::text[]),
  ADD COLUMN payment_issuer boolean NOT NULL DEFAULT false,
  ADD COLUMN transport_contract_holder boolean NOT NULL DEFAULT false;

UPDATE accounts SET modules = CASE
  WHEN is_platform THEN ARRAY['root']::text[]
  WHEN is_retailer AND is_buyer_and_workshops_supervisor THEN ARRAY['tim', 'lcm', 'rps']::text[]
  WHEN is_retailer THEN ARRAY['tim']::text[]
  WHEN is_buyer_and_workshops_supervisor THEN ARRAY['lcm', 'rps']::text[]
  ELSE '{}'::text[]
END;

-- the clients list is read by creation date, newest first
CREATE INDEX accounts_created_at_idx ON accounts (created_at DESC, id DESC);
