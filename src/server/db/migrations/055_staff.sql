-- Issue 29 item 7: staff (content editors) log in through an OpenID Connect provider of
-- their own, apart from customers. Their members, sessions and pending logins live in
-- tables of their own, so no customer session can ever be read as a staff one.

-- One row per person the staff provider vouched for, by issuer and subject (a change of
-- provider is a new set of people, not the old ones under a new name). The roles are those
-- the provider's claim gave at the last login; a person with none cannot log in.
CREATE TABLE staff_members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issuer text NOT NULL,
  subject text NOT NULL,
  name text NOT NULL,
  roles text[] NOT NULL DEFAULT '{}' CHECK (roles <@ ARRAY['editor', 'approver', 'admin']::text[]),
  last_login timestamptz,
  UNIQUE (issuer, subject)
);

-- Only the SHA-256 of the cookie's 256 random bits is kept. The idle expiry moves with use
-- and never passes the absolute one (staff/sessions.ts: 30 minutes idle, 8 hours in all).
CREATE TABLE staff_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  staff_id bigint NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  CHECK (expires_at <= absolute_expires_at)
);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- A login on its way through the provider (10 minutes, single use), as identification's
-- requests: by the hash of its `state`, bound to the browser that started it by the hash
-- of a short-lived cookie, with the nonce and PKCE verifier the callback checks against.
CREATE TABLE staff_login_requests (
  state_hash bytea PRIMARY KEY CHECK (octet_length(state_hash) = 32),
  browser_hash bytea NOT NULL CHECK (octet_length(browser_hash) = 32),
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_login_requests_expires ON staff_login_requests (expires_at);
