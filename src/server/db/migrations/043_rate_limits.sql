-- Issue 14 item 3: abuse limits shared by every instance. One row per rule, subject and
-- fixed window, counted up by an upsert; rows of windows long gone are deleted as new
-- windows open. Subjects (a client address, an application, a recipient address, an
-- identity code) are stored as SHA-256 hashes, never as such.
CREATE TABLE rate_limit_hits (
  rule text NOT NULL,
  subject bytea NOT NULL CHECK (octet_length(subject) = 32),
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (rule, subject, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
