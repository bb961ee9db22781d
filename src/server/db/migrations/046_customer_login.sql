-- Issue 17: the customer login and the customer area.
--
-- A customer is found by identity code without keeping identity codes in clear: each
-- application carries the keyed hash (HMAC-SHA256 under the server's person key, as
-- one_time_codes.person_key and sessions.person_key) of its primary applicant's identity
-- code, written by the repository whenever the code is stored or changed. Rows from before
-- this migration are filled in at start (customer/person-keys.ts, called from main.ts).
ALTER TABLE applications ADD COLUMN person_key bytea CHECK (octet_length(person_key) = 32);
CREATE INDEX applications_by_person ON applications (person_key, created_at DESC) WHERE person_key IS NOT NULL;

-- A customer may cancel an application from the customer area: it then stops receiving
-- offers (its pending lender dispatches become 'cancelled', which the dispatcher never picks).
ALTER TABLE applications ADD COLUMN cancelled_at timestamptz;
ALTER TABLE lender_dispatches DROP CONSTRAINT lender_dispatches_status_check;
ALTER TABLE lender_dispatches ADD CONSTRAINT lender_dispatches_status_check CHECK (status IN ('pending', 'offered', 'declined', 'cancelled'));

-- Which key the stored person keys were made with: a fingerprint (an HMAC of a fixed text
-- under the key, never the key). A start with another key makes them all anew.
CREATE TABLE person_key_fingerprint (
  id integer PRIMARY KEY CHECK (id = 1),
  fingerprint bytea NOT NULL CHECK (octet_length(fingerprint) = 32),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A login in progress: the browser's session asked for a code for a person. One per
-- session (a new login request replaces it); it goes with the session. `code_id` is the
-- code made for it (one_time_codes, hashed and bound to the person); `matched` says whether
-- that code was sent at all: a code is made for every well-formed request, customer or not,
-- so that the work is the same, but only a customer's phone match sends it anywhere.
CREATE TABLE customer_logins (
  session_id bigint PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  person_key bytea NOT NULL CHECK (octet_length(person_key) = 32),
  code_id bigint REFERENCES one_time_codes (id) ON DELETE SET NULL,
  matched boolean NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sessions_by_person ON sessions (person_key) WHERE person_key IS NOT NULL;
