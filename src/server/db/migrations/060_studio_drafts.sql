-- Issue 30: the form studio saves a draft as it is edited (autosave) and lets one editor at a
-- time work on an item.
--
-- A draft's content is replaced while it is a draft (never after submit: what is reviewed is
-- what goes live). `revision` counts those saves, 1 when the version is made: a save names the
-- revision it was made from, and one made from an older revision (another tab, a stale page)
-- is refused instead of silently overwriting the newer content.
ALTER TABLE content_versions ADD COLUMN revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1);

-- One editor at a time per item: the holder renews the lease while the studio is open (every
-- 30 s, for 2 minutes); a lapsed lease is free to take. Times are the database's (now()), so
-- every instance of the server agrees on who holds it.
CREATE TABLE content_leases (
  item text PRIMARY KEY CHECK (item ~ '^[a-z]+(:[a-z0-9][a-z0-9/-]*)?$' AND length(item) <= 200),
  holder bigint NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  taken_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
