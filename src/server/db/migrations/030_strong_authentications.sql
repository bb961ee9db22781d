-- Strong identification (issue 5, A2).
-- `identification_requests`: one row per redirect to the identity provider, found by
-- the hash of its random `state`, used once and valid for 10 minutes. PKCE verifier
-- and nonce stay here, on the server, never in the browser. The application token the
-- callback needs for its redirect is kept AES-GCM encrypted and dies with the row.
CREATE TABLE identification_requests (
  state_hash bytea PRIMARY KEY CHECK (octet_length(state_hash) = 32),
  application_id bigint NOT NULL REFERENCES consumer_applications (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('PRIMARY', 'CO_APPLICANT')),
  method text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  token_sealed bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX identification_requests_expires ON identification_requests (expires_at);

-- Every finished identification attempt. A success carries a salted SHA-256 of the
-- identified person's identity code (never the code itself), so completion can check
-- that the applicant's code has not changed since.
CREATE TABLE strong_authentications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id bigint NOT NULL REFERENCES consumer_applications (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('PRIMARY', 'CO_APPLICANT')),
  method text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'mismatch', 'error')),
  reason text,
  personal_id_salt bytea,
  personal_id_hash bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((outcome = 'success') = (personal_id_hash IS NOT NULL AND personal_id_salt IS NOT NULL))
);
CREATE INDEX strong_authentications_application ON strong_authentications (application_id, party);

-- When the completion check found every party identified and sent the application on.
ALTER TABLE consumer_applications ADD COLUMN identified_at timestamptz;
