-- The keys an import matches products by (docs/imports.md): the `generic` strategy by reference,
-- the `product` strategy by EAN code. A batch of 2,000 lines looks its keys up in one query,
-- which these indexes answer without reading the whole catalogue.
CREATE INDEX products_reference_idx ON products (account_id, reference) WHERE reference IS NOT NULL;
CREATE INDEX products_ean_code_idx ON products (account_id, ean_code) WHERE ean_code IS NOT NULL;

-- Every fault of an ignored line is its own row, with the column at fault: two prices wrong on
-- one line are two rows of the same code, told apart by their field.
ALTER TABLE import_ignored_lines DROP CONSTRAINT import_ignored_lines_pkey;
CREATE UNIQUE INDEX import_ignored_lines_key
  ON import_ignored_lines (import_id, line_number, code, coalesce(field, ''));
