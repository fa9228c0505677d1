-- The mail jobs already delivered: a job run again after a crash or a lost completion sends nothing twice.
CREATE TABLE mail_deliveries (
  job_id uuid PRIMARY KEY,
  sent_at timestamptz NOT NULL DEFAULT now()
);
