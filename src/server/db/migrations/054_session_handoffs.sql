-- Issue 28 item 4: a session handed from a partner's frame to the top window. In a frame the
-- session cookie lives in the partner's partition (CHIPS), which the top window, where banks
-- let people identify and sign, never sees. The frame asks for a one-time code bound to its
-- session; the top window opens it once, within two minutes, and gets a first-party session
-- carrying what the frame's held. Only the code's SHA-256 is kept.
CREATE TABLE session_handoffs (
  code_hash bytea PRIMARY KEY CHECK (octet_length(code_hash) = 32),
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  path text NOT NULL CHECK (path ~ '^/[^/]' AND length(path) <= 300),
  expires_at timestamptz NOT NULL
);
CREATE INDEX session_handoffs_expiry ON session_handoffs (expires_at);
