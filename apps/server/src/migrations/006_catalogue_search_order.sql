-- The search reads each ranking tier in its order (shortest text first) along this index and
-- stops after a page, instead of sorting every match of a broad query.
CREATE INDEX product_search_documents_order_idx
  ON product_search_documents (account_id, published, length(text), text, product_id);

-- The product list's default page (published, by name) with a text filter walks this index alone:
-- the folded text travels in it, so the filter needs no visit of the table.
DROP INDEX products_status_idx;
CREATE INDEX products_status_idx ON products (account_id, status, sort_name, id)
  INCLUDE (filter_text, main_category_id, secondary_category_ids, price_grade_a);
