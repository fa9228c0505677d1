-- The home dashboard's weekly statistics (docs/dashboard.md). Every Monday the job computes the
-- ISO week before (UTC): one row per scope (a retailer organisation and its subtree, the
-- warehouses under an organisation, a buyer account, the platform) holding its figures as JSON,
-- so that a dashboard reads one row by its key. Re-computing a week replaces its rows.
CREATE TABLE statistics_weeks (
  week_start date PRIMARY KEY CHECK (extract(isodow FROM week_start) = 1),
  computed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE weekly_statistics (
  week_start date NOT NULL REFERENCES statistics_weeks (week_start) ON DELETE CASCADE,
  scope_kind text NOT NULL CHECK (scope_kind IN ('retail', 'warehouse', 'buyer', 'platform')),
  -- the organisation (retail, warehouse), the buyer account (buyer), the nil UUID (platform)
  scope_id uuid NOT NULL,
  -- the account whose users read the row; null for the platform's
  account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  figures jsonb NOT NULL,
  PRIMARY KEY (scope_kind, scope_id, week_start),
  CHECK ((scope_kind = 'platform') = (account_id IS NULL))
);
CREATE INDEX weekly_statistics_week_idx ON weekly_statistics (week_start);
CREATE INDEX weekly_statistics_account_idx ON weekly_statistics (account_id);

-- What the job reads of one week: buybacks created in it, control events, refurbishments completed.
CREATE INDEX buybacks_created_at_idx ON buybacks (created_at);
CREATE INDEX item_events_control_at_idx ON item_events (at)
  WHERE reason IN ('control', 'counter_offer', 'litigation_accepted', 'quarantine');
CREATE INDEX buyback_items_refurb_completed_idx ON buyback_items (refurb_completed_at)
  WHERE refurb_completed_at IS NOT NULL;

-- The device history: every buyback of a device by its IMEI (declared or controlled) or serial number.
CREATE INDEX buybacks_imei_idx ON buybacks (imei) WHERE imei IS NOT NULL;
CREATE INDEX buyback_items_imei_idx ON buyback_items (imei) WHERE imei IS NOT NULL;
CREATE INDEX buyback_items_serial_number_idx ON buyback_items (serial_number) WHERE serial_number IS NOT NULL;
