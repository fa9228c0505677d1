-- Issue 11 (performance): the buyback list at 1,000,000 buybacks (bench/RESULTS.md).

-- The default order within an account, carrying what the scopes and the status filter test: a
-- page is the first matching entries of the walk, read without the table for those that fail.
CREATE INDEX buybacks_account_created_idx ON buybacks (account_id, created_at DESC, id)
  INCLUDE (organization_path, predeclared, status);

-- The customer-name filter (a substring of customer_sort_name, modules/buybacks/buyback-list.repository.ts).
CREATE INDEX buybacks_customer_name_trgm_idx ON buybacks USING gin (customer_sort_name gin_trgm_ops);

-- The number of buybacks per visibility and status, so that the list's total needs no count of
-- the buybacks: the total of a scope is the sum of its rows (buybackInScope applies to this table
-- as to buybacks). Rows are only appended (a change adds its difference; no row is updated, so
-- concurrent buybacks never wait for each other here) and compacted by housekeeping
-- (compactBuybackCounts): a key's total is the sum of its rows at any time.
CREATE TABLE buyback_counts (
  account_id uuid NOT NULL,
  organization_path text NOT NULL,
  store_id uuid,
  buyer_account_id uuid NOT NULL,
  destination_warehouse_id uuid,
  predeclared boolean NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX buyback_counts_account_idx ON buyback_counts (account_id, organization_path text_pattern_ops);
CREATE INDEX buyback_counts_buyer_idx ON buyback_counts (buyer_account_id);
CREATE INDEX buyback_counts_destination_idx ON buyback_counts (destination_warehouse_id);

-- The difference a statement made to buybacks, one row per key it changed (transition tables:
-- a bulk insert adds one row per key, not per buyback).
CREATE FUNCTION buyback_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO buyback_counts
    SELECT account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id,
           predeclared, status, count(*)
      FROM new_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO buyback_counts
    SELECT account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id,
           predeclared, status, -count(*)
      FROM old_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSE
    INSERT INTO buyback_counts
    SELECT account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id,
           predeclared, status, sum(n)
      FROM (SELECT account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id,
                   predeclared, status, 1 AS n
              FROM new_rows
            UNION ALL
            SELECT account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id,
                   predeclared, status, -1
              FROM old_rows) AS changed
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER buyback_counts_insert AFTER INSERT ON buybacks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buyback_counts_changed();
CREATE TRIGGER buyback_counts_update AFTER UPDATE ON buybacks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buyback_counts_changed();
CREATE TRIGGER buyback_counts_delete AFTER DELETE ON buybacks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION buyback_counts_changed();

INSERT INTO buyback_counts
SELECT account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id,
       predeclared, status, count(*)
  FROM buybacks
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
