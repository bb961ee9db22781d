-- The lender landing page of an accepted offer is reached with its own token, stored
-- hashed. One offer may have a few (the accept call repeats: the modal's button and its
-- close icon both fire it), and every one of them keeps working.
CREATE TABLE offer_acceptances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  offer_id bigint NOT NULL REFERENCES offers (id),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_acceptances_offer ON offer_acceptances (offer_id);
