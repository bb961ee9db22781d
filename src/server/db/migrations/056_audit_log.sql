-- Issue 29 item 7: what staff did, in order: logins and logouts here, and the studio's
-- actions on form versions (drafts, approvals, publications, rollbacks) as it records them.
-- Rows are only ever added; `item` and `version` name what an action was on, `detail` the
-- rest (never a token).
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  staff_id bigint NOT NULL REFERENCES staff_members (id),
  action text NOT NULL CHECK (action <> '' AND length(action) <= 64),
  item text,
  version integer,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(detail) = 'object')
);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, id);
CREATE INDEX staff_audit_item ON staff_audit (item, id) WHERE item IS NOT NULL;
