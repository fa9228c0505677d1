-- A buyback's external code (the spec's Buyback entity): the retailer's own reference of it (a
-- till receipt, its former system's number), set at creation or later (PATCH /buybacks/{id}),
-- searched in the buyback list and exported. Not unique: one receipt may cover a cart's buybacks.
ALTER TABLE buybacks ADD COLUMN external_code text;
CREATE INDEX buybacks_account_external_code_idx ON buybacks (account_id, lower(external_code))
  WHERE external_code IS NOT NULL;
