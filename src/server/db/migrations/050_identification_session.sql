-- Issue 24 item 4: identification completed renews the session, also when the bank's callback
-- completes it (the mortgage). That callback arrives on a cross-site redirect, which carries no
-- SameSite=Strict session cookie, so the start keeps the id of the session that started the
-- identification (the start requires it) and the callback renews that one. Not a reference:
-- the session may end before the bank answers (another proof renewed it, a logout), and the
-- callback then renews nothing. Rows from before this have none.
ALTER TABLE identification_requests ADD COLUMN session_id bigint;
