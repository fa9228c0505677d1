-- The police register (docs/police-register.md): every store keeps, day by day, a register of the
-- objects it acquires from the public and of their sellers. The platform fills it from completed
-- buybacks, numbered per store without gaps, each entry chained to the previous by its hash.

-- A store's register head: the lock of its numbering (SELECT … FOR UPDATE), its last number and hash.
CREATE TABLE police_registers (
  store_id uuid PRIMARY KEY REFERENCES organizations (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  last_number integer NOT NULL DEFAULT 0 CHECK (last_number >= 0),
  last_hash text
);

-- The entries: a snapshot of what the law asks for, standing alone (no key to the customer, so an
-- erasure of the customer's personal data leaves them whole). Never changed nor removed: a
-- correction is a new entry pointing to the one it corrects.
CREATE TABLE police_register_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  store_id uuid NOT NULL REFERENCES police_registers (store_id),
  number integer NOT NULL CHECK (number >= 1),
  acquired_at timestamptz NOT NULL,
  buyback_id uuid NOT NULL,
  item_id uuid NOT NULL,
  buyback_number text NOT NULL,
  item_number text NOT NULL,
  seller_first_name text NOT NULL,
  seller_last_name text NOT NULL,
  seller_street text NOT NULL,
  seller_street_more text,
  seller_zip text NOT NULL,
  seller_city text NOT NULL,
  seller_country text NOT NULL,
  identity_document_type text,
  identity_document_number text,
  identity_document_authority text,
  identity_document_date text,
  product_name text NOT NULL,
  product_brand text,
  product_model text,
  imei text,
  serial_number text,
  state text NOT NULL,
  price_cents integer NOT NULL,
  currency text NOT NULL,
  payment_type text NOT NULL,
  payment_mode_label text NOT NULL,
  device_check text CHECK (device_check IN ('clean', 'lost', 'stolen', 'unknown', 'not_checked')),
  corrects_entry_id uuid REFERENCES police_register_entries (id),
  correction_reason text CHECK (char_length(correction_reason) BETWEEN 1 AND 500),
  recorded_by uuid,
  previous_hash text,
  hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, number),
  CHECK ((corrects_entry_id IS NULL) = (correction_reason IS NULL))
);
-- one original entry per item; corrections add more
CREATE UNIQUE INDEX police_register_entries_item_idx ON police_register_entries (item_id)
  WHERE corrects_entry_id IS NULL;
CREATE INDEX police_register_entries_period_idx ON police_register_entries (store_id, acquired_at);
CREATE INDEX police_register_entries_corrects_idx ON police_register_entries (corrects_entry_id)
  WHERE corrects_entry_id IS NOT NULL;

-- Append-only, whoever the database user: an UPDATE, DELETE or TRUNCATE raises.
CREATE FUNCTION police_register_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'police register entries are never changed nor removed'
    USING ERRCODE = 'raise_exception', HINT = 'record a correction entry instead';
END;
$$;
CREATE TRIGGER police_register_entries_no_update_delete
  BEFORE UPDATE OR DELETE ON police_register_entries
  FOR EACH ROW EXECUTE FUNCTION police_register_entries_append_only();
CREATE TRIGGER police_register_entries_no_truncate
  BEFORE TRUNCATE ON police_register_entries
  FOR EACH STATEMENT EXECUTE FUNCTION police_register_entries_append_only();

-- The completed buybacks of a store, found for the first use's backfill.
CREATE INDEX buybacks_store_status_idx ON buybacks (store_id, status) WHERE store_id IS NOT NULL;
