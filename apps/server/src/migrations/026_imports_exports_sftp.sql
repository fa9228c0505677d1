-- Imports, exports and SFTP access (docs/imports.md).

-- A catalogue import: a file of categories, products or buyback diagnostic, written into the
-- destination account's catalogue by the `import` job, one transaction per batch of lines.
-- `position` is the number of the last data line whose batch committed: a job that dies mid-file
-- resumes after it, so no line is written twice. `lease_until` is held by the worker running it
-- (renewed each batch): another worker takes the import over only once the lease has run out.
CREATE TABLE imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the destination: the catalogue the lines are written into
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- the account of whoever started it (a platform admin importing into a client's catalogue)
  source_account_id uuid REFERENCES accounts (id),
  origin text NOT NULL CHECK (origin IN ('upload', 'sftp', 'sftp_connector')),
  content text NOT NULL CHECK (content IN ('categories', 'products', 'diagnostic')),
  strategy text NOT NULL CHECK (strategy IN ('generic', 'product', 'uuid')),
  status text NOT NULL DEFAULT 'in_progress'
    CHECK (status IN ('in_progress', 'success', 'success_with_ignored', 'error')),
  file_key text NOT NULL,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  file_format text NOT NULL CHECK (file_format IN ('csv', 'xlsx')),
  file_size bigint NOT NULL CHECK (file_size >= 0),
  -- new top-level categories go under the first; product lines must name a category inside them
  parent_category_ids uuid[] NOT NULL DEFAULT '{}',
  -- appended to the identifiers (categories) and references (products) of the file's lines
  suffix text NOT NULL DEFAULT '' CHECK (suffix ~ '^[a-z0-9_-]{0,30}$'),
  -- the connector configuration (sftp_connector) that pulled the file
  connector_configuration_id uuid REFERENCES connector_configurations (id) ON DELETE SET NULL,
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  lines_found integer NOT NULL DEFAULT 0,
  lines_inserted integer NOT NULL DEFAULT 0,
  lines_updated integer NOT NULL DEFAULT 0,
  lines_ignored integer NOT NULL DEFAULT 0,
  -- a technical failure of the whole import (unreadable file, missing columns): status error
  error_code text,
  error text,
  lease_until timestamptz,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ended_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_account_idx ON imports (account_id, created_at DESC, id);
CREATE INDEX imports_running_idx ON imports (status, lease_until) WHERE status = 'in_progress';

-- Every ignored line of an import: its number in the file (the header is line 1) and why.
CREATE TABLE import_ignored_lines (
  import_id uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  line_number integer NOT NULL,
  code text NOT NULL,
  -- the column at fault, when one is
  field text,
  message text NOT NULL,
  PRIMARY KEY (import_id, line_number, code)
);

-- An export: a CSV of products, categories, diagnostic or buybacks written by the `export` job.
CREATE TABLE exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  type text NOT NULL CHECK (type IN ('products', 'categories', 'diagnostic', 'buybacks')),
  status text NOT NULL DEFAULT 'in_progress'
    CHECK (status IN ('in_progress', 'success', 'error', 'cancelled')),
  -- the buyback list's filters (buybacks), as the list takes them
  filters jsonb NOT NULL DEFAULT '{}',
  entries_count integer,
  file_key text,
  error_code text,
  error text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ended_at timestamptz
);
CREATE INDEX exports_account_idx ON exports (account_id, created_at DESC);

-- The built-in SFTP server's login of an account (premium sftp_access): one per account. The
-- password is argon2id-hashed and shown once, when (re)activated.
CREATE TABLE sftp_accesses (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9_-]{3,64}$'),
  password_hash text,
  status text NOT NULL DEFAULT 'inactive' CHECK (status IN ('active', 'inactive')),
  -- the catalogue a dropped products-import.csv goes into: the account's own or a linked buyer's
  catalogue_account_id uuid NOT NULL REFERENCES accounts (id),
  parent_category_ids uuid[] NOT NULL DEFAULT '{}',
  suffix text NOT NULL DEFAULT '' CHECK (suffix ~ '^[a-z0-9_-]{0,30}$'),
  last_import_id uuid REFERENCES imports (id) ON DELETE SET NULL,
  activated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What the SFTP import connector (reprise.scheduled.sftp_import) has done: its last run, and
-- each remote file it pulled (by name, size and modification time), so a file is imported once.
ALTER TABLE connector_configurations ADD COLUMN last_run_at timestamptz;
CREATE TABLE sftp_pulled_files (
  configuration_id uuid NOT NULL REFERENCES connector_configurations (id) ON DELETE CASCADE,
  remote_path text NOT NULL,
  size bigint NOT NULL,
  modified_at timestamptz NOT NULL,
  import_id uuid REFERENCES imports (id) ON DELETE SET NULL,
  pulled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (configuration_id, remote_path, size, modified_at)
);
