-- Issue 14 item 1: a browser-bound session. The link (id and token) alone no longer
-- changes an application: updates, finalize and identification also need the session
-- cookie of the browser that created the application or verified a one-time code for
-- it. Only a SHA-256 of the cookie's random value is stored. A session may hold several
-- applications (one browser, several applications) and, for the customer login of
-- issue 17, a person (the keyed hash of an identity code, as one_time_codes.person_key).
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  person_key bytea CHECK (octet_length(person_key) = 32),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- The idle expiry moves with use; it never passes the absolute one.
  expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  CHECK (expires_at <= absolute_expires_at)
);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE session_applications (
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  application_id bigint NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  PRIMARY KEY (session_id, application_id)
);
CREATE INDEX session_applications_application ON session_applications (application_id);

-- Issue 14 item 2: an identification belongs to the browser that started it. The start
-- sets a second, short-lived cookie (SameSite=Lax, so it survives the bank's redirect
-- back, which a Strict cookie would not) whose hash is kept with the request.
ALTER TABLE identification_requests ADD COLUMN browser_hash bytea CHECK (octet_length(browser_hash) = 32);
