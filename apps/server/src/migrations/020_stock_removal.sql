-- A stock that holds no item, no service and no unfinished item service may be deleted
-- (modules/stocks/stocks.service.ts checks it, under a lock of the stock).
-- The rows that only remember it then lose the reference instead of keeping the stock forever:
-- the item history, items that left it (dispatched; the check refuses any other), finished item
-- services and diagnoses. The audit log keeps the deleted stock's name.
ALTER TABLE item_events
  DROP CONSTRAINT item_events_stock_id_fkey,
  ADD CONSTRAINT item_events_stock_id_fkey FOREIGN KEY (stock_id) REFERENCES stocks (id) ON DELETE SET NULL;
-- the deletion finds the history rows of its stock by this index, not by a scan of the whole history
CREATE INDEX item_events_stock_idx ON item_events (stock_id) WHERE stock_id IS NOT NULL;

ALTER TABLE buyback_items
  DROP CONSTRAINT buyback_items_stock_id_fkey,
  ADD CONSTRAINT buyback_items_stock_id_fkey FOREIGN KEY (stock_id) REFERENCES stocks (id) ON DELETE SET NULL;

ALTER TABLE item_refurb_steps
  DROP CONSTRAINT item_refurb_steps_stock_id_fkey,
  ADD CONSTRAINT item_refurb_steps_stock_id_fkey FOREIGN KEY (stock_id) REFERENCES stocks (id) ON DELETE SET NULL;

ALTER TABLE refurb_diagnoses
  DROP CONSTRAINT refurb_diagnoses_stock_id_fkey,
  ADD CONSTRAINT refurb_diagnoses_stock_id_fkey FOREIGN KEY (stock_id) REFERENCES stocks (id) ON DELETE SET NULL;
