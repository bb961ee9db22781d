-- The lender marketplace. One dispatch row per lender and application: a restart
-- finds the pending ones and answers them, so no dispatch is lost. An offer is
-- unique per dispatch, so a dispatch processed twice never gives two offers.
CREATE TABLE lender_dispatches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id bigint NOT NULL REFERENCES consumer_applications (id),
  lender_code text NOT NULL,
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'offered', 'declined')),
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, lender_code)
);
CREATE INDEX lender_dispatches_due ON lender_dispatches (due_at) WHERE status = 'pending';

CREATE TABLE offers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dispatch_id bigint NOT NULL UNIQUE REFERENCES lender_dispatches (id),
  application_id bigint NOT NULL REFERENCES consumer_applications (id),
  partner_code text NOT NULL,
  partner_name text NOT NULL,
  amount numeric(12, 2) NOT NULL,
  total_amount numeric(12, 2) NOT NULL,
  tenor integer NOT NULL,
  interest numeric(5, 2) NOT NULL,
  apr numeric(6, 2) NOT NULL,
  monthly_payment numeric(12, 2) NOT NULL,
  arrangement_fee numeric(8, 2) NOT NULL,
  monthly_fee numeric(8, 2) NOT NULL,
  downsell boolean NOT NULL,
  additional_info text,
  lender_info text NOT NULL,
  button_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz
);
CREATE INDEX offers_application ON offers (application_id);
