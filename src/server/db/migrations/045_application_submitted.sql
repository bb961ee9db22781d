-- Issue 15: an application whose flow submits it at its last step (the mortgage: the
-- last step's save carries `finalize`) is then waiting for identification and can no
-- longer be edited. The consumer flow never sets it: identification follows its last
-- step directly and finalizing is the completion itself.
ALTER TABLE applications ADD COLUMN submitted_at timestamptz;
ALTER TABLE applications ADD CONSTRAINT applications_identified_after_submitted CHECK (submitted_at IS NULL OR identified_at IS NULL OR identified_at >= submitted_at);
