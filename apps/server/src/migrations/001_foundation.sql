-- Accounts (tenants), their organisation trees, users with one role per module, sessions, audit.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  company_country text NOT NULL DEFAULT 'FR',
  language text NOT NULL DEFAULT 'fr-FR',
  currency text NOT NULL DEFAULT 'EUR',
  email_dpo text,
  main_color text NOT NULL DEFAULT '#2ed678',
  logo_key text,
  favicon_key text,
  is_buyer_and_workshops_supervisor boolean NOT NULL DEFAULT false,
  is_retailer boolean NOT NULL DEFAULT false,
  is_platform boolean NOT NULL DEFAULT false,
  site_slug text UNIQUE,
  site_active boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  parent_organization_id uuid REFERENCES organizations (id),
  -- materialised ancestry '/<root id>/<…>/<own id>/': a subtree is a prefix match
  path text NOT NULL,
  type text NOT NULL CHECK (type IN ('root_management_unit', 'management_unit', 'store', 'buyer', 'warehouse')),
  module_type text NOT NULL DEFAULT 'root' CHECK (module_type IN ('root', 'tim', 'lcm', 'rps')),
  common_name text NOT NULL,
  corporate_name text,
  siret text,
  capital bigint,
  street text,
  street_more text,
  zip text,
  city text,
  country text,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  geocoded_by_user boolean NOT NULL DEFAULT false,
  place_email text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  external_id text CHECK (char_length(external_id) <= 45),
  default_warehouse_id uuid REFERENCES organizations (id),
  buyer_id uuid REFERENCES organizations (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organizations_external_id_key ON organizations (account_id, external_id);
CREATE INDEX organizations_path_idx ON organizations (path text_pattern_ops);
CREATE INDEX organizations_account_type_idx ON organizations (account_id, type);
CREATE INDEX organizations_parent_idx ON organizations (parent_organization_id);

CREATE TABLE organization_root_details (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL UNIQUE REFERENCES accounts (id),
  seller_support_email text,
  eula text,
  service_terms text,
  faq_and_contact text,
  is_warehouse_comment_mandatory boolean NOT NULL DEFAULT false,
  is_warehouse_comment_shared_to_client boolean NOT NULL DEFAULT false,
  buyback_zero_description text,
  no_search_result_description text,
  enabled_premium_features text[] NOT NULL DEFAULT '{}',
  category_navigation_enabled boolean NOT NULL DEFAULT false,
  customer_identity_document_required boolean NOT NULL DEFAULT false,
  warehouse_checkin_requirement text NOT NULL DEFAULT 'optional'
    CHECK (warehouse_checkin_requirement IN ('optional', 'mandatory', 'disabled')),
  bar_code_enabled boolean NOT NULL DEFAULT false,
  tag_price_enabled boolean NOT NULL DEFAULT false,
  buyer_payment_enabled boolean NOT NULL DEFAULT false,
  cart_min_value integer NOT NULL DEFAULT 0 CHECK (cart_min_value >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  email text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  password_hash text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  force_connection_by_sso boolean NOT NULL DEFAULT false,
  language text,
  preferred_module text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_account_idx ON users (account_id);

CREATE TABLE user_modules (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_type text NOT NULL CHECK (module_type IN ('root', 'tim', 'lcm', 'rps')),
  user_type text NOT NULL,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  PRIMARY KEY (user_id, module_type)
);
CREATE INDEX user_modules_organization_idx ON user_modules (organization_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  current_module text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  lock_level integer NOT NULL DEFAULT 0
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  account_id uuid,
  actor_user_id uuid,
  action text NOT NULL CHECK (action IN ('create', 'update', 'remove')),
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);
