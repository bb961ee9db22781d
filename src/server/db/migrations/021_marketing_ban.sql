-- The applicant's marketing ban (spec marketplace §4), set from the link in the
-- one-time code modal. The first time it was set is kept; setting it again changes nothing.
ALTER TABLE consumer_applications ADD COLUMN marketing_ban_at timestamptz;
