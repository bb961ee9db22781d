-- One-time login codes for resuming an application (spec §4, §7). Only a SHA-256 of the
-- code bound to its application id is stored. Times come from the server's clock (not
-- now()) so the expiry and the send limits are testable with an injected clock.
CREATE TABLE one_time_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id bigint NOT NULL REFERENCES consumer_applications (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts smallint NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  used_at timestamptz,
  CHECK (expires_at >= created_at)
);

CREATE INDEX one_time_codes_by_application ON one_time_codes (application_id, created_at DESC);
