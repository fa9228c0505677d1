-- Home collection (docs/transport.md, "Pick-ups"): a store_collect or web_collect buyback of an
-- account with a transport configuration has its parcel collected at the customer's address by
-- the carrier, on a date slot chosen among those the carrier offers.

-- The sandbox carrier's side (modules/sandbox-carrier): how it answers pick-up calls, on command
-- ('refused': it refuses the bookings, 'unavailable': its pick-up calls answer 503).
ALTER TABLE sandbox_carrier_accounts
  ADD COLUMN pickup_outcome text NOT NULL DEFAULT 'booked'
    CHECK (pickup_outcome IN ('booked', 'refused', 'unavailable'));

-- A pick-up order at the sandbox carrier: created and quoted at once, cancelled before its slot.
CREATE TABLE sandbox_carrier_pickups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  carrier_account_id uuid NOT NULL REFERENCES sandbox_carrier_accounts (id),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 64),
  address jsonb NOT NULL,
  parcel jsonb NOT NULL,
  slot_start timestamptz NOT NULL,
  slot_end timestamptz NOT NULL CHECK (slot_end > slot_start),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  quoted_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz
);
CREATE INDEX sandbox_carrier_pickups_account_idx ON sandbox_carrier_pickups (carrier_account_id, created_at DESC);

-- The platform's side (modules/transport): a buyback's pick-up, booked by a `pickup` job after the
-- command that asks for it commits. At most one is requested or booked at a time for a buyback.
CREATE TABLE pickups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  buyback_id uuid NOT NULL REFERENCES buybacks (id),
  connector_configuration_id uuid NOT NULL REFERENCES connector_configurations (id),
  slot_start timestamptz NOT NULL,
  slot_end timestamptz NOT NULL CHECK (slot_end > slot_start),
  status text NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'booked', 'failed', 'cancelled')),
  carrier_pickup_id text CHECK (char_length(carrier_pickup_id) BETWEEN 1 AND 128),
  price_cents integer CHECK (price_cents >= 0),
  attempts integer NOT NULL DEFAULT 0,
  last_error text CHECK (char_length(last_error) <= 500),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pickups_buyback_idx ON pickups (buyback_id, created_at);
CREATE UNIQUE INDEX pickups_one_active_idx ON pickups (buyback_id) WHERE status IN ('requested', 'booked');

-- The carrier order's events as the carrier answers them: order created, quoted, cancelled.
CREATE TABLE pickup_events (
  id bigserial PRIMARY KEY,
  pickup_id uuid NOT NULL REFERENCES pickups (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  code text NOT NULL CHECK (code IN ('order_created', 'order_quoted', 'order_cancelled')),
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (pickup_id, code)
);
