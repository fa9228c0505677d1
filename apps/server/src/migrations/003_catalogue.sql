-- The catalogue of a retailer account: categories (a tree), products, diagnostic questions,
-- and the PostgreSQL implementation of the product search.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- the account's root organisation
  organization_id uuid NOT NULL REFERENCES organizations (id),
  parent_category_id uuid REFERENCES categories (id),
  -- materialised ancestry '/<root id>/…/<own id>/': a subtree is a prefix match
  path text NOT NULL,
  identifier text NOT NULL CHECK (identifier ~ '^[a-z0-9_-]{2,255}$'),
  label text NOT NULL CHECK (char_length(label) BETWEEN 2 AND 255),
  -- the label in lower case without accents, for ordering
  sort_label text NOT NULL,
  image_key text,
  image_alt text,
  description text,
  children_description text CHECK (char_length(children_description) <= 255),
  default_weight integer NOT NULL CHECK (default_weight >= 0),
  default_height integer CHECK (default_height >= 0),
  default_length integer CHECK (default_length >= 0),
  default_width integer CHECK (default_width >= 0),
  absorption_type text NOT NULL DEFAULT 'none'
    CHECK (absorption_type IN ('none', 'by_value', 'percentage_of_controlled_amount', 'percentage_of_declared_amount')),
  absorption_value integer NOT NULL DEFAULT 0 CHECK (absorption_value >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  highlighted_instruction text,
  buyer_account_id uuid NOT NULL REFERENCES accounts (id),
  -- products whose main category this is; adjusted by every product write, in its transaction
  product_count integer NOT NULL DEFAULT 0 CHECK (product_count >= 0),
  published_product_count integer NOT NULL DEFAULT 0 CHECK (published_product_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_identifier_key ON categories (account_id, identifier);
CREATE INDEX categories_path_idx ON categories (path text_pattern_ops);
CREATE INDEX categories_parent_idx ON categories (parent_category_id);
CREATE INDEX categories_buyer_idx ON categories (buyer_account_id);

CREATE TABLE category_referring_warehouses (
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES organizations (id),
  PRIMARY KEY (category_id, warehouse_id)
);
CREATE INDEX category_referring_warehouses_warehouse_idx ON category_referring_warehouses (warehouse_id);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  main_category_id uuid NOT NULL REFERENCES categories (id),
  -- categories of one catalogue, checked by the product writes (deleting a category is refused while referenced)
  secondary_category_ids uuid[] NOT NULL DEFAULT '{}',
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 255),
  brand text,
  model text,
  reference text,
  ean_code text CHECK (ean_code ~ '^([0-9]{8}|[0-9]{12,14})$'),
  tac_codes text[] NOT NULL DEFAULT '{}',
  is_collecting_imei boolean NOT NULL DEFAULT false,
  image_key text,
  image_hd_key text,
  comment_for_seller text CHECK (char_length(comment_for_seller) <= 500),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  -- buyback prices per state, in cents
  price_functional integer NOT NULL CHECK (price_functional BETWEEN 0 AND 5000000),
  price_grade_a integer NOT NULL CHECK (price_grade_a BETWEEN 0 AND 5000000),
  price_grade_b integer NOT NULL CHECK (price_grade_b BETWEEN 0 AND 5000000),
  price_grade_c integer NOT NULL CHECK (price_grade_c BETWEEN 0 AND 5000000),
  price_grade_d integer NOT NULL CHECK (price_grade_d BETWEEN 0 AND 5000000),
  price_grade_e integer NOT NULL CHECK (price_grade_e BETWEEN 0 AND 5000000),
  buyback_zero_not_allowed boolean NOT NULL DEFAULT false,
  length integer CHECK (length >= 0),
  width integer CHECK (width >= 0),
  height integer CHECK (height >= 0),
  weight integer CHECK (weight >= 0),
  buyer_reference text,
  -- derived on every write (lower case, accents stripped): the list's orders and text filter
  sort_name text NOT NULL,
  sort_brand text NOT NULL,
  sort_category text NOT NULL,
  filter_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one index per order of the product list (the tenant first, the id breaks ties); the filtered
-- columns are included, so that a page is chosen from the index alone
CREATE INDEX products_name_idx ON products (account_id, sort_name, id)
  INCLUDE (status, main_category_id, secondary_category_ids, price_grade_a);
CREATE INDEX products_brand_idx ON products (account_id, sort_brand, id)
  INCLUDE (status, main_category_id, secondary_category_ids, price_grade_a);
CREATE INDEX products_category_idx ON products (account_id, sort_category, id)
  INCLUDE (status, main_category_id, secondary_category_ids, price_grade_a);
CREATE INDEX products_price_idx ON products (account_id, price_grade_a, id)
  INCLUDE (status, main_category_id, secondary_category_ids);
CREATE INDEX products_status_idx ON products (account_id, status, sort_name, id)
  INCLUDE (main_category_id, secondary_category_ids, price_grade_a);
CREATE INDEX products_main_category_idx ON products (main_category_id, status);
CREATE INDEX products_secondary_categories_idx ON products USING gin (secondary_category_ids);
CREATE INDEX products_filter_text_idx ON products USING gin (filter_text gin_trgm_ops);

CREATE TABLE diagnostic_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  category_id uuid NOT NULL REFERENCES categories (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 2 AND 255),
  type text NOT NULL CHECK (type IN ('unique', 'multiple')),
  description text CHECK (char_length(description) <= 3000),
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diagnostic_questions_category_idx ON diagnostic_questions (category_id, position);

CREATE TABLE diagnostic_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id uuid NOT NULL REFERENCES diagnostic_questions (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 2 AND 255),
  description text CHECK (char_length(description) <= 3000),
  position integer NOT NULL,
  max_grade text CHECK (max_grade IN ('functional', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e')),
  price_impact_kind text CHECK (price_impact_kind IN ('fixed', 'percentage')),
  price_impact_value integer,
  CHECK ((price_impact_kind IS NULL) = (price_impact_value IS NULL)),
  CHECK (price_impact_kind IS DISTINCT FROM 'percentage' OR price_impact_value BETWEEN -100 AND 100)
);
CREATE INDEX diagnostic_answers_question_idx ON diagnostic_answers (question_id, position);

-- Product search (PostgreSQL implementation of ProductSearch): one document per product, written
-- in the transaction of the product write; text is lower case without accents (computed in TypeScript).
CREATE TABLE product_search_documents (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  buyer_account_id uuid NOT NULL,
  published boolean NOT NULL,
  -- main and secondary categories
  category_ids uuid[] NOT NULL,
  -- EAN, reference and TAC codes, normalised: an exact match ranks first
  codes text[] NOT NULL,
  text text NOT NULL,
  vector tsvector NOT NULL
);
CREATE INDEX product_search_documents_account_idx ON product_search_documents (account_id);
CREATE INDEX product_search_documents_vector_idx ON product_search_documents USING gin (vector);
CREATE INDEX product_search_documents_codes_idx ON product_search_documents USING gin (codes);
CREATE INDEX product_search_documents_categories_idx ON product_search_documents USING gin (category_ids);

-- The words of each catalogue, to correct misspelt query words (pg_trgm similarity).
CREATE TABLE product_search_words (
  account_id uuid NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (account_id, word)
);
CREATE INDEX product_search_words_trgm_idx ON product_search_words USING gin (word gin_trgm_ops);
