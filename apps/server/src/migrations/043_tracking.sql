-- The customer's tracking page (docs/tracking.md): every buyback's private link to a page of the
-- retailer's public site. The link's token is random (256 bits, base64url); its SHA-256 finds the
-- link, and the token itself is kept encrypted with the data keyring (platform/secrets.ts, purpose
-- 'tracking-link') because it is shown again: in every later mail, on the documents' QR codes and on
-- the buyback's detail. Links are issued lazily, the first time one is needed (the keyring is not
-- reachable from SQL, so existing buybacks get theirs then). At most one link of a buyback is live;
-- a revoked one stays, revoked, for the audit trail.
CREATE TABLE tracking_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  buyback_id uuid NOT NULL REFERENCES buybacks (id),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  token_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id)
);
CREATE UNIQUE INDEX tracking_links_live_idx ON tracking_links (buyback_id) WHERE revoked_at IS NULL;
CREATE INDEX tracking_links_account_idx ON tracking_links (account_id, buyback_id);

-- The customer stopped the optional progress mails of a buyback (the unsubscribe link of a mail).
CREATE TABLE tracking_unsubscriptions (
  buyback_id uuid PRIMARY KEY REFERENCES buybacks (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  unsubscribed_at timestamptz NOT NULL DEFAULT now()
);

-- How long a link still opens once its buyback has ended (paid, returned, cancelled, not completed).
ALTER TABLE organization_root_details
  ADD COLUMN tracking_link_days_after_end integer NOT NULL DEFAULT 90
    CHECK (tracking_link_days_after_end BETWEEN 1 AND 3650);

-- The counter-offer's answer token, kept encrypted too (purpose 'litigation-answer'), so that the
-- tracking page can offer the answer links of an open counter-offer; null for those opened before.
ALTER TABLE litigations ADD COLUMN answer_token_encrypted text;
