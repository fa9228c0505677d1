-- The retailer's public white-label site: its address (a sub-domain slug in development, the
-- account's own domain in production), the site configuration (tag manager, consent service,
-- external link, drop-off map, policy documents) and the home page configuration.

ALTER TABLE accounts ADD COLUMN site_domain text UNIQUE
  CHECK (site_domain ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$');
ALTER TABLE accounts ADD CONSTRAINT accounts_site_slug_format
  CHECK (site_slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$');
-- an active site has an address
ALTER TABLE accounts ADD CONSTRAINT accounts_active_site_has_slug
  CHECK (NOT site_active OR site_slug IS NOT NULL);

CREATE TABLE white_label_configs (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  tag_manager_id text CHECK (tag_manager_id ~ '^GTM-[A-Z0-9]{4,12}$'),
  axeptio_id text CHECK (axeptio_id ~ '^[A-Za-z0-9_-]{4,64}$'),
  -- both set or both null: null means no external link
  external_website_url text CHECK (char_length(external_website_url) <= 2048),
  external_website_text text CHECK (char_length(external_website_text) BETWEEN 2 AND 50),
  CHECK ((external_website_url IS NULL) = (external_website_text IS NULL)),
  drop_off_locations_map_enabled boolean NOT NULL DEFAULT false,
  -- storage keys of the PDF documents (250 kB)
  cookies_policy_key text,
  accessibility_statement_key text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE home_page_configs (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  status text NOT NULL CHECK (status IN ('published', 'draft')),
  meta_title text NOT NULL CHECK (char_length(meta_title) BETWEEN 2 AND 255),
  meta_description text NOT NULL CHECK (char_length(meta_description) BETWEEN 2 AND 500),
  banner_title text NOT NULL CHECK (char_length(banner_title) BETWEEN 2 AND 50),
  banner_image_key text,
  -- ordered widgets: [{type: 'custom_html', html} | {type: 'featured_products', productIds} | {type: 'search'}]
  widgets jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(widgets) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
