-- Payouts through a provider's API (docs/payments.md, "Payouts through a provider"): the spec's
-- bank-payment connector (app id, app secret, private key, uri) pays bank transfers, its wallet
-- connector pays transfers without IBAN to the customer's e-mail. The SEPA file stays for the
-- accounts that configure neither.
INSERT INTO connectors (id, fqn, name, type, properties, actions) VALUES
  ('00000000-0000-4000-c000-000000000009', 'reprise.payment.bank_payout', 'Bank payment API', 'payment_mode',
   '[{"name":"app_id","required":true,"secret":false,"kind":"text"},
     {"name":"app_secret","required":true,"secret":true,"kind":"text"},
     {"name":"private_key","required":true,"secret":true,"kind":"text"},
     {"name":"uri","required":true,"secret":false,"kind":"url"}]', '[]'),
  ('00000000-0000-4000-c000-00000000000a', 'reprise.payment.wallet_payout', 'Wallet payment', 'payment_mode',
   '[{"name":"app_id","required":true,"secret":false,"kind":"text"},
     {"name":"app_secret","required":true,"secret":true,"kind":"text"},
     {"name":"private_key","required":true,"secret":true,"kind":"text"},
     {"name":"uri","required":true,"secret":false,"kind":"url"}]', '[]');

-- The sandbox payment provider (modules/sandbox-payouts): a bank and a wallet run by this server
-- under /api/sandbox-payouts, so that the payment job pays over HTTP in the demo and the tests.
-- Its rows belong to no tenant: a client reaches its own with its app secret (SHA-256 only).
CREATE TABLE sandbox_payout_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('bank', 'wallet')),
  app_id text NOT NULL UNIQUE,
  app_secret_hash text NOT NULL UNIQUE,
  -- signs the client's requests and the provider's callbacks (platform/secrets.ts purpose 'sandbox-payouts')
  private_key_encrypted text NOT NULL,
  webhook_url text CHECK (char_length(webhook_url) BETWEEN 1 AND 2048),
  -- what becomes of a payout: settled or failed after settle_delay_seconds, refused at once, or
  -- left accepted until the console says (manual)
  outcome text NOT NULL DEFAULT 'settled' CHECK (outcome IN ('settled', 'failed', 'refused', 'manual')),
  settle_delay_seconds integer NOT NULL DEFAULT 2 CHECK (settle_delay_seconds BETWEEN 0 AND 3600),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payout_account_id uuid NOT NULL REFERENCES sandbox_payout_accounts (id),
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 8 AND 255),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 64),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  beneficiary jsonb NOT NULL,
  status text NOT NULL DEFAULT 'accepted' CHECK (status IN ('accepted', 'settled', 'failed')),
  failure_reason text,
  callback_status text NOT NULL DEFAULT 'none' CHECK (callback_status IN ('none', 'pending', 'delivered', 'no_webhook')),
  callback_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (payout_account_id, idempotency_key)
);
